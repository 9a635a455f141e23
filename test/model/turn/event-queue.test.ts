import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventQueue, type EventSink, type QueueEnd } from '../../../src/model/turn/event-queue';

const event = (n: number) => ({ type: 'response.output_text.delta', n });

/** A sink that takes every event and records the end. */
function recordingSink() {
  const events: Record<string, unknown>[] = [];
  let resolveEnd: (end: QueueEnd) => void = () => {};
  const ended = new Promise<QueueEnd>((resolve) => {
    resolveEnd = resolve;
  });
  const sink: EventSink = {
    event: (e) => {
      events.push(e);
      return true;
    },
    end: (end) => resolveEnd(end),
  };
  return { sink, events, ended };
}

/** Waits on `queue` with a deadline of `ms`, expecting the timeout; how long it took. */
async function timeoutAfter(queue: EventQueue, ms: number): Promise<number> {
  const started = performance.now();
  expect(await queue.next(ms)).toEqual({ kind: 'timeout' });
  return performance.now() - started;
}

/** One wait with a deadline of `ms`, answered at once by an event. */
async function answeredWait(queue: EventQueue, ms: number, n = 0): Promise<void> {
  const next = queue.next(ms);
  queue.push(event(n));
  expect(await next).toEqual({ kind: 'event', event: event(n) });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EventQueue deadlines', () => {
  it('a wait with nothing to read times out after its deadline', async () => {
    const queue = new EventQueue();
    expect(await timeoutAfter(queue, 30)).toBeGreaterThanOrEqual(29);
    queue.close();
  });

  it('a shorter wait after a longer one still ends at its own deadline', async () => {
    const queue = new EventQueue();
    await answeredWait(queue, 60_000);
    expect(await timeoutAfter(queue, 30)).toBeLessThan(5_000);
    queue.close();
  });

  it('a longer wait after a shorter one is not cut short by the earlier deadline', async () => {
    const queue = new EventQueue();
    await answeredWait(queue, 20);
    const second = queue.next(120);
    // Past the first wait's deadline, the second is still waiting: an event still reaches it.
    await new Promise((resolve) => setTimeout(resolve, 60));
    queue.push(event(2));
    expect(await second).toEqual({ kind: 'event', event: event(2) });
    queue.close();
  });

  it("a turn's waits and its silence watch share one timer, cleared when the turn is over", async () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const queue = new EventQueue();
    // A response's first events, read one by one, as before its first output...
    for (const ms of [30_000, 600_000, 600_000]) await answeredWait(queue, ms);
    // ...then the stream of the rest, under a silence deadline.
    queue.watchSilence(600_000);
    const { sink, events } = recordingSink();
    queue.flow(sink);
    for (let n = 1; n <= 16; n++) queue.push(event(n));
    queue.close();
    expect(events).toHaveLength(16);
    expect(set).toHaveBeenCalledTimes(1);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it("a turn's timer is unreferenced, so clearing it leaves Node's timer list of its duration for the next turn", async () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const timers: NodeJS.Timeout[] = [];
    for (let turn = 0; turn < 2; turn++) {
      const queue = new EventQueue();
      await answeredWait(queue, 45_000);
      timers.push(set.mock.results.at(-1)?.value as NodeJS.Timeout);
      queue.close();
    }
    expect(set).toHaveBeenCalledTimes(2);
    // A referenced timer's clearTimeout deletes the list when it was its last timer, and the
    // next turn's setTimeout builds it again; an unreferenced one never deletes it.
    for (const timer of timers) expect(timer.hasRef()).toBe(false);
    // The deadline still fires while something else keeps the process alive (the socket).
    expect(await timeoutAfter(new EventQueue(), 20)).toBeGreaterThanOrEqual(19);
  });

  it('silence ends a flowing queue once no event came for the deadline', async () => {
    const queue = new EventQueue();
    const { sink, events, ended } = recordingSink();
    queue.watchSilence(40);
    queue.flow(sink);
    queue.push(event(1));
    const started = performance.now();
    expect(await ended).toEqual({ kind: 'timeout' });
    expect(events).toEqual([event(1)]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
  });

  it('events keep a silence watch from firing; so does a consumer that is behind', async () => {
    const queue = new EventQueue();
    let room = true;
    const taken: unknown[] = [];
    let end: QueueEnd | undefined;
    const sink: EventSink = {
      event: (e) => {
        taken.push(e);
        return room;
      },
      end: (e) => {
        end = e;
      },
    };
    queue.watchSilence(50);
    queue.flow(sink);
    for (let n = 1; n <= 4; n++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      queue.push(event(n));
    }
    expect(end).toBeUndefined();
    // The sink has no room: the queue waits on the consumer, not on the server.
    room = false;
    queue.push(event(5));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(end).toBeUndefined();
    room = true;
    queue.flow(sink);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(end).toEqual({ kind: 'timeout' });
    expect(taken).toHaveLength(5);
  });

  it('closing a queue stops its deadlines', async () => {
    const queue = new EventQueue();
    const { sink, ended } = recordingSink();
    queue.watchSilence(20);
    queue.flow(sink);
    queue.close();
    const outcome = await Promise.race([
      ended,
      new Promise((resolve) => setTimeout(() => resolve('still open'), 80)),
    ]);
    expect(outcome).toBe('still open');
  });
});
