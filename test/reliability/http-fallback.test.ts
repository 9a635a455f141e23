import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError } from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { createOpenAIWebSocket, type WebSocketConstructor } from '../../src/index';
import { MOCK_API_KEY } from '../../src/testing';
import {
  callError,
  callResult,
  closeMidResponse,
  type MockSetup,
  startMock,
  wsMeta,
} from '../helpers/mock-provider';

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
    const error = await callError(mock);
    // The documented error type, not a plain Error; nothing to retry.
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/Authorization header/);
    expect(error.message).toMatch(/runtime = 'nodejs'|transport 'auto'/);
  });

  it("a constructor that ignores headers → the upgrade fails → 'auto' uses HTTP", async () => {
    mock = await startMock({ webSocket: HeaderlessWebSocket });
    const result = await callResult(mock);
    expect(result.text).toBe('Echo: hi');
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'http' });
    expect(mock.server.sockets().opened).toBe(0);
  });

  it("a constructor that ignores headers → 'websocket' gives a clear error", async () => {
    mock = await startMock({ webSocket: HeaderlessWebSocket, transport: 'websocket' });
    const error = await callError(mock);
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

describe('the finish metadata says why a call went over HTTP (fallbackCause)', () => {
  it('names what made the socket unusable: frame size, runtime, upgrade status', async () => {
    const causes: Record<string, unknown> = {};
    for (const [name, settings] of [
      ['frame-too-large', { maxFrameBytes: 2_000 }],
      ['websocket-unavailable', { webSocket: null }],
      ['websocket-upgrade-failed', {}],
    ] as const) {
      const setup = await startMock(settings);
      try {
        if (name === 'websocket-upgrade-failed') {
          setup.server.fault({ type: 'reject-upgrade', status: 426, count: 10 });
        }
        const result = await generateText({
          model: setup.provider('gpt-4.1-mini'),
          prompt: name === 'frame-too-large' ? `big ${'x'.repeat(3_000)}` : 'hi',
          maxRetries: 0,
        });
        expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'http', reason: name });
        causes[name] = wsMeta(result.providerMetadata).fallbackCause;
      } finally {
        await setup.close();
      }
    }
    expect(causes['frame-too-large']).toMatch(
      /frame is \d+ bytes, above the WebSocket frame limit of 2000 bytes/,
    );
    expect(causes['websocket-unavailable']).toMatch(
      /No WebSocket that can send an Authorization header/,
    );
    expect(causes['websocket-upgrade-failed']).toBe('WebSocket upgrade rejected with HTTP 426');
  });

  it('is absent when the socket carried the call', async () => {
    mock = await startMock();
    const result = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'hi' });
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'websocket' });
    expect(wsMeta(result.providerMetadata)).not.toHaveProperty('fallbackCause');
  });
});

/**
 * A Responses endpoint that streams `events`, then goes quiet with the connection open (the mock's
 * delays come before every event alike, so it cannot stop after output). `connectionClosed`
 * resolves once the client closes the connection.
 */
