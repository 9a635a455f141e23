import { describe, expect, it } from 'vitest';
import { lineChart } from '../lib/chart-svg.mjs';

describe('lineChart', () => {
  const svg = lineChart({
    title: 'Latency <per> step',
    xLabel: 'step',
    yLabel: 'ms',
    series: [
      {
        label: 'a',
        color: '#f00',
        points: [
          [1, 10],
          [2, 20],
          [3, 35],
        ],
      },
      {
        label: 'b',
        color: '#00f',
        points: [
          [1, 5],
          [2, 5],
          [3, 5],
        ],
      },
    ],
  });

  it('draws one polyline per series with every point', () => {
    const lines = svg.match(/<polyline [^>]*points="([^"]*)"/g);
    expect(lines).toHaveLength(2);
    expect(lines[0].split(' ').filter((p) => p.includes(',')).length).toBe(3);
  });

  it('escapes text and ends the y axis above the highest value', () => {
    expect(svg).toContain('Latency &lt;per&gt; step');
    expect(svg).toMatch(/>40<\/text>/);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});
