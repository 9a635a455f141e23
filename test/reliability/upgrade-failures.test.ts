import { createServer } from 'node:http';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { MOCK_API_KEY } from '../../src/testing';
import { callError, callResult, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('WebSocket upgrade failures', () => {
  it("401 → APICallError with the server's message, not retryable, one attempt only", async () => {
    mock = await startMock({ transport: 'websocket' });
    mock.server.fault({ type: 'reject-upgrade', status: 401, count: 10 });
    const error = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'hi' }).catch(
      (e) => e,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toBe('Mock error: invalid_api_key.');
    // ai's maxRetries does not retry a non-retryable error, and the provider tried once.
    expect(mock.server.requests).toHaveLength(0);
    expect(mock.server.sockets().opened).toBe(0);
  });

  it('a wrong key is an upgrade 401 from the real check, not only the injected fault', async () => {
    mock = await startMock({ apiKey: 'wrong-key', transport: 'auto' });
    const error = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'hi' }).catch(
      (e) => e,
    );
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(String(error.message)).not.toContain('wrong-key');
    expect(JSON.stringify(error)).not.toContain('wrong-key');
    // Not sent over HTTP instead ('auto'), and no socket left behind in the pool.
    expect(mock.server.requests).toHaveLength(0);
    expect(poolOf(mock).stats()).toMatchObject({ open: 0, queued: 0, inFlight: 0 });
    // A provider with the right key, on the same shared pool, works at once.
    const fixed = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: mock.server.url });
    try {
      const result = await generateText({ model: fixed('gpt-4.1-mini'), prompt: 'hi' });
      expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'websocket' });
      expect(mock.server.sockets().opened).toBe(1);
    } finally {
      await fixed.close();
    }
  });

  it("401 → the error carries the upgrade response's headers, as @ai-sdk/openai's carries the POST's, minus cookies", async () => {
    // A server that refuses every key, over HTTP and at the upgrade, naming the request.
    const refusal = ['x-request-id: req_401', 'set-cookie: __cf_bm=session-secret'];
    const refuser = createServer((_req, res) => {
      res.writeHead(401, Object.fromEntries(refusal.map((line) => line.split(': '))));
      res.end('{"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}}');
    });
    refuser.on('upgrade', (_req, socket) => {
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\n${refusal.join('\r\n')}\r\nContent-Length: 0\r\n\r\n`,
      );
    });
    await new Promise<void>((resolve) => refuser.listen(0, '127.0.0.1', resolve));
    const baseURL = `http://127.0.0.1:${(refuser.address() as { port: number }).port}/v1`;
    const provider = createOpenAIWebSocket({ apiKey: 'wrong-key', baseURL });
    try {
      const fail = (model: Parameters<typeof generateText>[0]['model']) =>
        generateText({ model, prompt: 'hi', maxRetries: 0 }).catch((e) => e);
      const upstream = await fail(
        createOpenAI({ apiKey: 'wrong-key', baseURL }).responses('gpt-4.1-mini'),
      );
      const error = await fail(provider('gpt-4.1-mini'));
      expect(upstream.responseHeaders['x-request-id']).toBe('req_401');
      expect(error.statusCode).toBe(401);
      expect(error.responseHeaders).toMatchObject({ 'x-request-id': 'req_401' });
      expect(JSON.stringify(error)).not.toContain('session-secret');
    } finally {
      await provider.close();
      refuser.closeAllConnections();
      await new Promise((resolve) => refuser.close(resolve));
    }
  });

  for (const status of [403, 500]) {
    it(`${status} twice → retried with backoff, then succeeds on the socket`, async () => {
      mock = await startMock({ transport: 'websocket' });
      mock.server.fault({ type: 'reject-upgrade', status, count: 2 });
      const result = await callResult(mock);
      expect(result.text).toBe('Echo: hi');
      expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'websocket' });
      expect(mock.server.sockets().opened).toBe(1);
    });

    it(`${status} on every attempt → 'auto' sends the same request over HTTP streaming`, async () => {
      mock = await startMock({ transport: 'auto' });
      mock.server.fault({ type: 'reject-upgrade', status, count: 100 });
      const result = await callResult(mock);
      expect(result.text).toBe('Echo: hi');
      expect(wsMeta(result.providerMetadata)).toMatchObject({
        transport: 'http',
        inputMode: 'full',
        reason: 'websocket-upgrade-failed',
      });
      expect(mock.server.requests.map((r) => r.transport)).toEqual(['http']);
    });

    it(`${status} on every attempt → 'websocket' gives a clear, retryable APICallError`, async () => {
      mock = await startMock({ transport: 'websocket' });
      mock.server.fault({ type: 'reject-upgrade', status, count: 100 });
      const error = await callError(mock);
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error.statusCode).toBe(status);
      expect(error.isRetryable).toBe(true);
      expect(mock.server.requests).toHaveLength(0);
    });
  }

  it('426 → HTTP with auto at once (no retries), a clear error with websocket', async () => {
    mock = await startMock({ transport: 'auto' });
    mock.server.fault({ type: 'reject-upgrade', status: 426, count: 100 });
    const result = await callResult(mock);
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'http' });

    const strict = await startMock({ transport: 'websocket' });
    try {
      strict.server.fault({ type: 'reject-upgrade', status: 426, count: 100 });
      const error = await callError(strict);
      expect(error.statusCode).toBe(426);
      expect(error.message).toMatch(/transport "auto"/);
    } finally {
      await strict.close();
    }
  });

  it('401 with auto is thrown, not sent over HTTP: the key is wrong for both', async () => {
    mock = await startMock({ transport: 'auto' });
    mock.server.fault({ type: 'reject-upgrade', status: 401, count: 1 });
    const error = await callError(mock);
    expect(error.statusCode).toBe(401);
    expect(mock.server.requests).toHaveLength(0);
  });

  it('connect timeout → bounded retries, then HTTP with auto', async () => {
    // A TCP server that accepts and never answers the upgrade.
    const { createServer } = await import('node:net');
    const sockets = new Set<import('node:net').Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    mock = await startMock();
    const { createOpenAIWebSocket } = await import('../../src/index');
    const provider = createOpenAIWebSocket({
      apiKey: 'test-key',
      baseURL: `http://127.0.0.1:${port}/v1`,
      pool: { connectTimeoutMs: 100 },
      // The HTTP fallback reaches the mock: only the socket path is dead.
      fetch: (url, init) =>
        fetch(String(url).replace(`127.0.0.1:${port}`, new URL(mock!.server.url).host), init),
    });
    try {
      const started = Date.now();
      const result = await generateText({
        model: provider('gpt-4.1-mini'),
        prompt: 'hi',
        maxRetries: 0,
      });
      expect(wsMeta(result.providerMetadata)).toMatchObject({
        transport: 'http',
        reason: 'websocket-upgrade-failed',
      });
      expect(sockets.size).toBe(3); // three attempts, no more
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await provider.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
