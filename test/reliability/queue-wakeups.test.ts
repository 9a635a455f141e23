import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { callResult, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { callsQueued, poolOf, requestsArrived } from '../helpers/pool-of';

let mock: MockSetup | undefined;
const extraProviders: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const provider of extraProviders.splice(0)) await provider.close();
  await mock?.close();
  mock = undefined;
});

/** The error a call failed with, or its text: never an unhandled rejection. */
const settle = (call: Promise<{ text: string }>) =>
  call.then(
    (result) => result.text,
    (error: unknown) => error,
  );

describe('the wait queue hands a free lane to a call that can use it', () => {
  it('a lane freed on a socket of one key reaches the waiter of that key behind a waiter of another key', async () => {
    // Two keys share one pool (same base URL and pool settings) but never a socket. One socket
    // in all, two lanes: key X's two calls fill it; a call of key Y waits (it can never get a
    // socket while X's is busy), then a third call of key X waits behind it.
    const pool = { lanes: 2, maxSockets: 1, queueTimeoutMs: 2_500 };
    mock = await startMock({ pool, apiKey: 'key-x' }, { apiKeys: ['key-x', 'key-y'] });
    const other = createOpenAIWebSocket({ baseURL: mock.server.url, apiKey: 'key-y', pool });
    extraProviders.push(other);
    mock.server.fault({ type: 'delay-first-event', ms: 4_000, streamId: 'lane-1' });
    mock.server.fault({ type: 'delay-first-event', ms: 800, streamId: 'lane-2' });
    const x = mock.provider('gpt-4.1-mini');
    const long = settle(generateText({ model: x, prompt: 'x long', maxRetries: 0 }));
    await requestsArrived(mock, 1);
    const short = settle(generateText({ model: x, prompt: 'x short', maxRetries: 0 }));
    await requestsArrived(mock, 2);
    const started = Date.now();
    const waitsForY = settle(
      generateText({ model: other('gpt-4.1-mini'), prompt: 'y', maxRetries: 0 }),
    );
    await callsQueued(mock, 1);
    const third = generateText({ model: x, prompt: 'x third', maxRetries: 0 });
    await callsQueued(mock, 2);

    // Once 'x short' gives lane-2 back, 'x third' takes it; it does not wait for 'x long'.
    const result = await third;
    expect(result.text).toBe('Echo: x third');
    expect(wsMeta(result.providerMetadata).lane).toBe('lane-2');
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await short).toBe('Echo: x short');
    // Y's call cannot get a socket while X's is busy: a typed, retryable error in time.
    const error = (await waitsForY) as APICallError;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/no WebSocket became free within 2500 ms/);
    expect(error.isRetryable).toBe(true);
    expect(await long).toBe('Echo: x long');
    await vi.waitFor(() => expect(poolOf(mock!).stats()).toMatchObject({ queued: 0, inFlight: 0 }));
  });

  it('a waiter that opens a new socket lets the next waiters take its other lanes', async () => {
    // One socket, four lanes. The first socket passes its age limit while a call runs on it:
    // three calls queue (the old socket takes no new lane), and once it closes, they share the
    // one new socket rather than wait for each other.
    mock = await startMock({
      pool: { lanes: 4, maxSockets: 1, maxSocketAgeMs: 400, queueTimeoutMs: 1_500 },
    });
    mock.server.fault({ type: 'delay-first-event', ms: 700, streamId: 'lane-1' });
    const model = mock.provider('gpt-4.1-mini');
    const first = generateText({ model, prompt: 'on the old socket', maxRetries: 0 });
    await requestsArrived(mock, 1);
    const opened = Date.now();
    await vi.waitFor(() => expect(Date.now() - opened).toBeGreaterThan(450), { interval: 20 });
    // The new socket's first two lanes answer slowly.
    mock.server.fault({ type: 'delay-first-event', ms: 3_000, streamId: 'lane-1' });
    mock.server.fault({ type: 'delay-first-event', ms: 3_000, streamId: 'lane-2' });
    const waiting = ['a', 'b', 'c'].map((name) =>
      settle(generateText({ model, prompt: `waiter ${name}`, maxRetries: 0 })),
    );
    await callsQueued(mock, 3);
    expect((await first).text).toBe('Echo: on the old socket');
    expect(await Promise.all(waiting)).toEqual([
      'Echo: waiter a',
      'Echo: waiter b',
      'Echo: waiter c',
    ]);
    expect(mock.server.sockets().opened).toBe(2);
    await vi.waitFor(() => expect(poolOf(mock!).stats()).toMatchObject({ queued: 0, inFlight: 0 }));
  });
});

