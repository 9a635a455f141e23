// `npm run bench`: builds the package into a private folder, runs every section in its own
// process, and writes bench/RESULTS.md and bench/latency-per-step.svg.
//
//   BENCH_DIST=<dir>   use an existing build instead (relative to the repository root)
//   BENCH_RUNS=<n>     measured runs per workload (default 5; fewer only for quick checks)
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { lineChart } from './lib/chart-svg.mjs';
import { COST_MODEL } from './lib/config.mjs';
import { ROOT } from './lib/dist.mjs';
import { describeMachine, loadAverage } from './lib/machine.mjs';
import { CHART_FILE, chartSeries, renderReport } from './lib/report.mjs';
import { progress, runSection } from './lib/section.mjs';

const BUILD_DIR = 'node_modules/.cache/ai-sdk-openai-ws-bench';

const started = performance.now();
const startedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const loadStart = loadAverage();

const env = {};
if (!process.env.BENCH_DIST) {
  // A private build (no type declarations needed): `dist/` is left as it is, and the bench runs
  // exactly the sources of this checkout. Inside node_modules so that the build's bare imports
  // (ws, zod, …) resolve.
  progress(`building the package into ${BUILD_DIR}`);
  execFileSync(
    resolve(ROOT, 'node_modules/.bin/tsup'),
    ['--no-dts', '--silent', '--out-dir', BUILD_DIR],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  env.BENCH_DIST = BUILD_DIR;
}

const timings = { build: (performance.now() - started) / 1000 };
const section = async (name) => {
  progress(`section: ${name}`);
  const t0 = performance.now();
  const result = await runSection(resolve(import.meta.dirname, 'sections', `${name}.mjs`), env);
  timings[name] = (performance.now() - t0) / 1000;
  return result;
};

const eventPath = await section('event-path');
const planning = await section('planning-cost');
const scale = await section('scale');
const endToEnd = await section('end-to-end');
const multiInstance = await section('multi-instance');

const totalSeconds = (performance.now() - started) / 1000;
const report = renderReport({
  machine: describeMachine(),
  loadStart,
  loadEnd: loadAverage(),
  startedAt,
  totalSeconds,
  timings,
  endToEnd,
  planning,
  eventPath,
  scale,
  costModel: COST_MODEL,
  // Sections that render their own Markdown.
  extraSections: [multiInstance.markdown],
});
writeFileSync(resolve(import.meta.dirname, 'RESULTS.md'), report);
writeFileSync(
  resolve(import.meta.dirname, CHART_FILE),
  lineChart({
    title: 'Latency per step, agent loop with 50 tool calls (median of runs)',
    xLabel: 'step (model call) number',
    yLabel: 'step latency (ms)',
    series: chartSeries(endToEnd),
  }),
);
progress(`wrote bench/RESULTS.md and bench/${CHART_FILE} in ${totalSeconds.toFixed(0)} s`);
