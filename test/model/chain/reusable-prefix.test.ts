import { generateText, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as converter from '../../../src/convert/convert-prompt';
import { HeadStore } from '../../../src/model/chain/head-store';
import { buildRequest } from '../../../src/model/request/build-request';
import type { CallOptions, Message, Prompt } from '../../../src/types';
import { startMock, wsMeta } from '../../helpers/mock-provider';

vi.mock('../../../src/convert/convert-prompt', async (importOriginal) => {
  const original = await importOriginal<typeof converter>();
  return { ...original, convertPrompt: vi.fn(original.convertPrompt) };
});

const convertPrompt = vi.mocked(converter.convertPrompt);

afterEach(() => {
  convertPrompt.mockClear();
});

/** A history with every kind of message the converter handles. */
function history(): Prompt {
  const messages: Message[] = [
    { role: 'system', content: 'You are careful.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'look at this' },
        { type: 'file', data: 'aGVsbG8=', mediaType: 'image/png' },
        { type: 'file', data: new URL('https://x.test/a.pdf'), mediaType: 'application/pdf' },
      ],
    },
    {
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'thinking',
          providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } },
        },
        { type: 'text', text: 'Let me check.', providerOptions: { openai: { itemId: 'msg_1' } } },
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'lookup',
          input: { q: 1 },
          providerOptions: { openai: { itemId: 'fc_1' } },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'lookup',
          output: { type: 'json', value: { a: [1, 2] } },
        },
      ],
    },
    {
      role: 'assistant',
      content: [{ type: 'text', text: 'Done.', providerOptions: { openai: { itemId: 'msg_2' } } }],
    },
    { role: 'user', content: [{ type: 'text', text: 'and now?' }] },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_2',
          toolName: 'lookup',
          output: { type: 'error-text', value: 'boom' },
        },
      ],
    },
  ];
  return messages;
}

/**
 * Converting the prompt after a converted prefix, cut after each message in turn, gives the
 * input and warnings of converting it whole (the prefix hands on what conversion remembered).
 */
async function expectSameAtEveryCut(modelId: string, options: CallOptions) {
  const whole = await buildRequest({ modelId, options });
  for (let cut = 1; cut < options.prompt.length; cut++) {
    const head = await buildRequest({
      modelId,
      options: { ...options, prompt: options.prompt.slice(0, cut) },
    });
    const prefix = {
      messageCount: cut,
      items: head.input,
      warnings: head.inputWarnings,
      conversionKey: head.conversionKey,
      state: head.conversionState,
    };
    const reused = await buildRequest({ modelId, options, prefix });
    expect(reused.prefixReused).toBe(true);
    expect(JSON.stringify(reused.input)).toBe(JSON.stringify(whole.input));
    expect(reused.warnings).toEqual(whole.warnings);
  }
}

