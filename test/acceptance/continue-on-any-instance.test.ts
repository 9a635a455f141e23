import {
  convertToModelMessages,
  generateText,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MockRequestRecord } from '../../src/testing';
import {
  contextTexts,
  type Instance,
  OTHER_API_KEY,
  partMetadata,
  readUIResponse,
  useInstances,
} from '../helpers/instances';
import { approvalRequest, approvalTools } from '../helpers/mcp-approvals';
import { inputTypes, wsMeta } from '../helpers/mock-provider';

const lookup = tool({
  description: 'Looks a step up',
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => ({ step, value: `result ${step}` }),
});

const setup = useInstances();
const { records } = setup;

/** One chat turn on `instance`: the history it returns is what an app keeps. */
async function turn(instance: Instance, history: ModelMessage[], text: string, options = {}) {
  const messages: ModelMessage[] = [...history, { role: 'user', content: text }];
  const result = await generateText({
    model: instance('gpt-4.1-mini'),
    messages,
    tools: { lookup },
    stopWhen: stepCountIs(6),
    ...options,
  });
  return {
    history: [...messages, ...result.responseMessages],
    text: result.text,
    meta: result.steps.map((step) => wsMeta(step.providerMetadata)),
  };
}

describe('a conversation continued on another instance', () => {
  it('goes out as a delta from the store on every instance, tool steps included', async () => {
    const [a, b, c] = [setup.instance(), setup.instance(), setup.instance()];
    const one = await turn(a, [], 'First question');
    const two = await turn(b, one.history, 'Second question #tools=2');
    const three = await turn(c, two.history, 'Third question');
    // Instance a still holds its head of turn one: it hashes only what came after.
    const four = await turn(a, three.history, 'Fourth question');

    expect([one.text, two.text, three.text, four.text]).toEqual([
      'Echo: First question',
      'Done after 2 tool calls.',
      'Echo: Third question',
      'Echo: Fourth question',
    ]);
    expect(one.meta.map((m) => m.reason)).toEqual(['new-conversation']);
    expect(two.meta.map((m) => m.reason)).toEqual([
      'continuation-from-store',
      'continuation',
      'continuation',
    ]);
    expect(three.meta.map((m) => m.reason)).toEqual(['continuation-from-store']);
    expect(four.meta.map((m) => m.reason)).toEqual(['continuation-from-store']);

    const all = records();
    expect(all).toHaveLength(6);
    for (let i = 1; i < all.length; i++) {
      expect(all[i].previousResponseId).toBe(all[i - 1].responseId);
      expect(all[i].duplicates).toEqual([]);
    }
    expect(inputTypes(all[1])).toEqual(['message:user']);
    expect(inputTypes(all[2])).toEqual(['function_call_output']);
    expect(all[1].parentSource).toBe('store');
    // The server ran on exactly the conversation the app holds.
    expect(contextTexts(all[5])).toEqual([
      'First question',
      'Echo: First question',
      'Second question #tools=2',
      'Done after 2 tool calls.',
      'Third question',
      'Echo: Third question',
      'Fourth question',
    ]);
  });

  it('carries one 30-character digest per response, on its last part', async () => {
    const a = setup.instance();
    const { history } = await turn(a, [], 'Question #tools=1');
    // The tool call of step 1 (ai@7 copies its metadata onto the tool result), the answer of step 2.
    const byResponse = new Map<unknown, Set<unknown>>();
    for (const { responseId, chainDigest } of partMetadata(history)) {
      byResponse.set(responseId, new Set([...(byResponse.get(responseId) ?? []), chainDigest]));
    }
    expect([...byResponse.keys()]).toEqual([records()[0].responseId, records()[1].responseId]);
    for (const digests of byResponse.values()) {
      expect(digests.size).toBe(1);
      expect([...digests][0]).toMatch(/^[A-Za-z0-9_-]{30}$/);
    }
  });

  it('streamText and the UI-message route (toUIMessageStreamResponse → convertToModelMessages)', async () => {
    const [a, b] = [setup.instance(), setup.instance()];
    const ui: UIMessage[] = [];
    const say = async (instance: Instance, text: string) => {
      ui.push({ id: `u${ui.length}`, role: 'user', parts: [{ type: 'text', text }] });
      const result = streamText({
        model: instance('gpt-4.1-mini'),
        messages: await convertToModelMessages(ui),
        tools: { lookup },
        stopWhen: stepCountIs(6),
      });
      // What a client keeps: the message as the UI stream delivered it, through JSON.
      const message = await readUIResponse(result.toUIMessageStreamResponse());
      ui.push(JSON.parse(JSON.stringify(message)));
      return (await result.steps).map((step) => wsMeta(step.providerMetadata).reason);
    };
    expect(await say(a, 'Hello #tools=1')).toEqual(['new-conversation', 'continuation']);
    expect(await say(b, 'And then? #tools=1')).toEqual(['continuation-from-store', 'continuation']);
    expect(await say(a, 'Thanks')).toEqual(['continuation-from-store']);
    for (const record of records()) expect(record.duplicates).toEqual([]);
    expect(
      records()
        .slice(1)
        .every((r) => r.previousResponseId !== null),
    ).toBe(true);
  });

  it('after provider.close() (a restart) the conversation continues as a delta', async () => {
    const a = setup.instance();
    const one = await turn(a, [], 'Before the restart');
    await a.close();
    const two = await turn(a, one.history, 'After the restart');
    expect(two.meta[0]).toMatchObject({ inputMode: 'delta', reason: 'continuation-from-store' });
    expect(records()[1].previousResponseId).toBe(records()[0].responseId);
    expect(inputTypes(records()[1])).toEqual(['message:user']);
  });

  it.each([
    { where: 'on another instance', next: async () => setup.instance() },
    {
      where: 'after provider.close()',
      next: async (a: Instance) => {
        await a.close();
        return a;
      },
    },
  ])(
    'an MCP approval answered $where does not repeat the request the server holds',
    async ({ next }) => {
      setup.server.enqueue(
        { toolCalls: [approvalRequest] },
        { text: 'I did not create the link.' },
      );
      const a = setup.instance();
      const prompt = 'Shorten https://ai-sdk.dev';
      const first = await generateText({ model: a('gpt-5'), prompt, tools: approvalTools() });
      const asked = first.content.find((part) => part.type === 'tool-approval-request');
      const approvalId = (asked as { approvalId: string }).approvalId;
      const messages: ModelMessage[] = [
        { role: 'user', content: prompt },
        ...first.responseMessages,
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId, approved: false, providerExecuted: true },
          ],
        } as ModelMessage,
      ];
      const b = await next(a);
      const second = await generateText({ model: b('gpt-5'), messages, tools: approvalTools() });

      expect(second.text).toBe('I did not create the link.');
      expect(wsMeta(second.providerMetadata)).toMatchObject({
        inputMode: 'delta',
        reason: 'continuation-from-store',
      });
      const all = records();
      expect(all).toHaveLength(2);
      // The request is the parent's own output: a reference to it would repeat it.
      expect(all[1].duplicates).toEqual([]);
      expect(all[1].input).toEqual([
        { type: 'mcp_approval_response', approval_request_id: approvalId, approve: false },
      ]);
    },
  );

  it('with store: false only the socket that holds the response continues it', async () => {
    const [a, b] = [setup.instance(), setup.instance()];
    const providerOptions = { openai: { store: false } };
    const one = await turn(a, [], 'Private #tools=1', { providerOptions });
    expect(one.meta.map((m) => m.reason)).toEqual(['new-conversation', 'continuation']);
    expect(partMetadata(one.history).some((m) => 'chainDigest' in m)).toBe(false);
    const two = await turn(b, one.history, 'Elsewhere', { providerOptions });
    expect(two.meta[0]).toMatchObject({ inputMode: 'full', reason: 'not-stored' });
    const three = await turn(b, two.history, 'Same instance again', { providerOptions });
    expect(three.meta[0]).toMatchObject({ inputMode: 'delta', reason: 'continuation' });
    for (const record of records()) expect(record.duplicates).toEqual([]);
  });

  it("inputMode 'full' sends every call in full over one pooled socket, with no digest", async () => {
    const a = setup.instance({ inputMode: 'full' });
    const one = await turn(a, [], 'One #tools=1');
    const two = await turn(a, one.history, 'Two');
    for (const meta of [...one.meta, ...two.meta]) {
      expect(meta).toMatchObject({ inputMode: 'full', reason: 'input-mode-full' });
    }
    expect(records().map((r) => r.previousResponseId)).toEqual([null, null, null]);
    expect(new Set(records().map((r) => r.socketId)).size).toBe(1);
    expect(partMetadata(two.history).some((m) => 'chainDigest' in m)).toBe(false);
    expect(contextTexts(records()[2])).toEqual(['One #tools=1', 'Done after 1 tool calls.', 'Two']);
  });
});

