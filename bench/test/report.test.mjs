import { describe, expect, it } from 'vitest';
import { renderReport, renderSections } from '../lib/report.mjs';

const modules = {
  single: { render: (result, options) => `single ${result.n} ${options.profile ?? '-'}` },
  grouped: {
    render: () => 'never called: the module renders its variants together',
    renderGroup: (entries) =>
      `group ${entries.map((e) => `${e.id}=${e.result.n}/${e.options.lanes ?? 0}`).join(',')}`,
  },
};

describe('report', () => {
  it('renders the variants of a module with renderGroup together, where the first stands', () => {
    const sections = [
      { id: 'a', module: 'single', result: { n: 1 }, options: { profile: 'wan' } },
      { id: 'g1', module: 'grouped', result: { n: 2 } },
      { id: 'b', module: 'single', result: { n: 3 } },
      { id: 'g2', module: 'grouped', result: { n: 4 }, options: { lanes: 32 } },
    ];
    expect(renderSections(sections, modules)).toEqual([
      'single 1 wan',
      'group g1=2/0,g2=4/32',
      'single 3 -',
    ]);
  });

  it('renders a lone variant as a group of one', () => {
    const sections = [{ id: 'g2', module: 'grouped', result: { n: 4 }, options: { lanes: 32 } }];
    expect(renderSections(sections, modules)).toEqual(['group g2=4/32']);
  });

  it('says which sections a partial run measured, and only then', () => {
    const run = (partial) => ({
      startedAt: '2026-12-04T00:00:00Z',
      totalSeconds: 10,
      runs: 5,
      partial,
      timings: {},
      costModel: { latencyMs: 50, perKbMs: 0.5, storageLoadMs: 20, perEventMs: 1 },
      machine: { cpu: 'x', memoryGb: 1, os: 'y', node: 'v22.0.0', packages: {} },
      sections: [{ id: 'a', module: 'single', result: { n: 1 } }],
    });
    const banner = '> **Some sections only** (`BENCH_ONLY`): `a`.';
    expect(renderReport(run(true), modules)).toContain(banner);
    expect(renderReport(run(false), modules)).not.toContain('Some sections only');
  });
});