describe('reusing a converted prefix', () => {
  for (const [label, providerOptions, modelId] of [
    ['store default', undefined, 'gpt-4.1-mini'],
    ['store false, reasoning model', { openai: { store: false } }, 'o4-mini'],
    ['developer system messages', { openai: { systemMessageMode: 'developer' } }, 'gpt-4.1'],
  ] as const) {
    it(`gives the same input and warnings as converting everything (${label}), at every cut`, async () => {
      const prompt = history();
      const options: CallOptions = {
        prompt,
        providerOptions: providerOptions as CallOptions['providerOptions'],
      };
      await expectSameAtEveryCut(modelId, options);
    });
  }

  it('gives the same tools loaded from the history, and the same warnings, at every cut', async () => {
    const entry = (name: string, extra: Record<string, unknown> = {}) => ({
      type: 'function',
      name,
      parameters: { type: 'object' },
      ...extra,
    });
    const loads = (...additionalTools: object[]) => ({ openai: { additionalTools } });
    const result = (id: string, ...entries: object[]) => ({
      role: 'tool' as const,
      content: [
        {
          type: 'tool-result' as const,
          toolCallId: id,
          toolName: 'lookup',
          output: { type: 'text' as const, value: 'ok' },
          providerOptions: loads(...entries),
        },
      ],
    });
    const called = (id: string): Message => ({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: id, toolName: 'lookup', input: {} }],
    });
    const prompt: Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      called('c1'),
      result('c1', entry('late', { strict: true }), entry('ghost')),
      called('c2'),
      // The same mismatch again (warned once per prompt), another unknown name, a repeat.
      result('c2', entry('late', { strict: true }), entry('phantom'), entry('ghost')),
      { role: 'system', content: '', providerOptions: loads(entry('late')) },
    ];
    const lookup = {
      type: 'function' as const,
      name: 'lookup',
      inputSchema: { type: 'object', properties: {} },
    };
    const late = {
      type: 'function' as const,
      name: 'late',
      inputSchema: { type: 'object', propertyNames: { pattern: '^l' } },
      providerOptions: { openai: { omitFromRequestTools: true } },
    };
    const options: CallOptions = { prompt, tools: [lookup, late] };
    const whole = await buildRequest({ modelId: 'gpt-5.4', options });
    expect(whole.input.filter((item) => item.type === 'additional_tools')).toHaveLength(3);
    expect(whole.warnings.map((w) => (w.type === 'unsupported' ? w.feature : w.type))).toEqual([
      // The hidden tool's schema warning, given where the history first loads it.
      'compatibility',
      'additionalTools entry "late"',
      'additionalTools',
    ]);
    await expectSameAtEveryCut('gpt-5.4', options);
    // Other definitions of the same tool names: the prefix's items do not fit.
    const head = await buildRequest({
      modelId: 'gpt-5.4',
      options: { ...options, prompt: prompt.slice(0, 3) },
    });
    const withChangedTool = (prefix: Awaited<ReturnType<typeof buildRequest>>, count: number) =>
      buildRequest({
        modelId: 'gpt-5.4',
        options: { ...options, tools: [lookup, { ...late, description: 'Later' }] },
        prefix: {
          messageCount: count,
          items: prefix.input,
          warnings: prefix.inputWarnings,
          conversionKey: prefix.conversionKey,
          state: prefix.conversionState,
        },
      });
    const changed = await withChangedTool(head, 3);
    expect(changed.prefixReused).toBe(false);
    expect(changed.input).toEqual((await withChangedTool(head, 0)).input);
    // A prefix that loaded no tools converts alike under any tools: it is reused.
    const before = await buildRequest({
      modelId: 'gpt-5.4',
      options: { ...options, prompt: prompt.slice(0, 2) },
    });
    expect(before.conversionState.loading).toBeUndefined();
    expect(before.conversionKey).toBe(head.conversionKey);
    const reused = await withChangedTool(before, 2);
    expect(reused.prefixReused).toBe(true);
    expect(reused.input).toEqual(changed.input);
  });

  it("starts the request's prompt with the head's messages, not the call's copies of them", async () => {
    const prompt = history();
    const held = await buildRequest({
      modelId: 'gpt-4.1',
      options: { prompt: prompt.slice(0, 4) },
    });
    const heldMessages = prompt.slice(0, 4);
    // The AI SDK builds each step's prompt afresh: new message and part objects, the same values.
    const copies = heldMessages.map((message) =>
      typeof message.content === 'string'
        ? { ...message }
        : { ...message, content: message.content.map((part) => ({ ...part })) },
    ) as Prompt;
    const next = [...copies, ...prompt.slice(4)];
    const prefix = {
      messageCount: 4,
      messages: heldMessages,
      items: held.input,
      warnings: held.inputWarnings,
      conversionKey: held.conversionKey,
    };
    const reused = await buildRequest({ modelId: 'gpt-4.1', options: { prompt: next }, prefix });
    expect(reused.prefixReused).toBe(true);
    expect(reused.prompt).toHaveLength(next.length);
    reused.prompt.forEach((message, i) => {
      expect(message).toBe(i < 4 ? heldMessages[i] : next[i]);
    });
    // Without a reused prefix the prompt is the call's own.
    const whole = await buildRequest({ modelId: 'gpt-4.1', options: { prompt: next } });
    expect(whole.prompt).toBe(next);
  });

  it('is not reused when the conversion options differ', async () => {
    const prompt = history();
    const head = await buildRequest({
      modelId: 'gpt-4.1',
      options: { prompt: prompt.slice(0, 3) },
    });
    const prefix = {
      messageCount: 3,
      items: head.input,
      warnings: head.inputWarnings,
      conversionKey: head.conversionKey,
    };
    const other = await buildRequest({
      modelId: 'gpt-4.1',
      options: { prompt, providerOptions: { openai: { store: false } } },
      prefix,
    });
    expect(other.prefixReused).toBe(false);
  });
});