describe('tool inputs the AI SDK hands back with schema defaults the model left out', () => {
  // The prompt carries {"q":"ws","limit":10}; the digest covers the model's {"q":"ws"}.
  const inputSchema = z.object({ q: z.string(), limit: z.number().default(10) });
  const search = tool({
    inputSchema,
    execute: async ({ q, limit }) => `${limit} results for ${q}`,
  });
  const searchOnce = () =>
    setup.server.enqueue({ toolCalls: [{ name: 'search', arguments: { q: 'ws' } }] });
  const heldCalls = (record: MockRequestRecord) =>
    record.context.flatMap((item) => {
      const { type, arguments: args } = item as { type?: string; arguments?: string };
      return type === 'function_call' ? [args] : [];
    });

  it('a tool loop on one instance, the next turns on others: deltas from the store', async () => {
    const [a, b] = [setup.instance(), setup.instance()];
    searchOnce();
    const one = await turn(a, [], 'Search', { tools: { search } });
    expect(one.meta.map((m) => m.reason)).toEqual(['new-conversation', 'continuation']);
    const two = await turn(b, one.history, 'Thanks', { tools: { search } });
    // Back on a, which still holds its head of turn one and hashes only what came after.
    const three = await turn(a, two.history, 'Bye', { tools: { search } });
    for (const { meta } of [two, three]) {
      expect(meta).toMatchObject([{ inputMode: 'delta', reason: 'continuation-from-store' }]);
    }
    const all = records();
    for (let i = 1; i < all.length; i++) {
      expect(all[i].previousResponseId).toBe(all[i - 1].responseId);
      expect(all[i].duplicates).toEqual([]);
    }
    expect(inputTypes(all[2])).toEqual(['message:user']);
    expect(heldCalls(all[3])).toEqual(['{"q":"ws"}']);
  });

  it('a client-side tool whose result goes to another instance continues its call', async () => {
    const [a, b] = [setup.instance(), setup.instance()];
    const clientSearch = tool({ inputSchema });
    searchOnce();
    const messages: ModelMessage[] = [{ role: 'user', content: 'Search' }];
    const first = await generateText({
      model: a('gpt-4.1-mini'),
      messages,
      tools: { search: clientSearch },
    });
    const [call] = first.toolCalls;
    expect(call.input).toEqual({ q: 'ws', limit: 10 });
    messages.push(...first.responseMessages, {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: call.toolCallId,
          toolName: 'search',
          output: { type: 'text', value: '10 results for ws' },
        },
      ],
    });
    const second = await generateText({
      model: b('gpt-4.1-mini'),
      messages,
      tools: { search: clientSearch },
    });
    expect(wsMeta(second.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation-from-store',
    });
    expect(inputTypes(records()[1])).toEqual(['function_call_output']);
    expect(records()[1].duplicates).toEqual([]);
    expect(heldCalls(records()[1])).toEqual(['{"q":"ws"}']);
  });

  it('a default value changed in the history: full input on the other instance', async () => {
    const [a, b] = [setup.instance(), setup.instance()];
    searchOnce();
    const one = await turn(a, [], 'Search', { tools: { search } });
    const part = (one.history[1].content as Array<{ type: string; input?: unknown }>)[0];
    expect(part).toMatchObject({ type: 'tool-call', input: { q: 'ws', limit: 10 } });
    part.input = { q: 'ws', limit: 11 };
    const two = await turn(b, one.history, 'Thanks', { tools: { search } });
    expect(two.meta[0]).toMatchObject({ inputMode: 'full', reason: 'history-changed' });
    expect(records()[2].previousResponseId).toBeNull();
    expect(heldCalls(records()[2])).toEqual(['{"q":"ws","limit":11}']);
  });
});

