import { afterEach, describe, expect, it, vi } from 'vitest';
import { armDeadline, SerialDeadline } from '../../src/util/deadline';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Waits `ms` on a new SerialDeadline, after `before` ran on it; how long until it timed out. */
async function timeoutAfter(ms: number, before: (deadline: SerialDeadline) => void = () => {}) {
  let started = 0;
  await new Promise<void>((resolve) => {
    const deadline = new SerialDeadline(resolve);
    before(deadline);
    started = performance.now();
    deadline.wait(ms);
  });
  return performance.now() - started;
}

describe('SerialDeadline', () => {
  it('a wait that is not settled times out after its deadline', async () => {
    expect(await timeoutAfter(30)).toBeGreaterThanOrEqual(29);
  });

  it('a wait after a settled one has its own deadline, not the earlier one', async () => {
    const took = await timeoutAfter(120, (deadline) => {
      deadline.wait(20);
      deadline.settle();
    });
    // The timer armed for the first wait fired at 20 ms, found the second one not due, and slept on.
    expect(took).toBeGreaterThanOrEqual(119);
  });

  it('a shorter wait after a longer one ends at its own deadline', async () => {
    const took = await timeoutAfter(30, (deadline) => {
      deadline.wait(60_000);
      deadline.settle();
    });
    expect(took).toBeLessThan(5_000);
  });

  it('the waits of a stream share one timer, cleared by close()', () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const onTimeout = vi.fn();
    const deadline = new SerialDeadline(onTimeout);
    for (let i = 0; i < 100; i++) {
      deadline.wait(600_000);
      deadline.settle();
    }
    deadline.close();
    deadline.wait(10);
    expect(set).toHaveBeenCalledTimes(1);
    expect(clear).toHaveBeenCalledTimes(1);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('armDeadline', () => {
  it('a signal aborted before it was armed calls onAbort (on the next microtask), not onTimeout', async () => {
    const [onTimeout, onAbort] = [vi.fn(), vi.fn()];
    armDeadline({ ms: 60_000, signal: AbortSignal.abort(), onTimeout, onAbort });
    expect(onAbort).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(onAbort).toHaveBeenCalledOnce();
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('cancelled at once, a deadline armed with an aborted signal calls nothing', async () => {
    const onAbort = vi.fn();
    armDeadline({ ms: undefined, signal: AbortSignal.abort(), onTimeout: onAbort }).cancel();
    await Promise.resolve();
    await Promise.resolve();
    expect(onAbort).not.toHaveBeenCalled();
  });
});
