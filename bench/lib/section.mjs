// What a section gets from the harness (`ctx`), and the run loop every section shares.
//
// A section is a module in `bench/sections/` with:
//   measure(ctx, options)  → a plain JSON result (saved with the run, so a report can be
//                            re-rendered without measuring again)
//   render(result, options) → the section's Markdown
//   targets(result, options) → [{ target, measured, met, by }] rows for the report's target table
//   charts(result, options)  → optional [{ file, alt, svg }]
// and one line in `bench/sections/index.mjs`.
import { spawnClient } from './clients.mjs';
import { COST_MODEL } from './config.mjs';
import { startServer } from './server-client.mjs';

export function progress(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * @param {{ id: string, runs: number, dist: string, profileDir: string | null,
 *   tls: { keyFile: string, certFile: string } }} harness
 */
export function sectionContext({ id, runs, dist, profileDir, tls }) {
  const clientEnv = { BENCH_DIST: dist, NODE_EXTRA_CA_CERTS: tls.certFile };
  const ctx = {
    id,
    runs,
    costModel: COST_MODEL,
    progress: (message) => progress(`${id}: ${message}`),
    startServer: (config) => startServer({ ...config, tls }),
    spawnClient: (contender, run) =>
      spawnClient({ section: id, profileDir, clientEnv }, { contender, run }),
  };
  return ctx;
}

export const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** `ids` rotated by `run`, so that no contender always goes first (drift in load spreads out). */
export const rotate = (ids, run) => ids.map((_, i) => ids[(i + run) % ids.length]);

/**
 * The shared run loop: for every run, every contender in turn (rotating order) gets a fresh
 * client process, `fn` warms it up and measures, and the process exits. Returns the records
 * `fn` returned, tagged with contender and run; with profiling on, each also names its CPU
 * profile and the measured windows in it (`fn` returns them as `windows`).
 */
export async function eachRun(ctx, contenders, fn) {
  const records = [];
  for (let run = 1; run <= ctx.runs; run++) {
    for (const contender of rotate(contenders, run)) {
      const client = await ctx.spawnClient(contender, run);
      let record;
      try {
        record = await fn({ contender, run, client });
      } finally {
        await client.close();
      }
      const { windows = [], ...data } = record;
      records.push({
        contender,
        run,
        ...data,
        ...(client.profileFile && { profile: { file: client.profileFile, windows } }),
      });
    }
    ctx.progress(`run ${run}/${ctx.runs} done`);
  }
  return records;
}
