/**
 * A pull-based queue of the server events of one response, fed by socket callbacks. Turns the
 * push world of a socket into `await next()`, with a deadline and abort per wait, so the turn
 * logic reads top to bottom.
 */
export type QueueResult =
  | { kind: 'event'; event: Record<string, unknown> }
  | { kind: 'failed'; error: unknown }
  | { kind: 'timeout' };

export class EventQueue {
  private readonly buffered: Record<string, unknown>[] = [];
  private failure: { error: unknown } | undefined;
  private waiting: ((result: QueueResult) => void) | undefined;

  push(event: Record<string, unknown>): void {
    if (this.failure) return;
    if (this.waiting) this.settle({ kind: 'event', event });
    else this.buffered.push(event);
  }

  /** No more events will come; buffered events are still delivered first. */
  fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    if (this.waiting && this.buffered.length === 0) this.settle({ kind: 'failed', error });
  }

  /** The next event, the failure, or `timeout` after `timeoutMs` (no deadline when undefined). */
  next(timeoutMs?: number): Promise<QueueResult> {
    const event = this.buffered.shift();
    if (event) return Promise.resolve({ kind: 'event', event });
    if (this.failure) return Promise.resolve({ kind: 'failed', error: this.failure.error });
    return new Promise<QueueResult>((resolve) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => this.settle({ kind: 'timeout' }), timeoutMs);
      this.waiting = (result) => {
        if (timer) clearTimeout(timer);
        resolve(result);
      };
    });
  }

  private settle(result: QueueResult): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(result);
  }
}
