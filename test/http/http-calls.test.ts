import { describe, expect, it, vi } from 'vitest';
import { HttpCalls } from '../../src/http/http-calls';

describe('HttpCalls', () => {
  it('closeAll stops the calls under way once; a call taken off, or added after, is not stopped', () => {
    const calls = new HttpCalls();
    const running = vi.fn();
    const over = vi.fn();
    calls.add(running);
    calls.add(over)();
    calls.closeAll();
    const later = vi.fn();
    calls.add(later);
    calls.closeAll();
    expect(running).toHaveBeenCalledTimes(1);
    expect(over).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledTimes(1);
  });
});
