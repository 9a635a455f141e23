// Lanes on and off at scale: N concurrent conversations (default 1,000), each a 3-turn chat at
// the model level (turn 1 full input, turns 2 and 3 continuations), once with `pool.lanes` off
// (one conversation per socket) and once with `pool: { lanes: 32 }`. Self-contained: it builds
// the package, runs each mode in a fresh Node process (`--expose-gc`), and the mock server with
// the benchmark's cost model in another one, so server CPU never loads the client's event loop.
//
//   node bench/lanes-scale.mjs                        # both modes, 1,000 conversations
//   LANES_CONVERSATIONS=200 node bench/lanes-scale.mjs
//   BENCH_DIST=dist node bench/lanes-scale.mjs        # an existing build instead of building
//   BENCH_CPU_PROF=test-output/prof node bench/lanes-scale.mjs  # CPU profiles of the clients
//
// Prints one JSON object per mode and a Markdown table: sockets opened, memory, added latency
// (p50/p99, over the same call run alone), client event-loop delay, and where the server found
// each continuation's parent (its socket's lane cache, or the store).
import { execFileSync, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const BUILD_DIR = 'node_modules/.cache/ai-sdk-openai-ws-lanes-bench';
const COST_MODEL = { latencyMs: 50, perKbMs: 0.5, storageLoadMs: 20, perEventMs: 1 };
const CONVERSATIONS = Number(process.env.LANES_CONVERSATIONS ?? 1000);
const TURNS = 3;
const ALONE = 10;
const MODES = [
  { name: 'lanes off', pool: { maxSockets: CONVERSATIONS + 10 } },
  { name: 'lanes 32', pool: { lanes: 32 } },
];

const importDist = (entry) =>
  import(pathToFileURL(resolve(ROOT, process.env.BENCH_DIST, `${entry}.js`)).href);

async function orchestrate() {
  const env = { ...process.env };
  if (!env.BENCH_DIST) {
    process.stderr.write(`[lanes] building the package into ${BUILD_DIR}\n`);
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
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each mode's client process, for digging.
  const dir = process.env.BENCH_CPU_PROF;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const results = [];
  for (const mode of MODES) {
    process.stderr.write(`[lanes] ${mode.name}: ${CONVERSATIONS} conversations\n`);
    results.push(await child(['client', JSON.stringify(mode)], env, ['--expose-gc', ...profile]));
  }
  for (const result of results) console.log(JSON.stringify(result));
  console.log(table(results));
}

/** Runs this file in a child process with `args`; resolves with what it reports over IPC. */
function child(args, env, execArgv = []) {
  return new Promise((resolveRun, rejectRun) => {
    const proc = fork(import.meta.filename, args, { env, execArgv, stdio: 'inherit' });
    let outcome;
    proc.on('message', (message) => {
      outcome = message;
    });
    proc.on('exit', (code) => {
      if (outcome?.result) resolveRun(outcome.result);
      else rejectRun(new Error(outcome?.error ?? `child exited with ${code}`));
    });
  });
}

async function serve() {
  const { createMockResponsesServer } = await importDist('testing');
  const mock = await createMockResponsesServer({ costModel: COST_MODEL });
  const handlers = {
    stats: () => summarise(mock),
    reset: () => mock.reset(),
    close: async () => {
      await mock.close();
      setImmediate(() => process.exit(0));
    },
  };
  process.on('message', async ({ id, cmd }) => {
    process.send({ id, result: (await handlers[cmd]()) ?? null });
  });
  process.send({ ready: true, url: mock.url });
}

/** Counts from the server's records: what the harness needs, not the frames themselves. */
function summarise(mock) {
  const records = mock.requests;
  const parents = { 'socket-cache': 0, store: 0, none: 0 };
  let duplicates = 0;
  let maxInFlight = 0;
  let serverQueued = 0;
  for (const r of records) {
    if (r.previousResponseId !== null) parents[r.parentSource ?? 'none']++;
    duplicates += r.duplicates.length;
    maxInFlight = Math.max(maxInFlight, r.inFlight);
    if (r.queuedFor !== null) serverQueued++;
  }
  const lanes = new Set(records.map((r) => `${r.socketId}/${r.streamId}`)).size;
  return {
    requests: records.length,
    sockets: mock.sockets(),
    parents,
    duplicates,
    maxInFlight,
    serverQueued,
    lanes,
  };
}

async function startServer() {
  const proc = fork(import.meta.filename, ['server'], { stdio: 'inherit' });
  const pending = new Map();
  let next = 1;
  const url = await new Promise((resolveReady) => {
    proc.on('message', (message) => {
      if (message.ready) return resolveReady(message.url);
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    });
  });
  const rpc = (cmd) =>
    new Promise((resolveCall) => {
      const id = next++;
      pending.set(id, resolveCall);
      proc.send({ id, cmd });
    });
  return { url, stats: () => rpc('stats'), reset: () => rpc('reset'), close: () => rpc('close') };
}

/** One call: doStream, drained; its duration, its text and the metadata a next prompt needs. */
async function call(model, prompt) {
  const start = performance.now();
  const { stream } = await model.doStream({ prompt });
  const reader = stream.getReader();
  let text = '';
  let textMetadata;
  let websocket;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value.type === 'text-delta') text += value.delta;
    if (value.type === 'text-end') textMetadata = value.providerMetadata;
    if (value.type === 'error') throw value.error;
    if (value.type === 'finish') websocket = value.providerMetadata?.openai?.websocket;
  }
  return { durationMs: performance.now() - start, text, textMetadata, websocket };
}

