import { describe, expect, it } from 'vitest';
import { compare, compareEvents } from '../ab.mjs';

describe('bench:ab', () => {
  it('builds a committed revision and the working tree and measures both in one process', async () => {
    const result = await compare('HEAD', '.', { items: 10, loops: 2, warmUpLoops: 1 });
    // 2 loops of 12 steps per build, the first 2 steps of each left out.
    expect(result.steps).toBe(2 * 10);
    expect(result.a).toBeGreaterThan(0);
    expect(result.b).toBeGreaterThan(0);
    expect(result.ratio).toBeCloseTo(result.b / result.a, 10);
    // Each build on its own pool, heads and credentials: two registry entries, not one shared.
    expect(result.sharedStates).toBe(2);
  }, 180_000);

  it('measures the CPU per event of two builds streaming in turn', async () => {
    const result = await compareEvents('HEAD', '.', { rate: 4000, streams: 2, warmUpStreams: 1 });
    expect(result.streams).toBe(2);
    expect(result.a).toBeGreaterThan(0);
    expect(result.b).toBeGreaterThan(0);
    expect(result.ratio).toBeCloseTo(result.b / result.a, 10);
  }, 180_000);
});