async function quietAfter(events: Record<string, unknown>[]) {
  let closed: () => void = () => {};
  const connectionClosed = new Promise<void>((resolve) => {
    closed = resolve;
  });
  const server = createServer((req, res) => {
    req.resume();
    res.on('close', () => closed());
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    connectionClosed,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];

/** What the model's doStream rejected with (undefined when it resolved). */
async function doStreamError(setup: MockSetup): Promise<unknown> {
  try {
    await setup.provider('gpt-4.1-mini').doStream({ prompt });
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('the HTTP fallback keeps the deadlines of the socket path', () => {
  it('no answer within firstEventTimeoutMs → a thrown, retryable error', async () => {
    mock = await startMock({ webSocket: null, pool: { firstEventTimeoutMs: 150 } });
    // The mock sends the response headers with the first event: both come after 5 s.
    mock.server.fault({ type: 'delay-first-event', ms: 5_000, transport: 'http' });
    const error = await callError(mock);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(/no event within 150 ms \(pool\.firstEventTimeoutMs\)/);
  });

  it('accepted, then silent before any output → thrown after eventTimeoutMs', async () => {
    // 5 s between events: response.created, then nothing within the 150 ms deadline.
    mock = await startMock(
      { webSocket: null, pool: { eventTimeoutMs: 150 } },
      { costModel: { perEventMs: 5_000 } },
    );
    // doStream rejects, as over a socket: nothing reached the caller, maxRetries applies.
    const error = (await doStreamError(mock)) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(/stopped sending events before any output.*pool\.eventTimeoutMs/);
  });

  it('a body that breaks off before any output → thrown, retryable', async () => {
    mock = await startMock({ webSocket: null });
    mock.server.fault({ type: 'terminate-after-events', events: 1, transport: 'http' });
    const error = await callError(mock);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(/broke off before any output/);
  });

  it('an error the server reports before any output is thrown, as over a socket', async () => {
    mock = await startMock({ webSocket: null });
    mock.server.fault({ type: 'error-event', code: 'insufficient_quota', shape: 'mid-stream' });
    const error = (await doStreamError(mock)) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(429);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/quota/i);
  });

  it('silent mid-response → an error part after eventTimeoutMs; the connection is closed', async () => {
    const response = { id: 'resp_1', object: 'response', created_at: 1, model: 'gpt-4.1-mini' };
    const at = { item_id: 'msg_1', output_index: 0, content_index: 0 };
    const server = await quietAfter([
      { type: 'response.created', sequence_number: 0, response: { ...response, output: [] } },
      {
        type: 'response.output_item.added',
        sequence_number: 1,
        output_index: 0,
        item: {
          id: 'msg_1',
          type: 'message',
          status: 'in_progress',
          role: 'assistant',
          content: [],
        },
      },
      { type: 'response.output_text.delta', sequence_number: 2, ...at, delta: 'Hel' },
    ]);
    const provider = createOpenAIWebSocket({
      apiKey: 'test-key',
      baseURL: server.baseURL,
      webSocket: null,
      pool: { eventTimeoutMs: 150 },
    });
    try {
      const errors: unknown[] = [];
      const result = streamText({
        model: provider('gpt-4.1-mini'),
        prompt: 'hi',
        maxRetries: 0,
        onError: ({ error }) => void errors.push(error),
      });
      let text = '';
      for await (const delta of result.textStream) text += delta;
      expect(text).toBe('Hel');
      expect(errors).toHaveLength(1);
      const error = errors[0] as APICallError;
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error.message).toMatch(/stopped sending events mid-response/);
      expect(error.isRetryable).toBe(true);
      // The body was cancelled: the connection does not stay open.
      await server.connectionClosed;
    } finally {
      await provider.close();
      await server.close();
    }
  });
});

describe('provider.close() ends the calls over HTTP too', () => {
  it('a call waiting for its first event fails, not retryable; a call made afterwards runs', async () => {
    mock = await startMock({ webSocket: null });
    mock.server.fault({ type: 'delay-first-event', ms: 5_000, transport: 'http' });
    const waiting = callError(mock);
    await vi.waitFor(() => expect(mock?.server.requests).toHaveLength(1));
    await mock.provider.close();
    const error = await waiting;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/provider\.close\(\) closed its HTTP connection/);
    // As on the socket path, the provider serves calls made after close().
    const after = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'again' });
    expect(after.text).toBe('Echo: again');
    expect(wsMeta(after.providerMetadata)).toMatchObject({ transport: 'http' });
  });

  it("another provider's close() leaves the call alone, though the two share a pool", async () => {
    mock = await startMock({ webSocket: null });
    const other = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: mock.server.url,
      webSocket: null,
    });
    other('gpt-4.1-mini'); // a model of it: the provider now holds the shared pool
    mock.server.fault({ type: 'delay-first-event', ms: 300, transport: 'http' });
    const call = generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'mine' });
    await vi.waitFor(() => expect(mock?.server.requests).toHaveLength(1));
    await other.close();
    expect((await call).text).toBe('Echo: mine');
  });

  it('a call mid-response gets a non-retryable error part', async () => {
    mock = await startMock({ webSocket: null }, { costModel: { perEventMs: 50 } });
    const errors = await closeMidResponse(mock);
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0])).toBe(true);
    expect((errors[0] as APICallError).message).toMatch(/provider\.close\(\) closed/);
    expect((errors[0] as APICallError).isRetryable).toBe(false);
    // The mock saw the response's connection go before its end.
    await vi.waitFor(() => expect(mock?.server.requests[0].status).toBe('interrupted'));
  });
});
