import { generateText, jsonSchema, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import type { WebSocketConstructor } from '../../src/index';
import { sliceRoom } from '../../src/util/event-loop-slice';
import { busyFor } from '../helpers/busy-for';
import {
  afterOneTurn,
  inputTypes,
  type MockSetup,
  startMock,
  wsMeta,
} from '../helpers/mock-provider';

const lookup = tool({
  description: 'Looks a step up',
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => ({ step, value: `result ${step}` }),
});

let mock: MockSetup;
beforeEach(async () => {
  mock = await startMock();
});
afterEach(async () => {
  await mock.close();
});

describe('tool loop inside one generateText', () => {
  it('sends 1 full frame then 19 deltas holding only tool outputs, on one socket', async () => {
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      system: 'You are a careful agent.',
      prompt: 'Work through the steps. #tools=19',
      tools: { lookup },
      stopWhen: stepCountIs(25),
    });

    expect(result.text).toBe('Done after 19 tool calls.');
    expect(result.steps).toHaveLength(20);
    const records = mock.server.requests;
    expect(records).toHaveLength(20);
    expect(new Set(records.map((r) => r.socketId)).size).toBe(1);
    expect(records[0].previousResponseId).toBeNull();
    for (let i = 1; i < records.length; i++) {
      expect(records[i].previousResponseId).toBe(records[i - 1].responseId);
      expect(inputTypes(records[i])).toEqual(['function_call_output']);
    }
    for (const record of records) expect(record.duplicates).toEqual([]);
    // The server's context grows by exactly call + output each step: nothing lost, nothing twice.
    expect(records[19].context).toHaveLength(2 + 19 * 2);

    const metas = result.steps.map((step) => wsMeta(step.providerMetadata));
    expect(metas[0]).toMatchObject({
      transport: 'websocket',
      inputMode: 'full',
      reason: 'new-conversation',
      retries: 0,
    });
    for (const meta of metas.slice(1)) {
      expect(meta).toMatchObject({ inputMode: 'delta', socketReused: true, retries: 0 });
    }
    // A delta is a few hundred bytes whatever the history length.
    expect(metas[19].requestBytes).toBeLessThan(metas[0].requestBytes as number);
    expect(records[19].bytes).toBe(metas[19].requestBytes);
  });

  it('chains parallel tool calls with all their outputs in one delta', async () => {
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'Do three things at once. #parallel=3',
      tools: { lookup },
      stopWhen: stepCountIs(5),
    });
    expect(result.steps[0].toolCalls).toHaveLength(3);
    const [first, second] = mock.server.requests;
    expect(second.previousResponseId).toBe(first.responseId);
    expect(inputTypes(second)).toEqual([
      'function_call_output',
      'function_call_output',
      'function_call_output',
    ]);
    expect(second.duplicates).toEqual([]);
  });
});

