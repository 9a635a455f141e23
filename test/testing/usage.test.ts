/**
 * Honest usage: input tokens come from the content of the items the model sees, so the same
 * conversation costs the same over HTTP (full history resent) and WebSocket (only the new
 * items); what the lane cache served shows as cached tokens.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MOCK_API_KEY } from '../../src/testing';
import { itemTokens } from '../../src/testing/response-object';
import { createOpenAIWebSocket } from '../../src/v4';
import { connect, type Event, terminalOf } from './raw-client';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();

type Usage = { input_tokens: number; input_tokens_details: { cached_tokens: number } };
const usageOf = (events: Event[]): Usage => terminalOf(events)!.response.usage;

async function postUsage(
  body: Record<string, unknown>,
): Promise<{ usage: Usage; output: unknown[] }> {
  const res = await fetch(`${mock.server.url}/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${MOCK_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

describe('usage', () => {
  it('counts the same input tokens for a delta over WebSocket and a full resend over HTTP', async () => {
    const tools = [
      { type: 'function', name: 'f', description: 'Does f', parameters: { type: 'object' } },
    ];
    const first = [{ role: 'user', content: 'A first question with a few words in it' }];
    const client = await connect(mock.server.wsUrl);
    const wsFirst = await client.turn({ model: 'm', input: first, tools, store: false });
    const parent = terminalOf(wsFirst.events)!.response;
    const next = [{ role: 'user', content: 'And a follow-up' }];
    const wsSecond = await client.turn({
      model: 'm',
      input: next,
      tools,
      store: false,
      previous_response_id: parent.id,
    });
    await client.close();

    const httpFirst = await postUsage({ model: 'm', input: first, tools, store: false });
    // The HTTP client resends the answer in its own, shorter form (no ids, no statuses).
    const answer = parent.output[0];
    const resent = {
      role: 'assistant',
      content: [{ type: 'output_text', text: answer.content[0].text }],
    };
    const httpSecond = await postUsage({
      model: 'm',
      input: [...first, resent, ...next],
      tools,
      store: false,
    });

    expect(usageOf(wsFirst.events).input_tokens).toBe(httpFirst.usage.input_tokens);
    expect(usageOf(wsSecond.events).input_tokens).toBe(httpSecond.usage.input_tokens);
    expect(httpSecond.usage.input_tokens_details.cached_tokens).toBe(0);
    // What the lane cache served: the parent's context and output.
    const served = itemTokens([...first, answer]);
    expect(usageOf(wsSecond.events).input_tokens_details.cached_tokens).toBe(served);
    expect(usageOf(wsSecond.events).input_tokens - served).toBe(
      httpSecond.usage.input_tokens - itemTokens([...first, resent]),
    );
  });

  it('the same tool loop reports the same input tokens from this provider over WebSocket and @ai-sdk/openai over HTTP', async () => {
    const run = (model: Parameters<typeof generateText>[0]['model']) =>
      generateText({
        model,
        prompt: 'Count with me #tools=3',
        tools: {
          add: tool({
            description: 'Add one',
            inputSchema: z.object({ step: z.number() }),
            execute: async ({ step }) => step + 1,
          }),
        },
        providerOptions: { openai: { store: false } },
        stopWhen: stepCountIs(6),
      });
    const provider = createOpenAIWebSocket({ baseURL: mock.server.url, apiKey: MOCK_API_KEY });
    try {
      const overWs = await run(provider('gpt-4.1-mini'));
      const overHttp = await run(
        createOpenAI({ baseURL: mock.server.url, apiKey: MOCK_API_KEY }).responses('gpt-4.1-mini'),
      );
      expect(overWs.text).toBe('Done after 3 tool calls.');
      expect(overHttp.text).toBe(overWs.text);
      const inputs = (steps: typeof overWs.steps) => steps.map((s) => s.usage.inputTokens);
      const cached = (steps: typeof overWs.steps) =>
        steps.map((s) => s.usage.inputTokenDetails.cacheReadTokens);
      expect(inputs(overWs.steps)).toEqual(inputs(overHttp.steps));
      expect(inputs(overWs.steps).every((n) => (n ?? 0) > 0)).toBe(true);
      expect(cached(overHttp.steps)).toEqual([0, 0, 0, 0]);
      const wsCached = cached(overWs.steps) as number[];
      expect(wsCached[0]).toBe(0);
      // Every continuation was served from the cache: only its new items were not cached.
      expect(wsCached.slice(1).every((n, i) => n > 0 && n < inputs(overWs.steps)[i + 1]!)).toBe(
        true,
      );
      expect(
        mock.server.requests.filter((r) => r.transport === 'websocket').map((r) => r.parentSource),
      ).toEqual([null, 'socket-cache', 'socket-cache', 'socket-cache']);
    } finally {
      await provider.close();
    }
  });
});
