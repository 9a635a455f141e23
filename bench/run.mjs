// `npm run bench`: builds the package into a private folder, runs every section of
// `sections/index.mjs`, and writes bench/RESULTS.md and one chart per network profile.
//
//   BENCH_RUNS=<n>       runs per section (default 5; 1 = quick mode)
//   BENCH_ONLY=<ids>     only these sections (comma-separated); the report then goes to the
//                        work folder, not bench/
//   BENCH_REPORT=<file>  write the report there instead (relative to the repository root), its
//                        charts beside it: e.g. a run of some sections on another Node.js
//   BENCH_DIST=<dir>     use an existing build instead (relative to the repository root)
//   BENCH_CPU_PROF=1     one extra, profiled run per section (--cpu-prof on every client
//                        process, profiles in the work folder; or BENCH_CPU_PROF=<dir>), and a
//                        "where the time goes" summary of this package's process in the report
//   BENCH_FROM=<file>    re-render a report from a saved run (no measuring)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { COST_MODEL, RUNS } from './lib/config.mjs';
import { summariseProfiles } from './lib/cpu-profile.mjs';
import { ROOT } from './lib/dist.mjs';
import { describeMachine, loadAverage } from './lib/machine.mjs';
import { renderReport } from './lib/report.mjs';
import { progress, sectionContext } from './lib/section.mjs';
import { localhostCertificate } from './lib/tls-cert.mjs';
import { SECTIONS } from './sections/index.mjs';

const BUILD_DIR = 'node_modules/.cache/ai-sdk-openai-ws-bench';
const WORK_DIR = resolve(ROOT, 'node_modules/.cache/ai-sdk-openai-ws-bench-run');
mkdirSync(WORK_DIR, { recursive: true });

const importSection = (name) => import(`./sections/${name}.mjs`);
const modules = Object.fromEntries(
  await Promise.all(
    [...new Set(SECTIONS.map((s) => s.module))].map(async (m) => [m, await importSection(m)]),
  ),
);

function build() {
  if (process.env.BENCH_DIST) return process.env.BENCH_DIST;
  // A private build (no type declarations needed): `dist/` is left as it is, and the bench runs
  // exactly the sources of this checkout. Inside node_modules so that the build's bare imports
  // (ws, zod, …) resolve.
  progress(`building the package into ${BUILD_DIR}`);
  execFileSync(
    resolve(ROOT, 'node_modules/.bin/tsup'),
    ['--no-dts', '--silent', '--out-dir', BUILD_DIR],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return BUILD_DIR;
}

/** This package's client processes' profiles, summarised per section. */
function profileSummaries(sections, dist) {
  return sections.map(({ id, profiles }) => ({
    id,
    summary: summariseProfiles(
      profiles.filter((p) => p.contender === 'websocket'),
      { buildMarker: `${basename(dist)}/` },
    ),
  }));
}

async function measure() {
  const started = performance.now();
  const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
  const prof = process.env.BENCH_CPU_PROF;
  const profileDir = prof ? resolve(prof === '1' ? resolve(WORK_DIR, 'profiles') : prof) : null;
  const run = {
    startedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    loadStart: loadAverage(),
    runs: RUNS,
    profiled: Boolean(profileDir),
    partial: Boolean(only),
    costModel: COST_MODEL,
    timings: {},
    sections: [],
  };
  const dist = build();
  // Every child (server and client processes) imports the package from this build.
  process.env.BENCH_DIST = dist;
  run.timings.build = (performance.now() - started) / 1000;
  const tls = localhostCertificate(resolve(WORK_DIR, 'tls'));
  run.tlsSource = tls.source;
  for (const entry of SECTIONS) {
    if (only && !only.includes(entry.id)) continue;
    progress(`section: ${entry.id}`);
    const t0 = performance.now();
    const ctx = sectionContext({ id: entry.id, runs: RUNS, dist, profileDir, tls });
    const result = await modules[entry.module].measure(ctx, entry.options ?? {});
    run.timings[entry.id] = (performance.now() - t0) / 1000;
    run.sections.push({ ...entry, result, profiles: ctx.profiles });
    // Saved after every section, so a failure later loses nothing measured so far.
    writeFileSync(resolve(WORK_DIR, 'last-run.json'), JSON.stringify(run));
  }
  run.totalSeconds = (performance.now() - started) / 1000;
  run.loadEnd = loadAverage();
  run.machine = describeMachine();
  run.dist = dist;
  writeFileSync(resolve(WORK_DIR, 'last-run.json'), JSON.stringify(run));
  return run;
}

const run = process.env.BENCH_FROM
  ? JSON.parse(readFileSync(resolve(process.env.BENCH_FROM), 'utf8'))
  : await measure();
// Summarised at render time, so a re-render reads the profiles again (while their files exist).
if (run.profiled) run.profiles = profileSummaries(run.sections, run.dist ?? BUILD_DIR);
const reportFile = process.env.BENCH_REPORT
  ? resolve(ROOT, process.env.BENCH_REPORT)
  : resolve(run.partial ? WORK_DIR : import.meta.dirname, 'RESULTS.md');
writeFileSync(reportFile, renderReport(run, modules));
for (const s of run.sections) {
  for (const chart of modules[s.module].charts?.(s.result, s.options ?? {}) ?? []) {
    writeFileSync(resolve(dirname(reportFile), chart.file), chart.svg);
  }
}
progress(
  `wrote ${reportFile} (run took ${fixed0(run.totalSeconds)} s; raw results in ${resolve(WORK_DIR, 'last-run.json')})`,
);

function fixed0(s) {
  return Number.isFinite(s) ? s.toFixed(0) : '?';
}