describe('a tool loop whose tool schema has a default the model leaves out', () => {
  // The AI SDK hands each tool input back as the schema parsed it: {"q":"ws","limit":10} in the
  // next prompt, where the server holds the model's {"q":"ws"}.
  const search = tool({
    inputSchema: z.object({ q: z.string(), limit: z.number().default(10) }),
    execute: async ({ q, limit }) => `${limit} results for ${q}`,
  });
  const options = () => ({
    model: mock.provider('gpt-4.1-mini'),
    prompt: 'Search twice.',
    tools: { search },
    stopWhen: stepCountIs(5),
  });
  function searchTwice() {
    mock.server.enqueue(
      { toolCalls: [{ name: 'search', arguments: { q: 'ws' } }] },
      { toolCalls: [{ name: 'search', arguments: { q: 'ws2' } }] },
      { text: 'Done.' },
    );
  }

  /** Each step after the first a delta of the tool output alone; the model's calls held once. */
  function expectDeltas(steps: Array<{ providerMetadata?: unknown }>) {
    const metas = steps.map((step) => wsMeta(step.providerMetadata));
    expect(metas.map((meta) => meta.reason)).toEqual([
      'new-conversation',
      'continuation',
      'continuation',
    ]);
    const records = mock.server.requests;
    expect(inputTypes(records[1])).toEqual(['function_call_output']);
    expect(inputTypes(records[2])).toEqual(['function_call_output']);
    for (const record of records) expect(record.duplicates).toEqual([]);
    const calls = records[2].context.filter(
      (item) => (item as { type?: string }).type === 'function_call',
    );
    expect(calls.map((call) => (call as { arguments: string }).arguments)).toEqual([
      '{"q":"ws"}',
      '{"q":"ws2"}',
    ]);
  }

  it('continues by delta (generateText)', async () => {
    searchTwice();
    const result = await generateText(options());
    expect(result.text).toBe('Done.');
    expect(result.steps[0].toolCalls[0].input).toEqual({ q: 'ws', limit: 10 });
    expectDeltas(result.steps);
  });

  it('continues by delta (streamText)', async () => {
    searchTwice();
    const result = streamText(options());
    expect(await result.text).toBe('Done.');
    expectDeltas(await result.steps);
  });

  it('continues by delta when the schema fills nothing in (jsonSchema, as MCP tools)', async () => {
    searchTwice();
    const schema = jsonSchema<{ q: string; limit?: number }>({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'number', default: 10 } },
      required: ['q'],
    });
    const result = await generateText({
      ...options(),
      tools: { search: tool({ inputSchema: schema, execute: async ({ q }) => `found ${q}` }) },
    });
    expect(result.steps[0].toolCalls[0].input).toEqual({ q: 'ws' });
    expectDeltas(result.steps);
  });

  it('continues by delta when the app keeps messages without their metadata (conversationId)', async () => {
    mock.server.enqueue(
      { toolCalls: [{ name: 'search', arguments: { q: 'ws' } }] },
      { text: 'Done.' },
    );
    const providerOptions = { openai: { conversationId: 'chat-7' } };
    const first = await generateText({ ...options(), providerOptions });
    // The app stores each part without its providerOptions: the prompt is compared item by item.
    const stripped = first.responseMessages.map((message) =>
      typeof message.content === 'string'
        ? message
        : {
            ...message,
            content: (message.content as Array<{ providerOptions?: unknown }>).map(
              ({ providerOptions: _dropped, ...part }) => part,
            ),
          },
    ) as ModelMessage[];
    expect(stripped[0].content).toEqual([
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'search',
        input: { q: 'ws', limit: 10 },
      },
    ]);
    const second = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      messages: [
        { role: 'user', content: 'Search twice.' },
        ...stripped,
        { role: 'user', content: 'Next' },
      ],
      tools: { search },
      providerOptions,
    });
    expect(wsMeta(second.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation',
    });
    const record = mock.server.requests[2];
    expect(record.previousResponseId).toBe(mock.server.requests[1].responseId);
    expect(inputTypes(record)).toEqual(['message:user']);
    expect(record.duplicates).toEqual([]);
  });

  const changed: Array<{
    name: string;
    inputSchema: z.ZodType;
    emitted: Record<string, unknown>;
    sent: string;
  }> = [
    {
      name: 'a transformed value',
      inputSchema: z.object({
        q: z.string().transform((q) => q.toUpperCase()),
        limit: z.number().default(10),
      }),
      emitted: { q: 'ws' },
      sent: '{"q":"WS","limit":10}',
    },
    {
      name: 'a coerced value',
      inputSchema: z.object({ q: z.string(), limit: z.coerce.number().default(10) }),
      emitted: { q: 'ws', limit: '5' },
      sent: '{"q":"ws","limit":5}',
    },
    {
      name: 'a default inside a nested object',
      inputSchema: z.object({ q: z.string(), page: z.object({ size: z.number().default(10) }) }),
      emitted: { q: 'ws', page: {} },
      sent: '{"q":"ws","page":{"size":10}}',
    },
    {
      name: 'a key a transform adds, which the JSON schema has no default for',
      inputSchema: z.object({ q: z.string() }).transform((input) => ({ ...input, limit: 10 })),
      emitted: { q: 'ws' },
      sent: '{"q":"ws","limit":10}',
    },
  ];
  it.each(changed)(
    '$name: the next step goes out in full',
    async ({ inputSchema, emitted, sent }) => {
      mock.server.enqueue(
        { toolCalls: [{ name: 'search', arguments: emitted }] },
        { text: 'Done.' },
      );
      const result = await generateText({
        ...options(),
        tools: { search: tool({ inputSchema, execute: async () => 'found' }) },
      });
      expect(result.steps.map((step) => wsMeta(step.providerMetadata))).toMatchObject([
        { inputMode: 'full', reason: 'new-conversation' },
        { inputMode: 'full', reason: 'history-changed' },
      ]);
      const record = mock.server.requests[1];
      expect(record.previousResponseId).toBeNull();
      expect(record.duplicates).toEqual([]);
      // The server runs on the call as the prompt says it.
      expect(record.input[1]).toMatchObject({ type: 'function_call', arguments: sent });
    },
  );

  it('a default value the app changed in the history: full input', async () => {
    mock.server.enqueue({ toolCalls: [{ name: 'search', arguments: { q: 'ws' } }] });
    const first = await generateText({ ...options(), stopWhen: stepCountIs(1) });
    const [call, output] = first.responseMessages;
    const edited = structuredClone(call) as Extract<ModelMessage, { role: 'assistant' }>;
    const part = (edited.content as Array<{ type: string; input?: unknown }>)[0];
    expect(part).toMatchObject({ type: 'tool-call', input: { q: 'ws', limit: 10 } });
    part.input = { q: 'ws', limit: 11 };
    const second = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      messages: [{ role: 'user', content: 'Search twice.' }, edited, output],
      tools: { search },
    });
    expect(wsMeta(second.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'history-changed',
    });
    expect(mock.server.requests[1].input[1]).toMatchObject({
      type: 'function_call',
      arguments: '{"q":"ws","limit":11}',
    });
  });
});

