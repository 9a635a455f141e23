import { generateText } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventQueue } from '../../../src/model/turn/event-queue';
import { LeasedLane } from '../../../src/model/turn/leased-lane';
import { gc } from '../../helpers/gc';
import { afterOneTurn, callError, type MockSetup, startMock } from '../../helpers/mock-provider';

/*
 * Every frame a call sends gets an EventQueue for its events. Once the attempt is over, however it
 * went, nothing may keep that queue alive: not its deadline timer (unreferenced, so it never kept
 * the process alive, but it held the queue and what the queue held until it fired: up to
 * `firstEventTimeoutMs`, or `eventTimeoutMs` once the server had accepted the request).
 */

let mock: MockSetup;
/** The queue of every frame sent while the test runs, weakly held. */
let queues: WeakRef<EventQueue>[];
const start = LeasedLane.prototype.start;
beforeEach(async () => {
  mock = await startMock();
  queues = [];
  LeasedLane.prototype.start = function (this: LeasedLane, frame: string, queue: EventQueue) {
    queues.push(new WeakRef(queue));
    return start.call(this, frame, queue);
  };
});
afterEach(async () => {
  LeasedLane.prototype.start = start;
  await mock.close();
});

/** Waits until the garbage collector has taken every queue; fails with the count still alive. */
async function everyQueueCollected(sent: number) {
  expect(queues).toHaveLength(sent);
  await vi.waitFor(() => {
    gc();
    expect(queues.filter((queue) => queue.deref() !== undefined)).toHaveLength(0);
  });
}

describe('the queue of an attempt that failed before any output', () => {
  it('refused by the server: nothing keeps it', async () => {
    mock.server.fault({ type: 'error-event', code: 'invalid_value' });
    expect((await callError(mock)).message).toMatch(/invalid_value/);
    await everyQueueCollected(1);
  });

  it('an error after the acceptance (no output yet): nothing keeps it', async () => {
    mock.server.fault({ type: 'error-event', code: 'server_error', shape: 'mid-stream' });
    expect((await callError(mock)).message).toMatch(/server_error/);
    await everyQueueCollected(1);
  });

  it('resent after its socket closed: nothing keeps the failed attempt’s, nor the one that completed', async () => {
    mock.server.fault({ type: 'close-before-first-event' });
    const result = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'hi' });
    expect(result.text).toBe('Echo: hi');
    expect(mock.server.sockets().opened).toBe(2);
    await everyQueueCollected(2);
  });

  it('resent on the same socket (previous_response_not_found): nothing keeps either', async () => {
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({ type: 'previous-response-not-found' });
    const result = await generateText({ model, messages });
    expect(result.text).toBe('Echo: Turn two');
    await everyQueueCollected(3);
  });

  it('aborted while it waited for the first event: nothing keeps it', async () => {
    mock.server.fault({ type: 'delay-first-event', ms: 5_000 });
    const controller = new AbortController();
    void vi
      .waitFor(() => expect(mock.server.requests).toHaveLength(1))
      .then(() => controller.abort(new Error('stop')));
    const error = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      abortSignal: controller.signal,
    }).catch((e) => e);
    expect(error.message).toBe('stop');
    await everyQueueCollected(1);
  });
});
