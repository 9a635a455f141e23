/**
 * Signing a head hashes the items its frame sent from the frame's own JSON: through ai@7's
 * generateText, a tool loop serialises each new input item once per turn, not once for the frame
 * and again for the chain, and its digests still let another instance continue.
 */
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../../src/testing';
import { createOpenAIWebSocket } from '../../../src/v4';

let server: MockResponsesServer;
beforeEach(async () => {
  server = await createMockResponsesServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const isOutputItem = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'function_call_output';

describe('signHead', () => {
  it('hashes each new tool result item from the text its frame sent', async () => {
    const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
    // The package's serialisations that include a tool result item: the item, or a list holding it.
    const stringify = JSON.stringify;
    let serialised = 0;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, replacer, space) => {
      const itemOrList = isOutputItem(value) || (Array.isArray(value) && value.some(isOutputItem));
      // The mock runs in this process too: its own serialisations (the cost model) do not count.
      if (itemOrList && !new Error().stack?.includes('/src/testing/')) serialised++;
      return stringify(value, replacer as Parameters<typeof stringify>[1], space);
    });
    try {
      const result = await generateText({
        model: provider('gpt-4.1-mini'),
        tools: {
          lookup: tool({
            inputSchema: jsonSchema<{ step: number }>({ type: 'object', properties: {} }),
            execute: async () => ({ facts: ['a', 'b'] }),
          }),
        },
        stopWhen: stepCountIs(5),
        prompt: 'Look it up #tools=3',
      });
      expect(result.steps).toHaveLength(4);
      // Every response was signed: a part of each step carries its digest.
      const digests = result.steps.map((step) =>
        step.content
          .map((part) =>
            'providerMetadata' in part ? part.providerMetadata?.openai?.chainDigest : undefined,
          )
          .find((digest) => digest !== undefined),
      );
      expect(digests).toEqual(Array(4).fill(expect.stringMatching(/^[A-Za-z0-9_-]{30}$/)));
    } finally {
      vi.restoreAllMocks();
      await provider.close();
    }
    const continuations = server.requests.slice(1);
    expect(continuations.every((r) => r.previousResponseId !== null)).toBe(true);
    // One tool result per continuation, serialised once: by the frame.
    expect(
      continuations.map((r) => r.input.map((item) => (item as { type?: unknown }).type)),
    ).toEqual([['function_call_output'], ['function_call_output'], ['function_call_output']]);
    expect(serialised).toBe(3);
  });
});