describe('chat across separate calls', () => {
  it('chains three streamText calls by response id with no conversationId', async () => {
    const model = mock.provider('gpt-4.1-mini');
    const messages: ModelMessage[] = [];
    const replies: string[] = [];
    for (const text of ['Hello there', 'Tell me more', 'Thanks']) {
      messages.push({ role: 'user', content: text });
      const result = streamText({ model, system: 'Be brief.', messages });
      replies.push(await result.text);
      messages.push(...(await result.responseMessages));
    }
    expect(replies).toEqual(['Echo: Hello there', 'Echo: Tell me more', 'Echo: Thanks']);
    const records = mock.server.requests;
    expect(records.map((r) => r.previousResponseId)).toEqual([
      null,
      records[0].responseId,
      records[1].responseId,
    ]);
    expect(inputTypes(records[1])).toEqual(['message:user']);
    expect(inputTypes(records[2])).toEqual(['message:user']);
    for (const record of records) expect(record.duplicates).toEqual([]);
  });

  it('mixes generateText and streamText, with per-call headers, in one chain', async () => {
    // Regression: ai@7's generateText adds a user-agent header that streamText does not; per-call
    // headers once went into the socket's credential scope and split the chain.
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'One', headers: { 'x-trace-id': 'a' } });
    const messages: ModelMessage[] = [
      { role: 'user', content: 'One' },
      ...first.responseMessages,
      { role: 'user', content: 'Two' },
    ];
    const second = streamText({ model, messages, headers: { 'x-trace-id': 'b' } });
    expect(await second.text).toBe('Echo: Two');
    expect(wsMeta(await second.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      socketReused: true,
    });
    expect(mock.server.requests[1].socketId).toBe(mock.server.requests[0].socketId);
  });

  it('uses conversationId as the key when the app strips message metadata', async () => {
    const model = mock.provider('gpt-4.1-mini');
    const providerOptions = { openai: { conversationId: 'chat-42' } };
    const first = await generateText({ model, prompt: 'First question', providerOptions });
    // The app stores plain text only: no providerOptions survive on the assistant message.
    const messages: ModelMessage[] = [
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: first.text },
      { role: 'user', content: 'Second question' },
    ];
    const second = await generateText({ model, messages, providerOptions });
    expect(wsMeta(second.providerMetadata)).toMatchObject({ inputMode: 'delta' });
    const [, record] = mock.server.requests;
    expect(record.previousResponseId).toBe(mock.server.requests[0].responseId);
    expect(inputTypes(record)).toEqual(['message:user']);
    expect(record.duplicates).toEqual([]);
  });
});

