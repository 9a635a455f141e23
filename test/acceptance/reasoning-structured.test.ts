import { generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputTypes, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';

let mock: MockSetup;
beforeEach(async () => {
  mock = await startMock();
});
afterEach(async () => {
  await mock.close();
});

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `value ${step}`,
});

describe('reasoning models', () => {
  it('store:false asks for encrypted reasoning and continues the chain on the same socket', async () => {
    const result = streamText({
      model: mock.provider('o4-mini'),
      prompt: 'Think, then use the tool twice. #tools=2 #reasoning',
      tools: { lookup },
      stopWhen: stepCountIs(5),
      providerOptions: { openai: { store: false } },
    });
    expect(await result.text).toBe('Done after 2 tool calls.');
    const records = mock.server.requests;
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record.body.store).toBe(false);
      expect(record.body.include).toContain('reasoning.encrypted_content');
      expect(record.duplicates).toEqual([]);
    }
    expect(records[1].previousResponseId).toBe(records[0].responseId);
    expect(records[1].parentSource).toBe('socket-cache');
    expect(inputTypes(records[1])).toEqual(['function_call_output']);

    // The reasoning part carries what a full resend would need.
    const steps = await result.steps;
    const reasoning = steps[0].content.find((part) => part.type === 'reasoning');
    expect(reasoning?.providerMetadata?.openai).toMatchObject({
      itemId: expect.stringMatching(/^rs_/),
      responseId: records[0].responseId,
      reasoningEncryptedContent: expect.any(String),
    });
  });

  it('store:false history resent in full carries the encrypted reasoning items', async () => {
    const model = mock.provider('o4-mini');
    const providerOptions = { openai: { store: false } };
    const first = await generateText({ model, prompt: 'Think first. #reasoning', providerOptions });
    // A second provider has its own pool: the socket holding the chain is not available.
    const other = (await import('../../src/index')).createOpenAIWebSocket({
      apiKey: 'test-key',
      baseURL: mock.server.url,
      pool: { maxSockets: 7 },
    });
    try {
      const second = await generateText({
        model: other('o4-mini'),
        messages: [
          { role: 'user', content: 'Think first. #reasoning' },
          ...first.responseMessages,
          { role: 'user', content: 'And?' },
        ],
        providerOptions,
      });
      expect(wsMeta(second.providerMetadata)).toMatchObject({
        inputMode: 'full',
        // Another pool, another chain store: with store: false only the socket that holds the
        // response could continue it.
        reason: 'not-stored',
      });
      const record = mock.server.requests[1];
      expect(record.previousResponseId).toBeNull();
      const reasoningItem = record.input.find(
        (item) => (item as { type?: string }).type === 'reasoning',
      );
      expect(reasoningItem).toMatchObject({ encrypted_content: expect.any(String) });
      expect(record.duplicates).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('structured output', () => {
  it('generateText with an output schema sends text.format json_schema and parses the answer', async () => {
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'Describe a city.',
      output: Output.object({ schema: z.object({ name: z.string(), population: z.number() }) }),
    });
    expect(result.output).toEqual({ name: expect.any(String), population: expect.any(Number) });
    const body = mock.server.requests[0].body as {
      text?: { format?: { type?: string; strict?: boolean } };
    };
    expect(body.text?.format?.type).toBe('json_schema');
  });
});
