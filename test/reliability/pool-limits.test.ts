import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeMidResponse, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { callsQueued, poolOf, requestsArrived } from '../helpers/pool-of';
import { runChild } from '../helpers/run-child';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('pool limits', () => {
  it('maxSockets reached → calls wait in the queue and all complete on the capped sockets', async () => {
    mock = await startMock({ pool: { maxSockets: 2 } }, { costModel: { latencyMs: 40 } });
    const model = mock.provider('gpt-4.1-mini');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => generateText({ model, prompt: `call ${i}` })),
    );
    expect(results.map((r) => r.text)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Echo: call ${i}`),
    );
    expect(mock.server.sockets().opened).toBe(2);
  });

  it('a queued call times out with a clear error', async () => {
    mock = await startMock(
      { pool: { maxSockets: 1, queueTimeoutMs: 100 } },
      { costModel: { latencyMs: 400 } },
    );
    const model = mock.provider('gpt-4.1-mini');
    const first = generateText({ model, prompt: 'slow' });
    // Let the first call take the only socket (both calls prepare asynchronously, in either order).
    await requestsArrived(mock, 1);
    const error = await generateText({ model, prompt: 'waits', maxRetries: 0 }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/no WebSocket became free within 100 ms/);
    expect((await first).text).toBe('Echo: slow');
  });

  it('a full wait queue rejects at once', async () => {
    mock = await startMock(
      { pool: { maxSockets: 1, maxQueuedCalls: 1 } },
      { costModel: { latencyMs: 200 } },
    );
    const model = mock.provider('gpt-4.1-mini');
    const running = generateText({ model, prompt: 'a' });
    await requestsArrived(mock, 1);
    const queued = generateText({ model, prompt: 'b' });
    await callsQueued(mock, 1);
    const error = await generateText({ model, prompt: 'c', maxRetries: 0 }).catch((e) => e);
    expect(error.message).toMatch(/too many calls waiting/);
    expect((await running).text).toBe('Echo: a');
    expect((await queued).text).toBe('Echo: b');
  });

  it('idle sockets beyond maxIdleSockets are closed, least recently used first', async () => {
    mock = await startMock({ pool: { maxIdleSockets: 1 } }, { costModel: { latencyMs: 30 } });
    const model = mock.provider('gpt-4.1-mini');
    const [a, b] = await Promise.all([
      generateText({ model, prompt: 'a' }),
      generateText({ model, prompt: 'b' }),
    ]);
    expect(a.text).toBe('Echo: a');
    expect(b.text).toBe('Echo: b');
    await vi.waitFor(() => expect(mock?.server.sockets()).toEqual({ open: 1, opened: 2 }));
  });

  it('a concurrent call of the same conversation gets another socket and full input', async () => {
    mock = await startMock({}, { costModel: { latencyMs: 50 } });
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'one' });
    const messages = [
      { role: 'user' as const, content: 'one' },
      ...first.responseMessages,
      { role: 'user' as const, content: 'two' },
    ];
    const [x, y] = await Promise.all([
      generateText({ model, messages }),
      generateText({ model, messages }),
    ]);
    const modes = [
      wsMeta(x.providerMetadata).inputMode,
      wsMeta(y.providerMetadata).inputMode,
    ].sort();
    // One continues the chain on its socket; the other may continue it from the store.
    expect(modes).toContain('delta');
    const [, r1, r2] = mock.server.requests;
    expect(r1.socketId).not.toBe(r2.socketId);
    expect(r1.duplicates).toEqual([]);
    expect(r2.duplicates).toEqual([]);
  });

  it('close() rejects calls waiting for a socket; they do not open new sockets afterwards', async () => {
    mock = await startMock({ pool: { maxSockets: 1 } }, { costModel: { latencyMs: 300 } });
    const model = mock.provider('gpt-4.1-mini');
    const running = generateText({ model, prompt: 'first', maxRetries: 0 }).catch((e) => e);
    await requestsArrived(mock, 1);
    const queued = generateText({ model, prompt: 'second', maxRetries: 0 }).catch((e) => e);
    await callsQueued(mock, 1);
    await mock.provider.close();
    const [first, second] = await Promise.all([running, queued]);
    expect(APICallError.isInstance(first)).toBe(true);
    expect(APICallError.isInstance(second)).toBe(true);
    expect(second.message).toMatch(/pool was closed/);
    await vi.waitFor(() => expect(mock?.server.sockets()).toEqual({ open: 0, opened: 1 }));
  });

  it("close() during a call's upgrade backoff fails that call; it opens no socket afterwards", async () => {
    mock = await startMock();
    const model = mock.provider('gpt-4.1-mini');
    mock.server.fault({ type: 'reject-upgrade', status: 503 });
    const pool = poolOf(mock);
    const acquire = pool.acquire.bind(pool);
    let closing: Promise<void> | undefined;
    // The app shuts down as the first upgrade failed: the call is in its backoff (100 ms).
    vi.spyOn(pool, 'acquire').mockImplementation((request) =>
      acquire(request).catch((error: unknown) => {
        closing ??= mock?.provider.close();
        throw error;
      }),
    );
    try {
      const error = await generateText({ model, prompt: 'during shutdown', maxRetries: 0 }).catch(
        (e) => e,
      );
      expect(closing).toBeDefined();
      await closing;
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error.message).toMatch(/pool was closed/);
      expect(error.isRetryable).toBe(false);
      // Neither a socket nor the HTTP fallback carried it.
      expect(mock.server.sockets().opened).toBe(0);
      expect(mock.server.requests).toHaveLength(0);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('close() rejects in-flight calls and leaves nothing open', async () => {
    mock = await startMock({}, { costModel: { perEventMs: 50 } });
    const errors = await closeMidResponse(mock);
    // Closed mid-response: the stream reports a non-retryable error naming the close.
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0])).toBe(true);
    expect((errors[0] as APICallError).message).toMatch(/closed/);
    expect((errors[0] as APICallError).isRetryable).toBe(false);
    await vi.waitFor(() => expect(mock?.server.sockets().open).toBe(0));
  });
});

describe('process lifetime', () => {
  it('pooled sockets never keep the process alive: a script exits right after its last call', async () => {
    mock = await startMock();
    const { stdout, code, ms } = await runChild(
      mock.server.url,
      `
      const result = await generateText({ model: provider('gpt-4.1-mini'), prompt: 'bye' });
      console.log(result.text);
    `,
    );
    expect(stdout).toBe('Echo: bye');
    expect(code).toBe(0);
    // The idle socket stays open for reuse but is unref'd: exit does not wait for the idle timeout.
    expect(ms).toBeLessThan(10_000);
    expect(mock.server.sockets().opened).toBe(1);
  });

  it('close() with a call in flight: the call fails cleanly and the process exits', async () => {
    mock = await startMock({}, { costModel: { perEventMs: 100 } });
    const { stdout, code } = await runChild(
      mock.server.url,
      `
      let closing = false;
      const result = streamText({ model: provider('gpt-4.1-mini'), prompt: 'a long answer', onError: ({ error }) => console.log('error:', error.message), onChunk: ({ chunk }) => { if (chunk.type === 'text-delta' && !closing) { closing = true; provider.close(); } } });
      console.log('text:', JSON.stringify(await result.text.catch(() => 'rejected')));
    `,
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(/error: .*closed/);
    await vi.waitFor(() => expect(mock?.server.sockets().open).toBe(0));
  });
});
