import { describe, expect, it } from 'vitest';
import { batchMedians, curveText, median, percentile, ratio, table } from '../lib/stats.mjs';

describe('stats', () => {
  it('takes the median of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([5], 99)).toBe(5);
  });

  it('formats ratios and tables', () => {
    expect(ratio(3, 2)).toBe('1.50×');
    expect(ratio(1, 0)).toBe('–');
    expect(table(['a', 'b'], [['x', '1']])).toBe('| a | b |\n| --- | ---: |\n| x | 1 |');
  });

  it('makes one warm-up curve from several runs: batch medians, then the median over runs', () => {
    const runs = [
      [10, 8, 6, 4, 2],
      [12, 10, 8, 6],
    ];
    // Batches of 2: [10, 8] and [12, 10] → 9 and 11 → 10; [6, 4] and [8, 6] → 5 and 7 → 6;
    // [2] only in the longer run → 2.
    expect(batchMedians(runs, 2)).toEqual([10, 6, 2]);
    // As report text, in thousandths (µs → ms).
    expect(curveText(runs, 2, 1000)).toBe('0.01 → 0.01 → 0.00');
    expect(curveText(runs, 2)).toBe('10.00 → 6.00 → 2.00');
  });
});