describe('a resend keeps the call’s place in the queue', () => {
  it('a call whose socket died before any output goes out before the calls that queued after it', async () => {
    // Lanes off, one socket: call 0 runs (no event yet), calls 1 and 2 wait for the socket. The
    // server closes it: call 0 is resent (transparently, on a fresh socket), and it began before
    // the other two, so it is served before call 2, which came after it, rather than last.
    mock = await startMock({ pool: { maxSockets: 1, queueTimeoutMs: 10_000 } });
    mock.server.fault({ type: 'delay-first-event', ms: 5_000 });
    const model = mock.provider('gpt-4.1-mini');
    const call = (i: number) => generateText({ model, prompt: `call ${i}`, maxRetries: 0 });
    const first = call(0);
    await requestsArrived(mock, 1);
    const queued = [call(1)];
    await callsQueued(mock, 1);
    queued.push(call(2));
    await callsQueued(mock, 2);
    mock.server.closeAllSockets();

    const resent = await first;
    expect(resent.text).toBe('Echo: call 0');
    expect(wsMeta(resent.providerMetadata)).toMatchObject({
      reason: 'socket-replaced',
      retries: 1,
    });
    expect((await Promise.all(queued)).map((r) => r.text)).toEqual([
      'Echo: call 1',
      'Echo: call 2',
    ]);
    const order = mock.server.requests.map((r) => /call (\d)/.exec(r.raw)?.[1]);
    // The first socket's request, then the queue in the order the calls began.
    expect(order).toEqual(['0', '1', '0', '2']);
    await vi.waitFor(() => expect(poolOf(mock!).stats()).toMatchObject({ queued: 0, inFlight: 0 }));
  });
});

describe('a socket that dies with lanes in flight and calls queued', () => {
  it('the resends take the socket the queued calls opened after the failure; no third socket', async () => {
    // One socket, two lanes: calls 0 and 1 run (no event yet), calls 2 and 3 wait. The server
    // closes the socket: the waiting calls open the next one at once, and the two resends,
    // which need a socket opened since the failure, take its lanes once they are free.
    mock = await startMock({ pool: { lanes: 2, maxSockets: 1, queueTimeoutMs: 10_000 } });
    mock.server.fault({ type: 'delay-first-event', ms: 5_000, streamId: 'lane-1' });
    mock.server.fault({ type: 'delay-first-event', ms: 5_000, streamId: 'lane-2' });
    const model = mock.provider('gpt-4.1-mini');
    const call = (i: number) => generateText({ model, prompt: `call ${i}`, maxRetries: 0 });
    const calls = [call(0)];
    await requestsArrived(mock, 1);
    calls.push(call(1));
    await requestsArrived(mock, 2);
    calls.push(call(2), call(3));
    await callsQueued(mock, 2);
    mock.server.closeAllSockets();

    const results = await Promise.all(calls);
    expect(results.map((r) => r.text)).toEqual([0, 1, 2, 3].map((i) => `Echo: call ${i}`));
    expect(results.map((r) => wsMeta(r.providerMetadata).retries)).toEqual([1, 1, 0, 0]);
    expect(mock.server.requests.flatMap((r) => r.duplicates)).toEqual([]);
    // The socket the queued calls opened carried the resends too, and keeps their chains.
    expect(mock.server.sockets()).toEqual({ open: 1, opened: 2 });
    await vi.waitFor(() =>
      expect(poolOf(mock!).stats()).toMatchObject({ queued: 0, inFlight: 0, open: 1 }),
    );
  });
});

describe('a resend while the pool is full', () => {
  it('no first event in time, the only socket’s other lanes free: the resend takes one of them', async () => {
    // Lanes on, maxSockets 1: the silent lane drains and keeps its socket open, so no fresh
    // socket can open. The resend goes out on another lane of that socket rather than wait in
    // the queue beside its free lanes until queueTimeoutMs.
    mock = await startMock({
      pool: { lanes: 4, maxSockets: 1, firstEventTimeoutMs: 300, queueTimeoutMs: 1_000 },
    });
    mock.server.fault({ type: 'delay-first-event', ms: 3_000, streamId: 'lane-1' });
    const result = await callResult(mock, 'resent');
    expect(result.text).toBe('Echo: resent');
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      reason: 'first-event-timeout',
      retries: 1,
      lane: 'lane-2',
    });
    expect(mock.server.sockets()).toEqual({ open: 1, opened: 1 });
    await vi.waitFor(
      () => expect(poolOf(mock!).stats()).toMatchObject({ queued: 0, inFlight: 0 }),
      {
        timeout: 5_000,
      },
    );
  });
});