describe('never a delta unless the prompt extends exactly what the server holds', () => {
  /** Turn one on instance a; the history an app would now send to instance b. */
  async function handOff() {
    const [a, b] = [setup.instance(), setup.instance()];
    const one = await turn(a, [], 'Original question');
    return { a, b, history: one.history };
  }

  /** The server's messages after an untouched hand-off. */
  const UNCHANGED = ['Original question', 'Echo: Original question', 'Next'];

  /** Full input with `reason`, and the server ran on what the prompt says, nothing twice. */
  function expectFull(meta: Record<string, unknown>, reason: string, texts: string[]) {
    expect(meta).toMatchObject({ inputMode: 'full', reason });
    const record = records()[records().length - 1];
    expect(record.previousResponseId).toBeNull();
    expect(record.duplicates).toEqual([]);
    expect(contextTexts(record)).toEqual(texts);
  }

  const answer = (history: ModelMessage[]) =>
    history[1] as Extract<ModelMessage, { role: 'assistant' }>;
  const setOption = (history: ModelMessage[], key: string, value: unknown) => {
    const part = (
      answer(history).content as Array<{ providerOptions: Record<string, Record<string, unknown>> }>
    )[0];
    part.providerOptions = { openai: { ...part.providerOptions.openai, [key]: value } };
  };

  it('an edited earlier message', async () => {
    const { b, history } = await handOff();
    history[0] = { role: 'user', content: 'Edited question' };
    const two = await turn(b, history, 'Next');
    expectFull(two.meta[0], 'history-changed', [
      'Edited question',
      'Echo: Original question',
      'Next',
    ]);
  });

  it('a truncated history (the first message dropped)', async () => {
    const { b, history } = await handOff();
    const two = await turn(b, history.slice(1), 'Next');
    expectFull(two.meta[0], 'history-changed', ['Echo: Original question', 'Next']);
  });

  it('an assistant message spliced in from another conversation', async () => {
    const { a, b, history } = await handOff();
    const other = await turn(a, [], 'Another conversation');
    const spliced = [history[0], other.history[1]];
    const two = await turn(b, spliced, 'Next');
    expectFull(two.meta[0], 'history-changed', [
      'Original question',
      'Echo: Another conversation',
      'Next',
    ]);
  });

  /** Changes of one assistant part's metadata: what the server holds is unchanged. */
  const tampered: Array<{
    name: string;
    tamper: (history: ModelMessage[], a: Instance) => Promise<void> | void;
    reason: string;
  }> = [
    {
      name: 'metadata that names another response',
      tamper: async (history, a) => {
        await turn(a, [], 'Another conversation');
        setOption(history, 'responseId', records()[1].responseId);
      },
      reason: 'history-changed',
    },
    {
      name: 'a forged digest that keeps the tags',
      tamper: (history) => {
        const digest = String(partMetadata([answer(history)])[0].chainDigest);
        setOption(history, 'chainDigest', `${digest.slice(0, 8)}${'A'.repeat(22)}`);
      },
      reason: 'history-changed',
    },
    {
      name: 'a made-up digest',
      tamper: (history) => setOption(history, 'chainDigest', 'x'.repeat(30)),
      reason: 'credentials-changed',
    },
    {
      name: 'a digest that is not one',
      tamper: (history) => setOption(history, 'chainDigest', 'not a digest'),
      reason: 'digest-invalid',
    },
  ];
  it.each(tampered)('$name → $reason', async ({ tamper, reason }) => {
    const { a, b, history } = await handOff();
    await tamper(history, a);
    const two = await turn(b, history, 'Next');
    expectFull(two.meta[0], reason, UNCHANGED);
  });

  it('another API key, organization or project', async () => {
    for (const settings of [
      { apiKey: OTHER_API_KEY },
      { organization: 'org-b' },
      { project: 'proj-b' },
    ]) {
      const { history } = await handOff();
      const two = await turn(setup.instance(settings), history, 'Next');
      expectFull(two.meta[0], 'credentials-changed', UNCHANGED);
    }
  });

  it('another model', async () => {
    const { b, history } = await handOff();
    const two = await turn(b, history, 'Next', { model: b('gpt-4.1') });
    expectFull(two.meta[0], 'settings-changed', UNCHANGED);
  });

  it('other sampling or tools: a delta all the same (they shape only the next response)', async () => {
    const { b, history } = await handOff();
    const two = await turn(b, history, 'Next', { temperature: 0.5, tools: {} });
    expect(two.meta[0]).toMatchObject({ inputMode: 'delta', reason: 'continuation-from-store' });
    const record = records()[records().length - 1];
    expect(record.previousResponseId).toBe(records()[0].responseId);
    expect(record.duplicates).toEqual([]);
    expect(contextTexts(record)).toEqual(UNCHANGED);
  });

  it('a response that stopped incomplete or broke off has no digest: full input', async () => {
    for (const cut of [false, true]) {
      const a = setup.instance();
      // Cut after the first text delta: the AI SDK keeps the partial answer with its item id.
      if (cut) setup.server.fault({ type: 'terminate-after-events', events: 5 });
      else setup.server.enqueue({ status: 'incomplete', text: 'Cut short here' });
      const result = streamText({ model: a('gpt-4.1-mini'), prompt: 'Question', maxRetries: 0 });
      await result.consumeStream({ onError: () => {} });
      const history: ModelMessage[] = [
        { role: 'user', content: 'Question' },
        ...(await result.responseMessages),
      ];
      expect(partMetadata(history).some((m) => 'chainDigest' in m)).toBe(false);
      const here = await turn(a, history, 'Next');
      expect(here.meta[0]).toMatchObject({ inputMode: 'full', reason: 'response-not-completed' });
      const elsewhere = await turn(setup.instance(), history, 'Next');
      // Elsewhere nothing says the item of a cut-off response was never stored: the server's
      // 400 does, and the call is resent with it inline, transparently.
      expect(elsewhere.meta[0]).toMatchObject(
        cut
          ? { inputMode: 'full', reason: 'item-not-found', retries: 1 }
          : { inputMode: 'full', reason: 'unverifiable-response', retries: 0 },
      );
      expect(records()[records().length - 1].duplicates).toEqual([]);
    }
  });
});
