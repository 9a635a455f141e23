import { getEventListeners } from 'node:events';
import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockSetup, startMock } from '../helpers/mock-provider';
import { callsQueued, poolOf, requestsArrived } from '../helpers/pool-of';

/*
 * Thousands of calls through the pool's wait queue: while blockers hold every lane, a round of
 * calls fills the queue (up to maxQueuedCalls), a third of them are aborted there and the others
 * time out there. Once they have all settled the queue holds no call, the long-lived signal the
 * calls share keeps no listener, and no socket is left busy.
 */

const ROUNDS = 2;
const PER_ROUND = 1_000;
// Long enough for a round to fill the queue before its first wait times out, on a busy machine.
const QUEUE_TIMEOUT_MS = 2_000;

let setup: MockSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const isQueueTimeout = (error: unknown) =>
  APICallError.isInstance(error) && /no WebSocket became free/.test(error.message);

describe(`${ROUNDS * PER_ROUND} calls through the wait queue`, () => {
  it.each([
    ['lanes off', 0],
    ['lanes on', 2],
  ])('%s: aborted and timed-out waits leave no waiter, listener or busy lane', async (_, lanes) => {
    const pool = { maxSockets: 1, lanes, queueTimeoutMs: QUEUE_TIMEOUT_MS };
    const mock = await startMock({ pool }, {});
    setup = mock;
    const model = mock.provider('gpt-4.1-mini');
    const shared = new AbortController().signal;
    const blockers = Math.max(1, lanes);
    let requests = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // Blockers hold every lane: their first event comes long after the round is over.
      const blocking = Array.from({ length: blockers }, (_, i) => {
        mock.server.fault({ type: 'delay-first-event', ms: 60_000 });
        const own = new AbortController();
        const call = generateText({
          model,
          prompt: `blocker ${i}`,
          abortSignal: own.signal,
          maxRetries: 0,
        }).catch((error: unknown) => error);
        return { call, stop: () => own.abort(new Error('round over')) };
      });
      requests += blockers;
      await requestsArrived(mock, requests);
      const calls = Array.from({ length: PER_ROUND }, (_, i) => {
        const own = new AbortController();
        const reason = i % 3 === 2 ? new Error(`stop ${i}`) : undefined;
        const call = generateText({
          model,
          prompt: `round ${round} call ${i}`,
          abortSignal: reason ? AbortSignal.any([shared, own.signal]) : shared,
          maxRetries: 0,
        }).then(
          () => 'served',
          (error: unknown) =>
            error === reason ? 'aborted' : isQueueTimeout(error) ? 'timed out' : error,
        );
        return { call, abort: reason && (() => own.abort(reason)) };
      });
      await callsQueued(mock, PER_ROUND);
      for (const { abort } of calls) abort?.();
      const outcomes = await Promise.all(calls.map(({ call }) => call));
      const count = (what: string) => outcomes.filter((outcome) => outcome === what).length;
      expect([count('aborted'), count('timed out')]).toEqual([333, 667]);
      expect(poolOf(mock).stats().queued).toBe(0);
      for (const { stop } of blocking) stop();
      await Promise.all(blocking.map(({ call }) => call));
      // Lanes on, the blockers' lanes drain until their responses end: close them.
      await mock.provider.close();
      expect(poolOf(mock).stats()).toMatchObject({ open: 0, queued: 0, inFlight: 0 });
    }
    expect(getEventListeners(shared, 'abort')).toEqual([]);
  });
});
