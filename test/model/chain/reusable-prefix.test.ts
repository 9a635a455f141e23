import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import * as converter from '../../../src/convert/convert-prompt';
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
      const whole = await buildRequest({ modelId, options });
      for (let cut = 1; cut < prompt.length; cut++) {
        const head = await buildRequest({
          modelId,
          options: { ...options, prompt: prompt.slice(0, cut) },
        });
        const prefix = {
          messageCount: cut,
          items: head.input,
          warnings: head.inputWarnings,
          conversionKey: head.conversionKey,
        };
        const reused = await buildRequest({ modelId, options, prefix });
        expect(reused.prefixReused).toBe(true);
        expect(JSON.stringify(reused.input)).toBe(JSON.stringify(whole.input));
        expect(reused.warnings).toEqual(whole.warnings);
      }
    });
  }

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
