import { describe, expect, it } from 'vitest';
import { perRun, ratioOf, ratioText, runCount, targetRow } from '../lib/figures.mjs';
import { spread, spreadPct, withRange } from '../lib/stats.mjs';

const records = [
  { contender: 'a', run: 2, v: 12 },
  { contender: 'b', run: 1, v: 5 },
  { contender: 'a', run: 1, v: 10 },
  { contender: 'b', run: 2, v: 4 },
];

describe('figures', () => {
  it('groups values per contender in run order', () => {
    expect(perRun(records, (r) => r.v)).toEqual({ a: [10, 12], b: [5, 4] });
    expect(runCount(records)).toBe(2);
  });

  it('takes the ratio of medians, with the range of run-by-run ratios', () => {
    const r = ratioOf([10, 12], [5, 4]);
    expect(r.median).toBeCloseTo(11 / 4.5);
    expect(r.min).toBe(2);
    expect(r.max).toBe(3);
    expect(ratioText(r)).toBe('2.44× (2.00–3.00)');
  });

  it('says whether a target is met and by how much', () => {
    expect(targetRow({ target: 't', measured: 'm', value: 1.32, limit: 1.2 })).toMatchObject({
      met: false,
      by: '10 % over',
    });
    expect(targetRow({ target: 't', measured: 'm', value: 0.4, limit: 0.5 })).toMatchObject({
      met: true,
      by: '20 % inside',
    });
    expect(targetRow({ target: 't', measured: 'm', value: 1.051, limit: 1.05 })).toMatchObject({
      met: false,
      by: '0.1 % over',
    });
    expect(
      targetRow({ target: 't', measured: 'm', value: 20, limit: 1024, unit: 'bytes' }).by,
    ).toBe('1,004 bytes inside');
    expect(targetRow({ target: 't', measured: 'm', value: Number.NaN, limit: 1 }).met).toBeNull();
  });

  it('reports the spread of runs', () => {
    const s = spread([10, 11, 12]);
    expect(s).toMatchObject({ n: 3, median: 11, min: 10, max: 12 });
    expect(spreadPct(s)).toBe('±9 %');
    expect(withRange(s, 0)).toBe('11 (10–12)');
    expect(withRange(spread([7]), 1)).toBe('7.0');
    expect(spreadPct(spread([7]))).toBe('–');
  });
});
