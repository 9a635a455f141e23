import { APICallError } from '@ai-sdk/provider';
import { generateText, stepCountIs, tool } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import type { WebSocketConstructor } from '../../src/index';
import { type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `v${step}`,
});

/** A WHATWG-style constructor that drops the headers it is given, like a browser's. */
const HeaderlessWebSocket = class extends WebSocket {
  constructor(url: string) {
    super(url);
  }
} as unknown as WebSocketConstructor;

describe('frame size limit', () => {
  it("a frame above the limit goes over HTTP with 'auto'", async () => {
    mock = await startMock({ maxFrameBytes: 2_000 });
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: `big ${'x'.repeat(3_000)}`,
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      transport: 'http',
      reason: 'frame-too-large',
    });
    expect(mock.server.requests.map((r) => r.transport)).toEqual(['http']);
  });

  it("a frame above the limit is a clear error with 'websocket'", async () => {
    mock = await startMock({ maxFrameBytes: 2_000, transport: 'websocket' });
    const error = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: `big ${'x'.repeat(3_000)}`,
      maxRetries: 0,
    }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/frame limit/);
    expect(mock.server.requests).toHaveLength(0);
  });

  it('the default limit is below 16 MiB', async () => {
    const { DEFAULT_MAX_FRAME_BYTES } = await import('../../src/model/turn/turn-call');
    expect(DEFAULT_MAX_FRAME_BYTES).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('runtimes without a header-capable WebSocket', () => {
  it("webSocket: null → 'auto' uses HTTP", async () => {
    mock = await startMock({ webSocket: null });
    const result = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'hi' });
    expect(result.text).toBe('Echo: hi');
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      transport: 'http',
      reason: 'websocket-unavailable',
    });
  });

  it("webSocket: null → 'websocket' throws an error that says what to do", async () => {
    mock = await startMock({ webSocket: null, transport: 'websocket' });
    const error = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 0,
    }).catch((e) => e);
    expect(error.message).toMatch(/Authorization header/);
    expect(error.message).toMatch(/runtime = 'nodejs'|transport 'auto'/);
  });

  it("a constructor that ignores headers → the upgrade fails → 'auto' uses HTTP", async () => {
    mock = await startMock({ webSocket: HeaderlessWebSocket });
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 0,
    });
    expect(result.text).toBe('Echo: hi');
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'http' });
    expect(mock.server.sockets().opened).toBe(0);
  });

  it("a constructor that ignores headers → 'websocket' gives a clear error", async () => {
    mock = await startMock({ webSocket: HeaderlessWebSocket, transport: 'websocket' });
    const error = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 0,
    }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(mock.server.requests).toHaveLength(0);
  });
});

describe('the HTTP fallback gives the same results', () => {
  it('a tool loop over HTTP: same text and steps as over the socket, transport http', async () => {
    const run = async (setup: MockSetup) =>
      generateText({
        model: setup.provider('gpt-4.1-mini'),
        prompt: 'Go. #tools=3',
        tools: { lookup },
        stopWhen: stepCountIs(6),
      });
    mock = await startMock();
    const overSocket = await run(mock);
    const httpMock = await startMock({ webSocket: null });
    try {
      const overHttp = await run(httpMock);
      expect(overHttp.text).toBe(overSocket.text);
      expect(overHttp.steps.map((s) => s.toolCalls.map((c) => c.input))).toEqual(
        overSocket.steps.map((s) => s.toolCalls.map((c) => c.input)),
      );
      expect(overHttp.steps.map((s) => s.finishReason)).toEqual(
        overSocket.steps.map((s) => s.finishReason),
      );
      for (const step of overHttp.steps)
        expect(wsMeta(step.providerMetadata)).toMatchObject({
          transport: 'http',
          inputMode: 'full',
        });
      expect(httpMock.server.requests.every((r) => r.transport === 'http')).toBe(true);
    } finally {
      await httpMock.close();
    }
  });
});