describe('a long tool loop converts each message about once', () => {
  it('20 steps: the converter sees O(steps) messages, not O(steps²)', async () => {
    const mock = await startMock();
    try {
      const lookup = tool({
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }) => ({ step, text: 'x'.repeat(2_000) }),
      });
      convertPrompt.mockClear();
      const result = await generateText({
        model: mock.provider('gpt-4.1-mini'),
        system: 'System prompt.',
        prompt: 'Go. #tools=19',
        tools: { lookup },
        stopWhen: stepCountIs(25),
      });
      expect(result.steps).toHaveLength(20);
      for (const step of result.steps.slice(1))
        expect(wsMeta(step.providerMetadata).inputMode).toBe('delta');
      const converted = convertPrompt.mock.calls.reduce(
        (sum, [args]) => sum + args.prompt.length,
        0,
      );
      // Without reuse: 2 + 4 + ... + 40 = 420 messages for the prompts alone. With it: the first
      // prompt (2), then 2 new messages per step, plus each response's output message.
      expect(converted).toBeLessThan(20 * 4);
      // Two conversions a step: the new messages, and the output as the next prompt will carry it.
      // The form without metadata is never made: every prompt carries the metadata.
      expect(convertPrompt).toHaveBeenCalledTimes(20 * 2);
      expect(mock.server.requests.every((r) => r.duplicates.length === 0)).toBe(true);
    } finally {
      await mock.close();
    }
  });

  it("each step's chain head shares the previous head's messages (one copy of a history, not one per step)", async () => {
    const mock = await startMock();
    const added = vi.spyOn(HeadStore.prototype, 'add');
    try {
      const lookup = tool({
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }) => ({ step }),
      });
      const prompts: unknown[][] = [];
      const model = mock.provider('gpt-4.1-mini');
      const doStream = model.doStream.bind(model);
      model.doStream = (options) => {
        prompts.push(options.prompt);
        return doStream(options);
      };
      const result = streamText({
        model,
        system: 'System prompt.',
        prompt: 'Go. #tools=3',
        tools: { lookup },
        stopWhen: stepCountIs(6),
      });
      await result.consumeStream();
      expect(await result.steps).toHaveLength(4);
      // The AI SDK hands every step fresh message objects for the same history.
      expect(prompts[2][1]).not.toBe(prompts[1][1]);
      expect(prompts[2][1]).toEqual(prompts[1][1]);
      const heads = added.mock.calls.map(([head]) => head);
      expect(heads).toHaveLength(4);
      for (let k = 1; k < heads.length; k++) {
        const previous = heads[k - 1].messages;
        expect(heads[k].messages.length).toBeGreaterThan(previous.length);
        previous.forEach((message, i) => {
          expect(heads[k].messages[i]).toBe(message);
        });
      }
    } finally {
      added.mockRestore();
      await mock.close();
    }
  });

  it("a chat across calls reuses the previous call's conversion", async () => {
    const mock = await startMock();
    try {
      const model = mock.provider('gpt-4.1-mini');
      const messages: ModelMessage[] = [];
      for (let turn = 0; turn < 10; turn++) {
        messages.push({ role: 'user', content: `message ${turn} ${'y'.repeat(500)}` });
        const result = await generateText({ model, messages });
        messages.push(...result.responseMessages);
      }
      const sizes = convertPrompt.mock.calls.map(([args]) => args.prompt.length);
      // After the first call, each call converts only its new user message (+ its output).
      expect(Math.max(...sizes.slice(3))).toBe(1);
      expect(mock.server.requests.slice(1).every((r) => r.previousResponseId !== null)).toBe(true);
    } finally {
      await mock.close();
    }
  });

  it('an app that drops the metadata continues from the plain form, made once per response', async () => {
    const mock = await startMock();
    try {
      const model = mock.provider('gpt-4.1-mini');
      const providerOptions = { openai: { conversationId: 'chat-plain' } };
      const messages: ModelMessage[] = [];
      const perCall: number[] = [];
      for (let turn = 0; turn < 4; turn++) {
        messages.push({ role: 'user', content: `message ${turn}` });
        convertPrompt.mockClear();
        const result = await generateText({ model, messages, providerOptions });
        perCall.push(convertPrompt.mock.calls.length);
        expect(wsMeta(result.providerMetadata).inputMode).toBe(turn === 0 ? 'full' : 'delta');
        // Stored as a database would keep it: text only, no providerOptions.
        messages.push({ role: 'assistant', content: result.text });
      }
      // First call: the prompt and the output. Each later call: the plain form of the previous
      // response (its prompt does not carry the metadata), its new messages, its output.
      expect(perCall).toEqual([2, 3, 3, 3]);
      const sent = mock.server.requests.slice(1).map((r) => r.body.input as unknown[]);
      // Only the new user message goes out: the plain form matched what the server holds.
      expect(sent.every((input) => input.length === 1)).toBe(true);
    } finally {
      await mock.close();
    }
  });
});
