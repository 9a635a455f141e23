// Section 4: many conversations at once in one process. Each conversation is a 3-turn chat at
// the model level (call 1 sends the full input, calls 2 and 3 are continuations). Measures the
// memory of the pool's idle sockets, the process's peak memory, and the latency each call gets
// on top of what the same call takes when it runs alone.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CONVERSATIONS, COST_MODEL } from '../lib/config.mjs';
import { importDist } from '../lib/dist.mjs';
import { runModelChat } from '../lib/model-loop.mjs';
import { progress, sectionMain, sleep } from '../lib/section.mjs';
import { startServer } from '../lib/server-client.mjs';
import { median, percentile } from '../lib/stats.mjs';
import { cpuMicros } from '../lib/step-timer.mjs';
import { MODEL_ID } from '../lib/workload.mjs';

const { createOpenAIWebSocket } = await importDist('v4');

const TURNS = 3;
const BASELINE_CONVERSATIONS = 10;

function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
}

const userText = (id) => (turn) =>
  `Conversation ${id}, turn ${turn + 1}: tell me one more thing about pooling.`;

sectionMain(async () => {
  const server = await startServer(COST_MODEL);
  const provider = createOpenAIWebSocket({
    apiKey: 'test-key',
    baseURL: server.directUrl,
    transport: 'websocket',
    pool: {
      maxSockets: CONVERSATIONS + 10,
      maxIdleSockets: CONVERSATIONS + 10,
      queueTimeoutMs: 120_000,
    },
  });
  const model = provider(MODEL_ID);
  try {
    // Warm-up, then the same calls one conversation at a time: what a call costs alone.
    await runModelChat(model, { turns: TURNS, userText: userText('warm') });
    const alone = { first: [], next: [] };
    for (let i = 0; i < BASELINE_CONVERSATIONS; i++) {
      const calls = await runModelChat(model, { turns: TURNS, userText: userText(`alone-${i}`) });
      alone.first.push(calls[0].durationMs);
      for (const c of calls.slice(1)) alone.next.push(c.durationMs);
    }
    await provider.close();
    await sleep(200);
    await server.reset();
    const before = memory();

    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    // How late the client's event loop runs under this load: latency the client itself adds
    // to every event, whatever the server does.
    const loopDelay = monitorEventLoopDelay({ resolution: 1 });
    loopDelay.enable();
    const serverCpuStart = (await server.stats()).cpuUs;
    const cpuStart = cpuMicros();
    const started = performance.now();
    const conversations = await Promise.all(
      Array.from({ length: CONVERSATIONS }, (_, i) =>
        runModelChat(model, { turns: TURNS, userText: userText(i) }),
      ),
    );
    const wallMs = performance.now() - started;
    const cpuUs = cpuMicros() - cpuStart;
    loopDelay.disable();
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    // Every socket is now idle in the pool.
    const idle = memory();
    const stats = await server.stats();
    const serverCpuUs = stats.cpuUs - serverCpuStart;
    await provider.close();
    await sleep(500);
    const closed = memory();
    progress('scale done');

    const firstAdded = conversations.map((c) => c[0].durationMs - median(alone.first));
    const nextAdded = conversations.flatMap((c) =>
      c.slice(1).map((x) => x.durationMs - median(alone.next)),
    );
    const all = conversations.flatMap((c) => c.map((x) => x.durationMs));
    const continuations = conversations.flatMap((c) => c.slice(1));
    return {
      conversations: CONVERSATIONS,
      turns: TURNS,
      wallMs,
      serverSocketsOpened: stats.sockets.opened,
      serverSocketsOpenWhenIdle: stats.sockets.open,
      deltaCalls: continuations.filter((c) => c.metadata?.inputMode === 'delta').length,
      continuations: continuations.length,
      duplicates: stats.requests.reduce((n, r) => n + r.duplicates, 0),
      alone: { firstMedian: median(alone.first), nextMedian: median(alone.next) },
      clientCpuMsPerCall: cpuUs / 1000 / (CONVERSATIONS * TURNS),
      // Share of one core each process kept busy during the run.
      clientBusy: cpuUs / 1000 / wallMs,
      serverBusy: serverCpuUs / 1000 / wallMs,
      loopDelayMs: {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      },
      latency: { p50: percentile(all, 50), p99: percentile(all, 99), max: Math.max(...all) },
      added: {
        first: { p50: percentile(firstAdded, 50), p99: percentile(firstAdded, 99) },
        next: { p50: percentile(nextAdded, 50), p99: percentile(nextAdded, 99) },
      },
      memory: { before, idle, closed, peakRss },
    };
  } finally {
    await provider.close();
    await server.close();
  }
});
