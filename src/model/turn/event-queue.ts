import { MovingTimer } from '../../util/deadline';
/**
 * The server events of one response, fed by socket callbacks. Two ways to read them:
 *
 * - `next(timeoutMs)`: one event at a time, with a deadline per wait. The few events before a
 *   response's first output are read this way, so the turn logic reads top to bottom.
 * - `flow(sink)`: the stream of a turn under way. Events go to the sink as they arrive, in the
 *   socket's callback, with no promise or timer per event; while the sink has no room (its
 *   consumer is behind) they wait here and go once it asks again. The silence deadline
 *   (`watchSilence`) checks when the last event came.
 *
 * Every deadline of a turn shares one timer (`MovingTimer`): it fires at the earliest deadline
 * it was armed for, checks what is due, and sleeps again for what is left.
 */
export type QueueResult =
  | { kind: 'event'; event: Record<string, unknown> }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timeout' };

/** What no event can follow: the socket failed (or the call was aborted), or the server went quiet. */
export type QueueEnd = Exclude<QueueResult, { kind: 'event' }>;

/** Where a flowing queue delivers. */
export type EventSink = {
  /** One event; false when the sink takes no more for now (it calls `flow` again when it does). */
  event(event: Record<string, unknown>): boolean;
  /** No more events; called once, after every event that came before. */
  end(end: QueueEnd): void;
};

export class EventQueue {
  /** Events that came while nobody took them; `head` is the next one (no O(n) shift). */
  private buffered: (Record<string, unknown> | undefined)[] = [];
  private head = 0;
  private failure: { error: unknown } | undefined;
  private waiting: ((result: QueueResult) => void) | undefined;
  /** Set while flowing: events go straight to it (nothing is buffered then). */
  private sink: EventSink | undefined;
  private ended = false;
  /** Deadline of the `next` wait under way (a `performance.now()` time). */
  private waitUntil: number | undefined;
  /** The silence a flowing sink may wait through (`watchSilence`). */
  private silenceMs: number | undefined;
  /** When the queue last had nothing to hand on: the last event, or the sink catching up. */
  private quietSince = 0;
  /** The queue's one timer (util/deadline.ts says why one). */
  private readonly timer = new MovingTimer(() => this.checkDeadlines());

  push(event: Record<string, unknown>): void {
    if (this.failure || this.ended) return;
    if (this.silenceMs !== undefined) this.quietSince = performance.now();
    const sink = this.sink;
    if (sink) {
      if (!sink.event(event)) this.sink = undefined;
      return;
    }
    if (this.waiting) this.settle({ kind: 'event', event });
    else this.buffered.push(event);
  }

  /** No more events will come; buffered events are still delivered first. */
  fail(error: unknown): void {
    if (this.failure || this.ended) return;
    this.failure = { error };
    if (this.sink) this.finish({ kind: 'failed', error });
    else if (this.waiting && this.size === 0) this.settle({ kind: 'failed', error });
  }

  /** The next event, the failure, or `timeout` after `timeoutMs` (no deadline when undefined). */
  next(timeoutMs?: number): Promise<QueueResult> {
    const event = this.shift();
    if (event) return Promise.resolve({ kind: 'event', event });
    if (this.failure) return Promise.resolve({ kind: 'failed', error: this.failure.error });
    return new Promise<QueueResult>((resolve) => {
      this.waiting = resolve;
      if (timeoutMs === undefined) return;
      this.waitUntil = performance.now() + timeoutMs;
      this.timer.armAt(this.waitUntil);
    });
  }

  /** Puts events read with `next` back in front, in order: the stream handles them first. */
  putBack(events: readonly Record<string, unknown>[]): void {
    if (events.length === 0) return;
    this.buffered = [...events, ...this.buffered.slice(this.head)];
    this.head = 0;
  }

  /**
   * Hands every buffered event to `sink`, then (if it still has room) each new one as it
   * arrives, until the sink says it has no room. After the last event, the end if there is one.
   */
  flow(sink: EventSink): void {
    if (this.ended) return;
    for (let event = this.shift(); event; event = this.shift()) {
      if (!sink.event(event) || this.ended) return;
    }
    if (this.failure) {
      this.finish({ kind: 'failed', error: this.failure.error }, sink);
      return;
    }
    this.sink = sink;
    if (this.silenceMs !== undefined) this.quietSince = performance.now();
  }

  /**
   * Fails the flow with `timeout` once no event came for `ms` while the sink was waiting for
   * one. No timer per event: the queue's one timer checks the time of the last event when it
   * fires, and sleeps again for what is left.
   */
  watchSilence(ms: number): void {
    this.silenceMs = ms;
    this.quietSince = performance.now();
    this.timer.armAt(this.quietSince + ms);
  }

  /** The turn is over (its end handled, or the caller went away): nothing more is delivered. */
  close(): void {
    this.ended = true;
    this.sink = undefined;
    this.timer.cancel();
    this.silenceMs = undefined;
    this.buffered = [];
    this.head = 0;
  }

  private get size(): number {
    return this.buffered.length - this.head;
  }

  private shift(): Record<string, unknown> | undefined {
    if (this.head >= this.buffered.length) return undefined;
    const event = this.buffered[this.head];
    this.buffered[this.head++] = undefined;
    if (this.head === this.buffered.length) {
      this.buffered = [];
      this.head = 0;
    }
    return event;
  }

  /** The timer fired: ends what is due, and sleeps until the next deadline. */
  private checkDeadlines(): void {
    if (this.ended) return;
    const now = performance.now();
    let next = Number.POSITIVE_INFINITY;
    if (this.waiting && this.waitUntil !== undefined) {
      if (now >= this.waitUntil) {
        this.settle({ kind: 'timeout' });
        return;
      }
      next = this.waitUntil;
    }
    if (this.silenceMs !== undefined) {
      // A sink that is behind is not waiting: its consumer holds the stream, not the server.
      const quietUntil = this.sink ? this.quietSince + this.silenceMs : now + this.silenceMs;
      if (now >= quietUntil) {
        this.finish({ kind: 'timeout' });
        return;
      }
      next = Math.min(next, quietUntil);
    }
    if (next !== Number.POSITIVE_INFINITY) this.timer.armAt(next);
  }

  private finish(end: QueueEnd, sink = this.sink): void {
    this.close();
    sink?.end(end);
  }

  private settle(result: QueueResult): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    this.waitUntil = undefined;
    waiting?.(result);
  }
}
