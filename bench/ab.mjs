// `npm run bench:ab -- <rev-a> [<rev-b>]`: client CPU per step of two revisions of this package,
// measured in one process, for judging a single change.
//
// The full bench gives each contender a process of its own. That is right for comparing
// contenders, but this machine drifts by 15–30 % between processes and between runs minutes
// apart, more than most single changes are worth. Here both builds are loaded side by side in
// one process and their tool loops alternate (A B, B A, …) against one mock with the bench's cost
// model (in its own process), so both see the same machine state, after 400 warm-up loops each on
// a cost-free mock. Each build keeps its own pool, chain heads and credentials (`ownState`). An
// A/A comparison of one revision lands within about 3–4 % (1.027 in one 60-loop run with a short
// warm-up, 1.042 in one with the long one). What the builds share cannot be judged this way:
// Node.js's own state, its timer lists above all (one list per duration for both builds). A
// change to how timers are set (4b74d38) read 1.033 here, and 0.97 of before in separate
// processes (7 pairs, each build in its own process against the same mock).
//
//   <rev-a>, <rev-b>   git revisions; `.` is the working tree (the default for <rev-b>)
//   AB_ITEMS=<n>       history items of each loop (default 100)
//   AB_LOOPS=<n>       measured loops per build (default 60; 12 steps each, the first 2 left out)
//   AB_TOOLS=<n>       function tools of every step (default 1; more get a new schema object per
//                      step, as zod tools do: bench/lib/model-loop.mjs, `agentTools`)
//   AB_MODE=events     client CPU per event instead: the event-pace section's stream (2,000 text
//                      deltas, one per socket read) at AB_RATE events/s (default 4,000), AB_STREAMS
//                      measured streams per build (default 40) after 20 warm-up streams each
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { drainModel } from './contenders/paced-stream.mjs';
import { cpuMicros } from './lib/clock.mjs';
import { EVENT_PACE } from './lib/config.mjs';
import { ROOT } from './lib/dist.mjs';
import { runModelLoop } from './lib/model-loop.mjs';
import { startServer as startPacedServer } from './lib/server-client.mjs';
import { median } from './lib/stats.mjs';
import { API_KEY, MODEL_ID } from './lib/workload.mjs';

const STEPS = 12;
const SKIP = 2;
/**
 * Fast loops of 10 steps per build on the cost-free mock first: V8 optimises code that runs once
 * per step only after thousands of steps (bench/README.md, "Warm-up until the figures stop
 * falling"), and two builds measured mid-way would differ by where each had got to.
 */
const WARM_UP_LOOPS = 400;
const OUT = resolve(ROOT, 'node_modules/.cache/ai-sdk-openai-ws-ab');

