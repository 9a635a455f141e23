import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callError, type MockSetup, startMock } from '../helpers/mock-provider';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** A fetch wrapper that drops the request's signal, as some logging or retry wrappers do. */
const signalDropping = (async (input: RequestInfo | URL, init?: RequestInit) =>
  globalThis.fetch(input, { ...init, signal: undefined })) as typeof fetch;

/** The mock answers the POST (headers and first event) only after 5 s. */
async function slowToAnswer(pool = {}) {
  const setup = await startMock({ webSocket: null, fetch: signalDropping, pool });
  setup.server.fault({ type: 'delay-first-event', ms: 5_000, transport: 'http' });
  return setup;
}

describe('the HTTP fallback with a fetch that ignores its abort signal', () => {
  it('no answer within firstEventTimeoutMs: fails then, not when the answer comes', async () => {
    mock = await slowToAnswer({ firstEventTimeoutMs: 150 });
    const started = performance.now();
    const error = await callError(mock);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/no event within 150 ms/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("an abort rejects at once with the abort's reason", async () => {
    mock = await slowToAnswer();
    const controller = new AbortController();
    const reason = new Error('the user left');
    const call = generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 0,
      abortSignal: controller.signal,
    }).catch((e) => e);
    await vi.waitFor(() => expect(mock?.server.requests).toHaveLength(1));
    const abortedAt = performance.now();
    controller.abort(reason);
    expect(await call).toBe(reason);
    expect(performance.now() - abortedAt).toBeLessThan(2_000);
  });

  it('provider.close() ends the call at once', async () => {
    mock = await slowToAnswer();
    const call = callError(mock);
    await vi.waitFor(() => expect(mock?.server.requests).toHaveLength(1));
    const closedAt = performance.now();
    await mock.provider.close();
    const error = await call;
    expect(error.message).toMatch(/provider\.close\(\) closed its HTTP connection/);
    expect(performance.now() - closedAt).toBeLessThan(2_000);
  });
});
