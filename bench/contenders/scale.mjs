// Runs in one contender's own process (scale section): many conversations at once, each a short
// chat at the model level (this package) or on raw `ws` sockets (the floor). Measures the
// client's event-loop delay and the calls' latency during the burst, then the memory the idle
// sockets hold. The memory snapshots force a GC, but only after the timed window has closed.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpuMicros, hrMs } from '../lib/clock.mjs';
import { runModelChat } from '../lib/model-loop.mjs';
import { MODEL_ID } from '../lib/workload.mjs';
import { openFloorSocket, systemItem, userItem } from './floor.mjs';
import { mergeSettings, packageProvider } from './package-provider.mjs';

const userText = (id) => (turn) =>
  `Conversation ${id}, turn ${turn + 1}: tell me one more thing about pooling.`;

function memory() {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
}

/**
 * The floor's conversation: one socket, `turns` chained turns; the socket stays open. The first
 * call's latency includes opening the socket, as a provider's first call does.
 */
async function floorConversation(url, turns, text, sockets) {
  const openedAt = hrMs();
  const socket = await openFloorSocket(url);
  sockets.push(socket);
  const calls = [];
  let previous;
  for (let turn = 0; turn < turns; turn++) {
    const input = turn === 0 ? [systemItem, userItem(text(turn))] : [userItem(text(turn))];
    const done = await socket.turn({ ...(previous && { previous_response_id: previous }), input });
    previous = done.response.id;
    const durationMs = turn === 0 ? done.durationMs + (done.startHr - openedAt) : done.durationMs;
    calls.push({ durationMs, metadata: { inputMode: turn ? 'delta' : 'full' } });
  }
  return calls;
}

async function subjectFor(contender, url, conversations, providerSettings) {
  if (contender === 'floor') {
    const sockets = [];
    return {
      conversation: (id, turns) => floorConversation(url, turns, userText(id), sockets),
      close: async () => {
        await Promise.all(sockets.splice(0).map((s) => s.close()));
      },
    };
  }
  const provider = await packageProvider(
    url,
    mergeSettings(
      {
        pool: {
          maxSockets: conversations + 10,
          maxIdleSockets: conversations + 10,
          queueTimeoutMs: 120_000,
        },
      },
      providerSettings,
    ),
  );
  const model = provider(MODEL_ID);
  return {
    conversation: (id, turns) => runModelChat(model, { turns, userText: userText(id) }),
    close: () => provider.close(),
  };
}

/** The same conversations one at a time: what a call costs without the crowd. */
export async function alone({ contender, url, count, turns, provider }) {
  const subject = await subjectFor(contender, url, count, provider);
  const first = [];
  const next = [];
  try {
    await subject.conversation('warm', turns);
    for (let i = 0; i < count; i++) {
      const calls = await subject.conversation(`alone-${i}`, turns);
      first.push(calls[0].durationMs);
      for (const c of calls.slice(1)) next.push(c.durationMs);
    }
  } finally {
    await subject.close();
  }
  return { first, next };
}

/** `conversations` conversations started at once. */
export async function crowd({ contender, url, conversations, turns, provider }) {
  const subject = await subjectFor(contender, url, conversations, provider);
  const before = memory();
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const start = hrMs();
  const cpuStart = cpuMicros();
  const results = await Promise.all(
    Array.from({ length: conversations }, (_, i) => subject.conversation(i, turns)),
  );
  const cpuUs = cpuMicros() - cpuStart;
  const end = hrMs();
  loopDelay.disable();
  clearInterval(sampler);
  // The timed window is over: from here on, forced GCs only make the memory figures exact.
  const idle = memory();
  await subject.close();
  const closed = memory();
  return {
    wallMs: end - start,
    cpuUs,
    loopDelayMs: {
      p50: loopDelay.percentile(50) / 1e6,
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
    },
    calls: results.map((calls) =>
      calls.map((c) => ({
        durationMs: c.durationMs,
        inputMode: c.metadata?.inputMode ?? null,
        reason: c.metadata?.reason ?? null,
      })),
    ),
    memory: { before, idle, closed, peakRss: Math.max(peakRss, idle.rss) },
    window: [start, end],
  };
}
