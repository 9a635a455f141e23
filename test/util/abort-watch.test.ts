import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchAbort } from '../../src/util/abort-watch';

afterEach(() => {
  vi.restoreAllMocks();
});

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('watchAbort', () => {
  it('many watches of one signal put one listener on it, and the last stop takes it off', () => {
    const { signal } = new AbortController();
    const stops = Array.from({ length: 50 }, () => watchAbort(signal, () => {}));
    expect(listeners(signal)).toBe(1);
    for (const stop of stops.slice(1)) stop();
    expect(listeners(signal)).toBe(1);
    stops[0]();
    expect(listeners(signal)).toBe(0);
    // Watched again afterwards: a listener again.
    const stop = watchAbort(signal, () => {});
    expect(listeners(signal)).toBe(1);
    stop();
    expect(listeners(signal)).toBe(0);
  });

  it('an abort calls every watch still on, in the order they came, and leaves no listener', () => {
    const controller = new AbortController();
    const called: string[] = [];
    watchAbort(controller.signal, () => called.push('first'));
    const stopSecond = watchAbort(controller.signal, () => called.push('second'));
    watchAbort(controller.signal, () => called.push('third'));
    stopSecond();
    controller.abort();
    expect(called).toEqual(['first', 'third']);
    expect(listeners(controller.signal)).toBe(0);
  });

  it('a watch stopped by an earlier one during the abort is not called', () => {
    const controller = new AbortController();
    const later = vi.fn();
    let stopLater = () => {};
    watchAbort(controller.signal, () => stopLater());
    stopLater = watchAbort(controller.signal, later);
    controller.abort();
    expect(later).not.toHaveBeenCalled();
    expect(listeners(controller.signal)).toBe(0);
  });

  it('the same callback watching twice is called twice, and each stop ends its own watch', () => {
    const controller = new AbortController();
    const callback = vi.fn();
    const stopOne = watchAbort(controller.signal, callback);
    watchAbort(controller.signal, callback);
    stopOne();
    stopOne();
    controller.abort();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('a watch that throws does not keep the others from running; its error is reported', () => {
    const controller = new AbortController();
    const reported: (() => void)[] = [];
    const error = new Error('a callback failed');
    watchAbort(controller.signal, () => {
      throw error;
    });
    const after = vi.fn();
    watchAbort(controller.signal, after);
    const queued = vi
      .spyOn(globalThis, 'queueMicrotask')
      .mockImplementation((task) => void reported.push(task));
    controller.abort();
    queued.mockRestore();
    expect(after).toHaveBeenCalledOnce();
    expect(reported).toHaveLength(1);
    expect(reported[0]).toThrow(error);
  });

  it('separate signals are watched apart', () => {
    const one = new AbortController();
    const two = new AbortController();
    const onOne = vi.fn();
    const onTwo = vi.fn();
    watchAbort(one.signal, onOne);
    watchAbort(two.signal, onTwo);
    one.abort();
    expect(onOne).toHaveBeenCalledOnce();
    expect(onTwo).not.toHaveBeenCalled();
    expect(listeners(two.signal)).toBe(1);
  });
});