/** A chat of TURNS user messages, each call sending the whole conversation (as the AI SDK does). */
async function chat(model, id) {
  let prompt = [{ role: 'system', content: 'You are terse.' }];
  const calls = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const text = `Conversation ${id}, turn ${turn + 1}: one more thing about pooling, please.`;
    prompt = [...prompt, { role: 'user', content: [{ type: 'text', text }] }];
    const result = await call(model, prompt);
    if (result.text !== `Echo: ${text}`) throw new Error(`cross-talk: ${text} → ${result.text}`);
    calls.push(result);
    const part = { type: 'text', text: result.text, providerOptions: result.textMetadata };
    prompt = [...prompt, { role: 'assistant', content: [part] }];
  }
  return calls;
}

function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rssMiB: rss / 2 ** 20, heapMiB: heapUsed / 2 ** 20 };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const median = (values) => percentile(values, 50);

async function runClient(mode) {
  const { createOpenAIWebSocket } = await importDist('v4');
  const server = await startServer();
  const settings = {
    apiKey: 'test-key',
    baseURL: server.url,
    transport: 'websocket',
    pool: { maxIdleSockets: CONVERSATIONS + 10, queueTimeoutMs: 120_000, ...mode.pool },
  };
  try {
    // What each call costs alone: a warm-up chat, then ALONE chats one after the other.
    let provider = createOpenAIWebSocket(settings);
    await chat(provider('gpt-4.1-mini'), 'warm');
    const alone = { first: [], next: [] };
    for (let i = 0; i < ALONE; i++) {
      const calls = await chat(provider('gpt-4.1-mini'), `alone-${i}`);
      alone.first.push(calls[0].durationMs);
      for (const c of calls.slice(1)) alone.next.push(c.durationMs);
    }
    await provider.close();
    await server.reset();

    provider = createOpenAIWebSocket(settings);
    const model = provider('gpt-4.1-mini');
    const before = memory();
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const started = performance.now();
    const chats = await Promise.all(
      Array.from({ length: CONVERSATIONS }, (_, i) => chat(model, i)),
    );
    const wallMs = performance.now() - started;
    loop.disable();
    clearInterval(sampler);
    const idle = memory();
    const stats = await server.stats();
    await provider.close();

    const firstAdded = chats.map((c) => c[0].durationMs - median(alone.first));
    const nextAdded = chats.flatMap((c) =>
      c.slice(1).map((x) => x.durationMs - median(alone.next)),
    );
    const continuations = chats.flatMap((c) => c.slice(1));
    const reasons = {};
    for (const c of continuations)
      reasons[c.websocket.reason] = (reasons[c.websocket.reason] ?? 0) + 1;
    const result = {
      mode: mode.name,
      pool: mode.pool,
      conversations: CONVERSATIONS,
      turns: TURNS,
      wallMs,
      socketsOpened: stats.sockets.opened,
      lanesUsed: stats.lanes,
      maxInFlightPerSocket: stats.maxInFlight,
      serverQueuedRequests: stats.serverQueued,
      continuations: continuations.length,
      continuationReasons: reasons,
      continuationParents: stats.parents,
      duplicates: stats.duplicates,
      memory: {
        beforeMiB: before,
        idleMiB: idle,
        peakRssMiB: Math.max(peakRss, process.memoryUsage().rss) / 2 ** 20,
      },
      aloneMs: { first: median(alone.first), next: median(alone.next) },
      addedMs: {
        first: { p50: percentile(firstAdded, 50), p99: percentile(firstAdded, 99) },
        next: { p50: percentile(nextAdded, 50), p99: percentile(nextAdded, 99) },
      },
      loopDelayMs: {
        p50: loop.percentile(50) / 1e6,
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
      },
    };
    process.send({ result }, () => process.disconnect());
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) }, () => process.disconnect());
  } finally {
    await server.close();
  }
}

function table(results) {
  const ms = (value) => value.toFixed(1);
  const share = (r, key) =>
    `${((100 * r.continuationParents[key]) / Math.max(1, r.continuations)).toFixed(1)} %`;
  const rows = [
    ['sockets opened', (r) => String(r.socketsOpened)],
    ['peak RSS (MiB)', (r) => r.memory.peakRssMiB.toFixed(0)],
    ['heap with every socket idle (MiB)', (r) => r.memory.idleMiB.heapMiB.toFixed(0)],
    [
      'added latency, first call p50 / p99 (ms)',
      (r) => `${ms(r.addedMs.first.p50)} / ${ms(r.addedMs.first.p99)}`,
    ],
    [
      'added latency, continuation p50 / p99 (ms)',
      (r) => `${ms(r.addedMs.next.p50)} / ${ms(r.addedMs.next.p99)}`,
    ],
    [
      'client event-loop delay p50 / p99 / max (ms)',
      (r) => `${ms(r.loopDelayMs.p50)} / ${ms(r.loopDelayMs.p99)} / ${ms(r.loopDelayMs.max)}`,
    ],
    ['continuations from the socket cache', (r) => share(r, 'socket-cache')],
    ['continuations from the store', (r) => share(r, 'store')],
    [
      'continuations with full input',
      (r) =>
        `${(100 - (100 * (r.continuationParents['socket-cache'] + r.continuationParents.store)) / Math.max(1, r.continuations)).toFixed(1)} %`,
    ],
    ['duplicated items', (r) => String(r.duplicates)],
  ];
  const header = `| ${CONVERSATIONS} conversations × ${TURNS} turns | ${results.map((r) => r.mode).join(' | ')} |`;
  const rule = `| --- |${results.map(() => ' --- |').join('')}`;
  return [
    header,
    rule,
    ...rows.map(([name, f]) => `| ${name} | ${results.map(f).join(' | ')} |`),
  ].join('\n');
}

// Dispatch last: every helper above is initialised by now.
const role = process.argv[2];
if (role === 'server') await serve();
else if (role === 'client') await runClient(JSON.parse(process.argv[3]));
else await orchestrate();
