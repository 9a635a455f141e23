import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpCalls } from '../../../src/http/http-calls';
import type { HttpEventStream } from '../../../src/http/http-event-source';
import { HttpEvents } from '../../../src/model/turn/http-events';

const event = (n: number) => ({ type: 'response.output_text.delta', n });

/** A response body the test feeds by hand; `cancelled` once the reader cancelled it. */
function body() {
  let controller!: ReadableStreamDefaultController<unknown>;
  const state = { cancelled: false };
  const events = new ReadableStream<unknown>({
    start: (c) => {
      controller = c;
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  const opened: HttpEventStream = { events, responseHeaders: {}, requestBytes: 0 };
  return { opened, push: (e: unknown) => controller.enqueue(e), state };
}

/** A promise's result once it has settled (read it after advancing the timers). */
function settled<T>(promise: Promise<T>): { result: T | undefined } {
  const box: { result: T | undefined } = { result: undefined };
  promise.then((result) => {
    box.result = result;
  });
  return box;
}

const settings = {
  signal: undefined,
  calls: new HttpCalls(),
  firstEventTimeoutMs: 1_000,
  eventTimeoutMs: 5_000,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('HttpEvents deadlines', () => {
  it('the first event is awaited from the POST: a request with no answer is aborted', async () => {
    const events = new HttpEvents({ ...settings, firstEventTimeoutMs: 50 });
    let signal: AbortSignal | undefined;
    const error = await events
      .open((s) => {
        signal = s;
        // A server that never answers: only the abort ends the request.
        return new Promise((_, reject) => s.addEventListener('abort', () => reject(s.reason)));
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(events.stopped).toBe('timeout');
    expect(signal?.aborted).toBe(true);
  });

  it('the first event shares the deadline of the headers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { opened, state } = body();
    const events = new HttpEvents(settings);
    await events.open(async () => {
      await vi.advanceTimersByTimeAsync(600);
      return opened;
    });
    const first = settled(events.next());
    await vi.advanceTimersByTimeAsync(399);
    expect(first.result).toBeUndefined();
    // 600 ms went to the headers: 400 ms were left for the first event, not another 1 000.
    await vi.advanceTimersByTimeAsync(1);
    expect(first.result).toEqual({ kind: 'timeout' });
    expect(state.cancelled).toBe(true);
  });

  it('each later event may take eventTimeoutMs from the read that waits for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { opened, push, state } = body();
    const events = new HttpEvents(settings);
    await events.open(async () => opened);
    push(event(0));
    expect(await events.next()).toEqual({ kind: 'event', event: event(0) });
    for (let n = 1; n <= 3; n++) {
      const next = events.next();
      await vi.advanceTimersByTimeAsync(4_999);
      push(event(n));
      expect(await next).toEqual({ kind: 'event', event: event(n) });
    }
    const silent = settled(events.next());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(silent.result).toEqual({ kind: 'timeout' });
    // The silent body is cancelled: its connection closes.
    expect(state.cancelled).toBe(true);
  });

  it('a consumer that does not read is not waiting for the server: no timeout meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { opened, push, state } = body();
    const events = new HttpEvents(settings);
    await events.open(async () => opened);
    push(event(1));
    expect(await events.next()).toEqual({ kind: 'event', event: event(1) });
    // The consumer is away for longer than any deadline; the server sent the next event meanwhile.
    await vi.advanceTimersByTimeAsync(60_000);
    push(event(2));
    expect(await events.next()).toEqual({ kind: 'event', event: event(2) });
    expect(state.cancelled).toBe(false);
    events.close();
  });

  it("the call's abort stops a pending read with its reason and cancels the body", async () => {
    const { opened, state } = body();
    const controller = new AbortController();
    const events = new HttpEvents({ ...settings, signal: controller.signal });
    await events.open(async () => opened);
    const pending = events.next();
    const reason = new Error('caller gave up');
    controller.abort(reason);
    expect(await pending).toEqual({ kind: 'failed', error: reason });
    expect(state.cancelled).toBe(true);
  });

  it('provider.close() stops a pending read as closed and cancels the body; a finished turn is left alone', async () => {
    const calls = new HttpCalls();
    const running = body();
    const events = new HttpEvents({ ...settings, calls });
    await events.open(async () => running.opened);
    const done = body();
    const finished = new HttpEvents({ ...settings, calls });
    await finished.open(async () => done.opened);
    finished.close();
    const pending = events.next();
    calls.closeAll();
    expect(await pending).toEqual({ kind: 'closed' });
    expect(running.state.cancelled).toBe(true);
    expect(finished.stopped).toBeUndefined();
    expect(done.state.cancelled).toBe(false);
  });
});
