import { armDeadline } from '../util/deadline';
import type { PoolSettings } from './pool-settings';

export class PoolError extends Error {
  constructor(
    readonly kind: 'queue-full' | 'queue-timeout' | 'pool-closed' | 'may-not-open',
    message: string,
  ) {
    super(message);
    this.name = 'PoolError';
  }
}

/**
 * A call's place in the queue: its ticket, taken when it first asks for a lane and kept across
 * its waits and its attempts. A call woken for room it cannot use (a lane of another key's
 * socket, the socket it must avoid) waits again where it was, and a resend (its socket died
 * before any output) waits ahead of the calls that began after it, not behind them. `queued`:
 * it was let into the queue once (a call that waits again is never refused as queue-full).
 */
export type QueuePlace = { ticket?: number; queued?: boolean };

type Waiter = {
  ticket: number;
  scope: string | undefined;
  wake(): void;
  fail(error: unknown): void;
};

/**
 * The calls waiting for a lane when every socket is busy, oldest first: bounded
 * (`maxQueuedCalls`), each wait with its deadline (`queueTimeoutMs`) and abort. A release wakes
 * the longest waiting call, which then looks again; one that finds nothing it can use passes the
 * wake-up on (`wakeAfter`).
 */
export class WaitQueue {
  private readonly waiters: Waiter[] = [];
  private nextTicket = 0;

  constructor(
    private readonly settings: PoolSettings,
    /** Whether the pool has room some waiting call may be able to use. */
    private readonly hasRoom: () => boolean,
  ) {}

  get length(): number {
    return this.waiters.length;
  }

  /** A call that was waiting when the pool closed fails instead of carrying on. */
  throwIfClosedSince(generation: number, current: number): void {
    if (generation !== current) {
      throw new PoolError('pool-closed', 'the WebSocket pool was closed while the call waited');
    }
  }

  /** Gives the call its ticket, unless it has one from an earlier attempt. */
  enter(place: QueuePlace): void {
    place.ticket ??= this.nextTicket++;
  }

  /**
   * Resolves when woken; rejects at the deadline, on abort, at once when the queue is full (a
   * call that waited before keeps its place: it was let in already), or with the failure of its
   * scope's upgrade (`failScope`).
   */
  wait(
    deadline: number,
    signal: AbortSignal | undefined,
    place: QueuePlace,
    scope?: string,
  ): Promise<void> {
    if (!place.queued && this.waiters.length >= this.settings.maxQueuedCalls) {
      throw new PoolError(
        'queue-full',
        `too many calls waiting for a WebSocket (maxQueuedCalls ${this.settings.maxQueuedCalls})`,
      );
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw queueTimeout(this.settings);
    this.enter(place);
    place.queued = true;
    const ticket = place.ticket ?? 0;
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
      };
      const timer = armDeadline({
        ms: remaining,
        signal,
        onTimeout: () => {
          leave();
          reject(queueTimeout(this.settings));
        },
        onAbort: () => {
          leave();
          reject(signal?.reason);
        },
      });
      const waiter: Waiter = {
        ticket,
        scope,
        wake: () => {
          timer.cancel();
          leave();
          resolve();
        },
        fail: (error) => {
          timer.cancel();
          leave();
          reject(error);
        },
      };
      // In ticket order: a new call at the end, one that waits again where it was.
      let index = this.waiters.length;
      while (index > 0 && this.waiters[index - 1].ticket > ticket) index--;
      this.waiters.splice(index, 0, waiter);
    });
  }

  wakeOne(): void {
    this.waiters[0]?.wake();
  }

  /**
   * Wakes the longest waiting call behind `place`, or the longest waiting call of all for a call
   * that never waited (a new call, a resend). A waiting call passes a wake-up only to calls
   * behind it, so a chain of them ends.
   */
  wakeAfter(place: QueuePlace): void {
    const { ticket } = place;
    const next =
      ticket === undefined || !place.queued
        ? this.waiters[0]
        : this.waiters.find((w) => w.ticket > ticket);
    next?.wake();
  }

  /**
   * While there is room, a call passes on the wake-up that may have brought it here: once it
   * has reserved its lane, for room left over (one release can make room for several calls: a
   * new socket's other lanes); when it found nothing it can use, for room that may suit a call
   * behind it (a lane of another key's socket, or of the socket this call must avoid). Either
   * way that call would otherwise sleep on beside a free lane.
   */
  passOn(place: QueuePlace): void {
    if (this.waiters.length > 0 && this.hasRoom()) this.wakeAfter(place);
  }

  /** The calls of `scope` that wait fail with `error` (a failed upgrade they would get too). */
  failScope(scope: string, error: unknown): void {
    for (const waiter of this.waiters.slice()) if (waiter.scope === scope) waiter.fail(error);
  }

  wakeAll(): void {
    for (const waiter of this.waiters.slice()) waiter.wake();
  }
}

function queueTimeout(settings: PoolSettings): PoolError {
  const capacity =
    settings.lanes > 0
      ? `all ${settings.maxSockets} sockets busy on their lanes`
      : `all ${settings.maxSockets} sockets busy`;
  return new PoolError(
    'queue-timeout',
    `no WebSocket became free within ${settings.queueTimeoutMs} ms (${capacity}); raise pool.maxSockets or pool.queueTimeoutMs`,
  );
}