/** The sources of `rev` in a temporary folder (the working tree for `.`). */
function sourcesOf(rev) {
  if (rev === '.') return { dir: ROOT, done: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'ai-sdk-openai-ws-ab-'));
  const archive = execFileSync('git', ['archive', rev], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(resolve(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Builds `rev` inside node_modules (so the build's bare imports resolve); returns its folder. */
function build(rev, name) {
  const out = join(OUT, name);
  mkdirSync(OUT, { recursive: true });
  const sources = sourcesOf(rev);
  try {
    execFileSync(
      resolve(ROOT, 'node_modules/.bin/tsup'),
      ['--no-dts', '--silent', '--out-dir', out],
      {
        cwd: sources.dir,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  } finally {
    sources.done();
  }
  return out;
}

/** The bench's mock with its cost model, in a process of its own; resolves with its URL. */
function startServer(distDir) {
  const child = fork(resolve(ROOT, 'bench/lib/ab-server.mjs'), {
    env: { ...process.env, AB_DIST: distDir },
  });
  return new Promise((resolveUrl, reject) => {
    child.once('message', (urls) => resolveUrl({ ...urls, close: () => child.kill() }));
    child.once('error', reject);
  });
}

const loadBuild = (dir) => import(pathToFileURL(join(dir, 'v4.js')).href);

/**
 * The process-wide registry every copy of the package keeps its shared state in: the symbol of
 * src/util/shared-instance.ts (were it renamed, the test's count of entries would fall to 0).
 */
const REGISTRY = Symbol.for('ai-sdk-openai-ws.shared.v1');

/**
 * Providers configured alike share one pool, one store of chain heads and one credential cache
 * (src/shared-state-key.ts), across module copies: the two builds would run on each other's
 * objects (A's pool and sockets carrying B's calls) and trip over each other's internal shapes.
 * A pool setting that no loop here reaches (the idle timeout, five minutes and `k` ms) makes each
 * build's key, and so its state, its own. One idle socket is kept: each loop or stream (a new
 * conversation) takes it over, so no measured call opens a socket.
 */
const ownState = (k) => ({ pool: { maxIdleSockets: 1, idleTimeoutMs: 300_000 + k } });

/** Build `k`'s provider on `url`, with state of its own. */
const providerOf = (build, k, url) =>
  build.createOpenAIWebSocket({
    apiKey: API_KEY,
    baseURL: url,
    transport: 'websocket',
    name: `ab-${k}`,
    ...ownState(k),
  });

/** `measure(k)` for both builds `rounds` times, in alternating order (A B, B A, …); per build, every result. */
async function alternate(rounds, measure) {
  const results = [[], []];
  for (let i = 0; i < rounds; i++) {
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) results[k].push(await measure(k, i));
  }
  return results;
}

export async function compare(
  revA,
  revB,
  { items = 100, loops = 60, warmUpLoops = WARM_UP_LOOPS, toolCount = 1 } = {},
) {
  const dirs = [build(revA, 'a'), build(revB, 'b')];
  const server = await startServer(dirs[0]);
  try {
    const builds = await Promise.all(dirs.map(loadBuild));
    const historyPairs = Math.max(0, Math.round((items - 2) / 2));
    const loop = async (k, label, { url = server.url, pairs = historyPairs } = {}) => {
      const provider = providerOf(builds[k], k, url);
      try {
        const userText = `A/B ${k} ${label}. #tools=100000`;
        const steps = await runModelLoop(provider(MODEL_ID), {
          mode: 'full',
          steps: STEPS,
          historyPairs: pairs,
          userText,
          toolCount,
        });
        return steps.slice(SKIP).map((step) => step.cpuUs);
      } finally {
        await provider.close();
      }
    };
    const fast = { url: server.warmUrl, pairs: 4 };
    for (let i = 0; i < warmUpLoops; i++)
      for (const k of [0, 1]) await loop(k, `warm-up ${i}`, fast);
    // One loop each on the measured mock, thrown away: the paced regime warms up too.
    for (const k of [0, 1]) await loop(k, 'paced warm-up');
    const cpu = (await alternate(loops, (k, i) => loop(k, String(i)))).map((runs) => runs.flat());
    const [a, b] = cpu.map(median);
    // How many registry entries the measured loops used: one per build, or they shared state.
    const sharedStates = [...(globalThis[REGISTRY]?.keys() ?? [])].filter((key) =>
      key.startsWith(`${server.url}\n`),
    ).length;
    return { a, b, ratio: b / a, steps: cpu[0].length, sharedStates };
  } finally {
    server.close();
  }
}

/**
 * Client CPU per event of two revisions, side by side in one process as `compare` does: both
 * builds stream the event-pace section's paced text stream in turn (A B, B A, …), each from its
 * own provider and socket; the server is the section's, in its own process.
 */
export async function compareEvents(revA, revB, { rate = 4000, streams = 40, warmUpStreams = 20 }) {
  const dirs = [build(revA, 'a'), build(revB, 'b')];
  const server = await startPacedServer({ kind: 'paced', deltas: EVENT_PACE.deltas });
  const providers = [];
  try {
    for (const [k, dir] of dirs.entries())
      providers.push(providerOf(await loadBuild(dir), k, server.url));
    const once = async (k) => {
      const start = cpuMicros();
      const chars = await drainModel(providers[k](MODEL_ID), rate);
      const us = (cpuMicros() - start) / server.events;
      if (chars !== server.chars) throw new Error(`build ${k}: ${chars} of ${server.chars} chars`);
      return us;
    };
    for (let i = 0; i < warmUpStreams; i++) for (const k of [0, 1]) await once(k);
    const cpu = await alternate(streams, once);
    const [a, b] = cpu.map(median);
    return { a, b, ratio: b / a, streams: cpu[0].length };
  } finally {
    await Promise.all(providers.map((provider) => provider.close()));
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [revA, revB = '.'] = process.argv.slice(2);
  if (!revA) {
    console.error('usage: npm run bench:ab -- <rev-a> [<rev-b>]');
    process.exit(2);
  }
  if (process.env.AB_MODE === 'events') {
    const rate = Number(process.env.AB_RATE ?? 4000);
    const result = await compareEvents(revA, revB, {
      rate,
      streams: Number(process.env.AB_STREAMS ?? 40),
    });
    const us = (value) => `${value.toFixed(1)} µs`;
    console.log(
      `client CPU per event at ${rate}/s (median of ${result.streams} streams each): ` +
        `A ${revA} ${us(result.a)}, B ${revB} ${us(result.b)}, B/A ${result.ratio.toFixed(3)}`,
    );
    process.exit(0);
  }
  const result = await compare(revA, revB, {
    items: Number(process.env.AB_ITEMS ?? 100),
    loops: Number(process.env.AB_LOOPS ?? 60),
    toolCount: Number(process.env.AB_TOOLS ?? 1),
  });
  const us = (value) => `${Math.round(value)} µs`;
  console.log(
    `client CPU per step (median of ${result.steps} steps each): A ${revA} ${us(result.a)}, ` +
      `B ${revB} ${us(result.b)}, B/A ${result.ratio.toFixed(3)}`,
  );
  process.exit(0);
}
