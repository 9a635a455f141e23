// Renders bench/RESULTS.md from a run's saved results: the targets first (met / missed and by
// how much), then the machine and method, every section's own Markdown, and — when the run was
// profiled — where this package's process spends its time. Every number comes from the run.
import { fixed, int, table } from './stats.mjs';

const verdict = (met) => (met === null ? '' : met ? 'met' : '**missed**');

function renderTargets(rows) {
  return [
    '## Targets',
    '',
    'The targets of issue 16, each next to the figure this run measured. Ratios are of medians over runs; the range in brackets is that of the run-by-run ratios.',
    '',
    table(
      ['target', 'measured', '', 'by'],
      rows.map((r) => [r.target, r.measured, verdict(r.met), r.by]),
      ['l', 'l', 'l', 'l'],
    ),
    '',
  ].join('\n');
}

function renderMethod(run) {
  const { machine } = run;
  return [
    '## Machine and method',
    '',
    table(
      ['', ''],
      [
        ['CPU', machine.cpu],
        ['memory', `${fixed(machine.memoryGb, 1)} GB`],
        ['OS', machine.os],
        ['Node.js', machine.node],
        ['load average (1 / 5 / 15 min) at start', run.loadStart],
        ['load average at end', run.loadEnd],
        ['runs per section (`BENCH_RUNS`)', String(run.runs)],
        [
          'time per part (s)',
          Object.entries(run.timings)
            .map(([name, s]) => `${name} ${fixed(s, 0)}`)
            .join(' · '),
        ],
        ['TLS certificate (WAN profile)', run.tlsSource],
        ...Object.entries(machine.packages).map(([name, version]) => [`\`${name}\``, version]),
      ],
      ['l', 'l'],
    ),
    '',
    "**Processes.** The server (the package's mock with the cost model, or the paced streamer) runs in its own process, and so does every contender: one fresh client process per contender and run, warmed up, then measured, then ended. Only one client process works at a time; contenders take turns in an order that rotates from run to run. CPU figures are `process.cpuUsage()` deltas inside the contender's own process over the window the section names. No section forces a garbage collection.",
    '',
    '**Cost model** of the mock (fixed before any measurement, not tuned):',
    '',
    table(
      ['parameter', 'value', 'meaning'],
      [
        [
          '`latencyMs`',
          `${run.costModel.latencyMs} ms`,
          'before the first event of every response',
        ],
        [
          '`perKbMs`',
          `${run.costModel.perKbMs} ms / KiB`,
          'per KiB of context the server must process: all of it without a cached parent, only the new input with one',
        ],
        [
          '`storageLoadMs`',
          `${run.costModel.storageLoadMs} ms`,
          'when the parent is reloaded from storage (`store: true` over HTTP)',
        ],
        ['`perEventMs`', `${run.costModel.perEventMs} ms`, 'between two streamed events'],
      ],
      ['l', 'r', 'l'],
    ),
    '',
  ].join('\n');
}

function renderProfiles(summaries) {
  const out = [
    '## Where the time goes (CPU profiles)',
    '',
    "Self time per function in this package's client process, from one extra run per section with `--cpu-prof` (100 µs sampling) on every client process; that run's figures are not in the tables above (the profiler costs CPU). Only samples inside the measured windows count (the windows each section names: streams, steps, workloads), so warm-up is left out.",
    '',
  ];
  for (const { id, summary } of summaries) {
    if (!summary.files) continue;
    out.push(
      `### ${id}`,
      '',
      `${fixed(summary.sampledMs, 0)} ms sampled in ${int(summary.files)} profile(s)${summary.inWindows ? '' : ' (whole process: the windows did not line up with the samples)'}${summary.missing ? `; ${summary.missing} profile(s) missing` : ''}. By origin: ${summary.origins
        .slice(0, 6)
        .map((o) => `${o.origin} ${fixed(o.pct, 0)} %`)
        .join(' · ')}.`,
      '',
      table(
        ['function', 'where', 'origin', 'self ms', 'share'],
        summary.top.map((f) => [
          `\`${f.name}\``,
          f.where ? `\`${f.where}\`` : '',
          f.origin,
          fixed(f.selfMs, 1),
          `${fixed(f.pct, 1)} %`,
        ]),
        ['l', 'l', 'l', 'r', 'r'],
      ),
      '',
    );
  }
  return out.join('\n');
}

/**
 * Every section's Markdown, in the order of the run. A module that exports `renderGroup` gets
 * all of its sections of the run at once (its variants, e.g. the scale section with lanes off and
 * on), rendered where the first of them stands, so that they can be read side by side.
 * @param {Array<{ id: string, module: string, options?: object, result: any }>} sections
 */
export function renderSections(sections, modules) {
  const out = [];
  const grouped = new Set();
  for (const s of sections) {
    const mod = modules[s.module];
    if (!mod.renderGroup) {
      out.push(mod.render(s.result, s.options ?? {}));
      continue;
    }
    if (grouped.has(s.module)) continue;
    grouped.add(s.module);
    const variants = sections.filter((v) => v.module === s.module);
    out.push(
      mod.renderGroup(
        variants.map((v) => ({ id: v.id, options: v.options ?? {}, result: v.result })),
      ),
    );
  }
  return out;
}

/**
 * @param {object} run the saved run: machine, timings, sections: [{ id, module, options,
 *   result }], and the section modules to render them with
 */
export function renderReport(run, modules) {
  const targets = run.sections.flatMap(
    (s) => modules[s.module].targets?.(s.result, s.options ?? {}) ?? [],
  );
  const banner = [];
  if (run.runs < 3) {
    banner.push(
      `> **Quick run** (\`BENCH_RUNS=${run.runs}\`): fine for checking the harness, not for publishing; spreads need several runs.`,
    );
  }
  if (run.partial) {
    const ids = run.sections.map((s) => `\`${s.id}\``).join(', ');
    banner.push(
      `> **Some sections only** (\`BENCH_ONLY\`): ${ids}. The targets below are those of these sections only; \`npm run bench\` without \`BENCH_ONLY\` writes the full report, \`bench/RESULTS.md\`.`,
    );
  }
  return [
    '# Benchmark results',
    '',
    `Generated by \`npm run bench\` (\`bench/run.mjs\`) on ${run.startedAt} in ${fixed(run.totalSeconds, 0)} s. Do not edit by hand: run it again. How the harness works: [bench/README.md](README.md).`,
    '',
    ...(banner.length ? [banner.join('\n>\n'), ''] : []),
    renderTargets(targets),
    renderMethod(run),
    ...renderSections(run.sections, modules),
    ...(run.profiles?.length ? [renderProfiles(run.profiles)] : []),
  ].join('\n');
}
