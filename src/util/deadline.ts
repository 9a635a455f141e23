import { watchAbort } from './abort-watch';

/** A timer and an abort listener armed together; whichever fires first disarms both. */
export type Deadline = {
  /** Disarms the timer and the abort listener (idempotent). */
  cancel(): void;
};

/**
 * Calls `onTimeout` after `ms` (never when `ms` is undefined) or `onAbort` when `signal` aborts
 * (or had aborted: then on a microtask), whichever comes first, and only that one. Every wait of
 * the package that can time out or be aborted goes through here, so none can leave a timer or a
 * listener behind.
 */
export function armDeadline({
  ms,
  signal,
  onTimeout,
  onAbort = onTimeout,
}: {
  ms: number | undefined;
  signal?: AbortSignal;
  onTimeout: () => void;
  onAbort?: () => void;
}): Deadline {
  let armed = true;
  // One listener per signal, however many waits share it (abort-watch.ts).
  let unwatch: (() => void) | undefined;
  const cancel = () => {
    if (!armed) return;
    armed = false;
    if (timer !== undefined) clearTimeout(timer);
    unwatch?.();
  };
  const fire = (callback: () => void) => () => {
    if (!armed) return;
    cancel();
    callback();
  };
  const aborted = fire(onAbort);
  const timer = ms === undefined ? undefined : setTimeout(fire(onTimeout), ms);
  // An aborted signal fires no more 'abort' events: one aborted already ends the wait at once
  // (on a microtask, so that the caller holds the deadline first and may still cancel it).
  if (signal?.aborted) queueMicrotask(aborted);
  else if (signal) unwatch = watchAbort(signal, aborted);
  return { cancel };
}

/**
 * One timer for deadlines that move: it fires no later than the earliest time it was armed for,
 * and whoever armed it checks then what is due and arms it again for what is left. Moving a
 * deadline later costs nothing; a timer per wait would be set and cleared for nearly every event,
 * and a cleared timer still wakes the process when it would have fired (Node keeps libuv's timer
 * armed for it). Unreferenced, so that Node.js keeps its list of timers of this duration when the
 * last one is cleared (else every turn would build it again and insert it into the timer queue,
 * ~60 µs a step, profiled); what is waited for (a socket) keeps the process alive.
 */
export class MovingTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private timerAt = 0;

  constructor(private readonly onFire: () => void) {}

  /** Fires at `at` (a `performance.now()` time) at the latest; one armed sooner fires then. */
  armAt(at: number): void {
    if (this.timer !== undefined) {
      if (this.timerAt <= at) return;
      clearTimeout(this.timer);
    }
    this.timerAt = at;
    const ms = Math.max(0, at - performance.now());
    this.timer = unrefTimer(
      setTimeout(() => {
        this.timer = undefined;
        this.onFire();
      }, ms),
    );
  }

  /** Disarms it (idempotent). */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * The deadlines of a series of waits, one at a time (the reads of a stream), on one
 * `MovingTimer`: a wait moves the deadline, and the timer checks the one due when it fires.
 */
export class SerialDeadline {
  /** The deadline of the wait under way (a `performance.now()` time); undefined between waits. */
  private until: number | undefined;
  private readonly timer = new MovingTimer(() => this.check());
  private closed = false;

  constructor(private readonly onTimeout: () => void) {}

  /** A wait begins: `onTimeout` is called unless `settle()` comes within `ms`. */
  wait(ms: number): void {
    if (this.closed) return;
    this.until = performance.now() + ms;
    this.timer.armAt(this.until);
  }

  /** The wait under way ended in time. The timer stays: it finds nothing due when it fires. */
  settle(): void {
    this.until = undefined;
  }

  /** No more waits (idempotent). */
  close(): void {
    this.closed = true;
    this.until = undefined;
    this.timer.cancel();
  }

  private check(): void {
    const until = this.until;
    if (until === undefined) return;
    if (performance.now() < until) {
      this.timer.armAt(until);
      return;
    }
    this.close();
    this.onTimeout();
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller checks the signal). */
export function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    armDeadline({ ms, signal, onTimeout: resolve });
  });
}

/**
 * A timer that does not keep the process alive by itself (something else the wait depends on,
 * such as a socket, does). Edge runtimes and browsers return a number, which has no `unref()`.
 */
export function unrefTimer<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
