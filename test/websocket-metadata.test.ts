import * as ai7 from 'ai';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai-v6';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as root from '../src/index';
import { createMockResponsesServer, MOCK_API_KEY, type MockResponsesServer } from '../src/testing';
import * as v3 from '../src/v3';
import * as v4 from '../src/v4';
import { getWebSocketMetadata, type WebSocketCallMetadata } from '../src/v4';

let server: MockResponsesServer;
beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const settings = () => ({ apiKey: MOCK_API_KEY, baseURL: server.url });
const schema = z.object({ step: z.number() });
const PROMPT = 'Go. #tools=2';

/** The modes of a two-tool-call loop: a new conversation, then two continuations. */
const LOOP = ['full', 'delta', 'delta'];

describe('getWebSocketMetadata reads each ai major’s own shapes', () => {
  it('ai@7 × /v4: generateText result, steps, onStepFinish, streamText result and parts', async () => {
    const provider = v4.createOpenAIWebSocket(settings());
    const tools = { lookup: ai7.tool({ inputSchema: schema, execute: async ({ step }) => step }) };
    const fromEvents: (WebSocketCallMetadata | undefined)[] = [];
    const result = await ai7.generateText({
      model: provider('gpt-4.1-mini'),
      prompt: PROMPT,
      tools,
      stopWhen: ai7.stepCountIs(5),
      onStepFinish: (step) => {
        fromEvents.push(getWebSocketMetadata(step));
      },
    });
    expect(result.steps.map((step) => getWebSocketMetadata(step)?.inputMode)).toEqual(LOOP);
    expect(fromEvents.map((meta) => meta?.inputMode)).toEqual(LOOP);
    // The result carries the last step's metadata, as its providerMetadata does.
    expect(getWebSocketMetadata(result)).toEqual(
      result.steps.at(-1)?.providerMetadata?.openai?.websocket,
    );
    expect(getWebSocketMetadata(result)).toMatchObject({
      transport: 'websocket',
      inputMode: 'delta',
      reason: expect.any(String),
      socketReused: true,
      requestBytes: server.requests[2].bytes,
      retries: 0,
      lane: null, // lanes off (the default): no stream_id
    });

    const streamed = ai7.streamText({
      model: provider('gpt-4.1-mini'),
      messages: [
        { role: 'user', content: PROMPT },
        ...result.responseMessages,
        { role: 'user', content: 'And now?' },
      ],
      tools,
    });
    const fromParts: (WebSocketCallMetadata | undefined)[] = [];
    for await (const part of streamed.fullStream) {
      if (part.type === 'finish-step') fromParts.push(getWebSocketMetadata(part));
    }
    const pending = getWebSocketMetadata(streamed);
    expect(pending).toBeInstanceOf(Promise);
    expect((await pending)?.inputMode).toBe('delta');
    expect(fromParts.map((meta) => meta?.inputMode)).toEqual(['delta']);
    await provider.close();
  });

  // ai@6 and ai@5: their own result and step types, the history in `response.messages`.
  const older = [
    { label: 'ai@6 × /v3', ai: ai6, create: v3.createOpenAIWebSocket },
    { label: 'ai@5 × root', ai: ai5, create: root.createOpenAIWebSocket },
  ] as const;
  for (const { label, ai, create } of older) {
    it(`${label}: generateText steps and a streamText result`, async () => {
      const provider = create(settings());
      const lookup = (ai.tool as typeof ai6.tool)({
        inputSchema: schema,
        execute: async ({ step }) => step,
      });
      const generate = ai.generateText as typeof ai6.generateText;
      const result = await generate({
        model: provider('gpt-4.1-mini') as never,
        prompt: PROMPT,
        tools: { lookup },
        stopWhen: (ai.stepCountIs as typeof ai6.stepCountIs)(5),
      });
      expect(result.steps.map((step) => getWebSocketMetadata(step)?.inputMode)).toEqual(LOOP);
      const stream = ai.streamText as typeof ai6.streamText;
      const streamed = stream({
        model: provider('gpt-4.1-mini') as never,
        messages: [
          { role: 'user', content: PROMPT },
          ...result.response.messages,
          { role: 'user', content: 'And now?' },
        ],
        tools: { lookup },
      });
      expect((await getWebSocketMetadata(streamed))?.inputMode).toBe('delta');
      await provider.close();
    });
  }
});

describe('getWebSocketMetadata without this provider’s metadata', () => {
  it('is undefined for a missing, foreign or malformed value', () => {
    expect(getWebSocketMetadata(undefined)).toBeUndefined();
    expect(getWebSocketMetadata({})).toBeUndefined();
    expect(getWebSocketMetadata({ providerMetadata: { anthropic: { cacheTokens: 1 } } })).toBe(
      undefined,
    );
    expect(
      getWebSocketMetadata({
        providerMetadata: { openai: { websocket: { transport: 'carrier' } } },
      }),
    ).toBeUndefined();
  });

  it('every entry exports the same accessor', () => {
    expect(root.getWebSocketMetadata).toBe(v4.getWebSocketMetadata);
    expect(v3.getWebSocketMetadata).toBe(v4.getWebSocketMetadata);
  });

  it('is typed: inputMode and transport are unions, a streamText result gives a promise', () => {
    expectTypeOf(getWebSocketMetadata({})).toEqualTypeOf<WebSocketCallMetadata | undefined>();
    expectTypeOf<WebSocketCallMetadata['inputMode']>().toEqualTypeOf<'delta' | 'full'>();
    expectTypeOf<WebSocketCallMetadata['transport']>().toEqualTypeOf<'websocket' | 'http'>();
    expectTypeOf(
      getWebSocketMetadata({ providerMetadata: Promise.resolve(undefined) }),
    ).toEqualTypeOf<Promise<WebSocketCallMetadata | undefined>>();
  });
});
