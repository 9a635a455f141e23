import { armDeadline } from '../util/deadline';
import type { PoolSettings } from './pool-settings';

export class PoolError extends Error {
  constructor(
    readonly kind: 'queue-full' | 'queue-timeout' | 'pool-closed',
    message: string,
  ) {
    super(message);
    this.name = 'PoolError';
  }
}

type Waiter = { wake(): void };

/**
 * The calls waiting for a lane when every socket is busy: bounded (`maxQueuedCalls`), each wait
 * with its deadline (`queueTimeoutMs`) and abort. A release wakes the longest waiting call,
 * which then looks again.
 */
export class WaitQueue {
  private readonly waiters: Waiter[] = [];

  constructor(private readonly settings: PoolSettings) {}

  get length(): number {
    return this.waiters.length;
  }

  /** A call that was waiting when the pool closed fails instead of carrying on. */
  throwIfClosedSince(generation: number, current: number): void {
    if (generation !== current) {
      throw new PoolError('pool-closed', 'the WebSocket pool was closed while the call waited');
    }
  }

  /** Resolves when woken; rejects at the deadline, on abort, or at once when the queue is full. */
  wait(deadline: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.waiters.length >= this.settings.maxQueuedCalls) {
      throw new PoolError(
        'queue-full',
        `too many calls waiting for a WebSocket (maxQueuedCalls ${this.settings.maxQueuedCalls})`,
      );
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw queueTimeout(this.settings);
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
        wake: () => {
          timer.cancel();
          leave();
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  wakeOne(): void {
    this.waiters[0]?.wake();
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