describe('anything but a pure extension sends full input', () => {
  async function chat(model = 'gpt-4.1-mini', system = 'Be brief.') {
    const first = await generateText({
      model: mock.provider(model),
      system,
      prompt: 'Question one',
    });
    return [{ role: 'user', content: 'Question one' }, ...first.responseMessages] as ModelMessage[];
  }

  it('an edited earlier message', async () => {
    const history = await chat();
    history[0] = { role: 'user', content: 'Question one, edited' };
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      system: 'Be brief.',
      messages: [...history, { role: 'user', content: 'Next' }],
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'history-changed',
    });
    expect(mock.server.requests[1].previousResponseId).toBeNull();
  });

  it('a changed system prompt', async () => {
    const history = await chat();
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      system: 'Be verbose.',
      messages: [...history, { role: 'user', content: 'Next' }],
    });
    // The system message is input item 0, so the held prefix no longer matches.
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'history-changed',
    });
    expect(mock.server.requests[1].previousResponseId).toBeNull();
  });

  it('a changed tool set', async () => {
    const history = await chat();
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      system: 'Be brief.',
      messages: [...history, { role: 'user', content: 'Next' }],
      tools: { lookup },
    });
    // Tools shape the next response only: the server takes new ones with previous_response_id.
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation',
    });
    const [first, second] = mock.server.requests;
    expect(second.previousResponseId).toBe(first.responseId);
    expect((second.body.tools as { name: string }[]).map((t) => t.name)).toEqual(['lookup']);
    expect(second.duplicates).toEqual([]);
  });

  it('store switched off', async () => {
    const history = await chat();
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      system: 'Be brief.',
      messages: [...history, { role: 'user', content: 'Next' }],
      providerOptions: { openai: { store: false } },
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({ inputMode: 'full' });
    expect(mock.server.requests[1].previousResponseId).toBeNull();
  });

  it('a changed model', async () => {
    const history = await chat('gpt-4.1-mini');
    const result = await generateText({
      model: mock.provider('gpt-4.1'),
      system: 'Be brief.',
      messages: [...history, { role: 'user', content: 'Next' }],
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'settings-changed',
    });
  });

  it('a regenerate (the same prompt again)', async () => {
    await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'Question one' });
    const again = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'Question one',
    });
    expect(wsMeta(again.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'new-conversation',
    });
    expect(mock.server.requests[1].previousResponseId).toBeNull();
  });
});

describe('many conversations at once', () => {
  it('8 concurrent conversations x 5 turns: no cross-talk, no duplicates', async () => {
    const model = mock.provider('gpt-4.1-mini');
    const conversations = Array.from({ length: 8 }, (_, c) => c);
    const transcripts = await Promise.all(
      conversations.map(async (c) => {
        const messages: ModelMessage[] = [];
        const replies: string[] = [];
        for (let turn = 0; turn < 5; turn++) {
          messages.push({ role: 'user', content: `conversation ${c} turn ${turn}` });
          const result = streamText({ model, messages });
          replies.push(await result.text);
          messages.push(...(await result.responseMessages));
        }
        return replies;
      }),
    );
    transcripts.forEach((replies, c) => {
      expect(replies).toEqual(
        [0, 1, 2, 3, 4].map((turn) => `Echo: conversation ${c} turn ${turn}`),
      );
    });
    const records = mock.server.requests;
    expect(records).toHaveLength(40);
    for (const record of records) {
      expect(record.duplicates).toEqual([]);
      // Every context belongs to exactly one conversation.
      const texts = JSON.stringify(record.context).match(/conversation \d+/g) ?? [];
      expect(new Set(texts).size).toBe(1);
    }
    const deltas = records.filter((r) => r.previousResponseId !== null);
    expect(deltas.length).toBe(32);
  });
});

