// What a section gets from the harness (`ctx`), and the run loop every section shares.
//
// A section is a module in `bench/sections/` with:
//   measure(ctx, options)  → a plain JSON result (saved with the run, so a report can be
//                            re-rendered without measuring again)
//   render(result, options) → the section's Markdown
//   targets(result, options) → [{ target, measured, met, by }] rows for the report's target table
//   charts(result, options)  → optional [{ file, alt, svg }]
//   renderGroup(entries)     → optional: the Markdown of all of the module's sections in a run
//                            at once ([{ id, options, result }], index order), in place of
//                            render(), so that variants read side by side (lib/report.mjs)
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
    profileDir,
    /** Filled by the profiled run: [{ contender, file, windows }]. */
    profiles: [],
    progress: (message) => progress(`${id}: ${message}`),
    startServer: (config) => startServer({ ...config, tls }),
    spawnClient: (contender, run, { profile = false, instance } = {}) =>
      spawnClient(
        { section: id, profileDir: profile ? profileDir : null, clientEnv },
        { contender, run, instance },
      ),
  };
  return ctx;
}

export const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** `ids` rotated by `run`, so that no contender always goes first (drift in load spreads out). */
export const rotate = (ids, run) => ids.map((_, i) => ids[(i + run) % ids.length]);

/**
 * `fn(contender)` for one contender after another (work that is not measured, such as a
 * warm-up: alone on the machine, a process's V8 gets the cores for its background compiles);
 * resolves with the results by contender.
 */
export async function oneAfterAnother(contenders, fn) {
  const results = {};
  for (const contender of contenders) results[contender] = await fn(contender);
  return results;
}

/**
 * Client processes started side by side (the start is not measured). If one fails to start, the
 * others are closed again and the failure is thrown.
 */
async function startClients(starts) {
  const started = await Promise.allSettled(starts.map((start) => start()));
  const failed = started.find((s) => s.status === 'rejected');
  const clients = started.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  if (!failed) return clients;
  await Promise.all(clients.map((c) => c.close()));
  throw failed.reason;
}

/** `count` client processes for one contender and run. */
function spawnClients(ctx, contender, run, count, profile) {
  const instances = Array.from({ length: count }, (_, i) => (count > 1 ? i : undefined));
  return startClients(
    instances.map((instance) => () => ctx.spawnClient(contender, run, { profile, instance })),
  );
}

/**
 * The shared run loop: for every run, every contender in turn (rotating order) gets a fresh
 * client process, `fn` warms it up and measures, and the process exits. Returns the records
 * `fn` returned, tagged with contender and run. With profiling on (BENCH_CPU_PROF), one more
 * run follows with `--cpu-prof` on every client process: its records are not part of the
 * figures (the profiler costs CPU), only its profiles and the measured windows `fn` returned
 * (`windows`) go to `ctx.profiles`.
 *
 * `processes` (a number, or a function of the contender): a contender that stands for several
 * app instances gets that many client processes at once, as `clients` (`client` is the first).
 * They still work one at a time: the section decides which one serves each call. `label` names
 * the loop in the progress lines when a section runs more than one.
 */
export async function eachRun(ctx, contenders, fn, { processes = 1, label } = {}) {
  return runLoop(ctx, label, async (run, profile, keep) => {
    for (const contender of rotate(contenders, run)) {
      const count = typeof processes === 'function' ? processes(contender) : processes;
      const clients = await spawnClients(ctx, contender, run, count, profile);
      try {
        keep(contender, clients, await fn({ contender, run, client: clients[0], clients }));
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    }
  });
}

/**
 * The run loop for figures that are compared with each other: in every run, one client process
 * per contender, all started at once and alive through the run, handed to `fn` together (`clients`
 * by contender, `order` the run's rotation), so that it can interleave their measured work, one
 * stream or one loop of each in turn. Drift in the machine's load then reaches every contender
 * alike, where with `eachRun` it reaches whichever contender runs at the time. A process waiting
 * its turn is idle. `fn` returns a record per contender; profiling as in `eachRun`.
 */
export async function eachRunInterleaved(ctx, contenders, fn) {
  return runLoop(ctx, undefined, async (run, profile, keep) => {
    const order = rotate(contenders, run);
    const started = await startClients(
      order.map((contender) => () => ctx.spawnClient(contender, run, { profile })),
    );
    const clients = Object.fromEntries(order.map((contender, i) => [contender, started[i]]));
    try {
      const records = await fn({ run, order, clients });
      for (const contender of order) keep(contender, [clients[contender]], records[contender]);
    } finally {
      await Promise.all(Object.values(clients).map((c) => c.close()));
    }
  });
}

/** Runs `once(run, profile, keep)` for every run, then the profiled one; `keep` files a record. */
async function runLoop(ctx, label, once) {
  const records = [];
  const keeper = (run, profile) => (contender, clients, record) => {
    const { windows = [], ...data } = record;
    if (!profile) {
      records.push({ contender, run, ...data });
      return;
    }
    for (const client of clients)
      ctx.profiles.push({ contender, file: client.profileFile, windows });
  };
  const prefix = label ? `${label}: ` : '';
  for (let run = 1; run <= ctx.runs; run++) {
    await once(run, false, keeper(run, false));
    ctx.progress(`${prefix}run ${run}/${ctx.runs} done`);
  }
  if (ctx.profileDir) {
    await once(ctx.runs + 1, true, keeper(ctx.runs + 1, true));
    ctx.progress(`${prefix}profiled run done`);
  }
  return records;
}