describe('conversations taking turns, lanes off', () => {
  it("with store false, each keeps its socket's cache: no one's turn takes another's socket", async () => {
    const model = mock.provider('gpt-4.1-mini');
    const store = { openai: { store: false } };
    const conversations: ModelMessage[][] = [[], [], []];
    const metas: Record<string, unknown>[] = [];
    for (let turn = 0; turn < 3; turn++) {
      for (const [c, messages] of conversations.entries()) {
        messages.push({ role: 'user', content: `conversation ${c} turn ${turn}` });
        const result = await generateText({ model, messages, providerOptions: store });
        metas.push(wsMeta(result.providerMetadata));
        messages.push(...result.response.messages);
      }
    }
    expect(metas.slice(0, 3).map((meta) => meta.reason)).toEqual(Array(3).fill('new-conversation'));
    // Before: each new conversation took the idle socket of the one before, so every later turn
    // found its socket's cache replaced and, its responses not stored, sent everything again.
    for (const meta of metas.slice(3)) {
      expect(meta).toMatchObject({
        inputMode: 'delta',
        reason: 'continuation',
        socketReused: true,
      });
    }
    expect(new Set(mock.server.requests.map((r) => r.socketId)).size).toBe(3);
  });
});

describe('many long conversations in one process', () => {
  it('200 conversations of 1,000 items each keep continuing by delta, taking turns', async () => {
    // 200,000 items of history in all, within the chain heads' bound only if each conversation
    // counts once: counted once per step (a head and the one it continued), the latest heads of
    // the conversations that had not had their turn yet were evicted, and with store false such
    // a conversation had to send its whole history again.
    const lanes = await startMock({ pool: { lanes: 32 } });
    try {
      const model = lanes.provider('gpt-4.1-mini');
      const history: ModelMessage[] = Array.from({ length: 500 }, (_, i): ModelMessage[] => [
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: `call_${i}`, toolName: 'lookup', input: { i } },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: `call_${i}`,
              toolName: 'lookup',
              output: { type: 'json', value: { i } },
            },
          ],
        },
      ]).flat();
      const conversations = Array.from({ length: 200 }, (_, c): ModelMessage[] => [
        { role: 'user', content: `conversation ${c}` },
        ...history,
      ]);
      const metas: Record<string, unknown>[][] = [[], [], []];
      for (let turn = 0; turn < 3; turn++) {
        for (const messages of conversations) {
          messages.push({ role: 'user', content: `turn ${turn}` });
          const result = await generateText({
            model,
            messages,
            providerOptions: { openai: { store: false } },
          });
          metas[turn].push(wsMeta(result.providerMetadata));
          messages.push(...result.response.messages);
        }
      }
      expect(metas[0].every((meta) => meta.inputMode === 'full')).toBe(true);
      for (const meta of [...metas[1], ...metas[2]]) {
        expect(meta).toMatchObject({ inputMode: 'delta', reason: 'continuation' });
      }
      const deltas = lanes.server.requests.filter((r) => r.previousResponseId !== null);
      expect(deltas).toHaveLength(400);
      for (const record of deltas) expect(record.duplicates).toEqual([]);
    } finally {
      await lanes.close();
    }
  });
});

describe('the frame of a continuation', () => {
  it('leaves before the event loop turns, even when other work used up the slice of that turn', async () => {
    // Whether the event loop had turned when each frame was sent.
    const turnedAtSend: boolean[] = [];
    let turned = false;
    const Watched = class extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        const send = this.send as (...rest: unknown[]) => void;
        this.send = ((...rest: unknown[]) => {
          turnedAtSend.push(turned);
          send.apply(this, rest);
        }) as WebSocket['send'];
      }
    } as unknown as WebSocketConstructor;
    const watched = await startMock({ webSocket: Watched });
    try {
      const { model, messages } = await afterOneTurn(watched);
      await new Promise<void>((resolve) => setImmediate(resolve));
      // As between two chat calls: a response ended (its end started the slice), then the app and
      // the AI SDK spent the slice on their own work before the next call.
      sliceRoom();
      busyFor(5);
      setImmediate(() => {
        turned = true;
      });
      turnedAtSend.length = 0;
      const result = streamText({ model, messages });
      expect(await result.text).toBe('Echo: Turn two');
      expect(wsMeta(await result.providerMetadata)).toMatchObject({
        inputMode: 'delta',
        socketReused: true,
      });
      expect(turnedAtSend).toEqual([false]);
    } finally {
      await watched.close();
    }
  });
});
