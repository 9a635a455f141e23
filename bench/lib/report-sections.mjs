// The report's method, scale and targets sections.
import { deltaHitRate } from './aggregate.mjs';
import { CONTENDERS } from './contenders.mjs';
import { fixed, int, median, table } from './stats.mjs';

const mb = (bytes) => `${fixed(bytes / 1024 ** 2, 1)} MB`;

export function renderMethod({ machine, loadStart, loadEnd, costModel, timings, runs }) {
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
        ['load average (1 / 5 / 15 min) at start', loadStart],
        ['load average at end', loadEnd],
        [
          'time per part (s)',
          Object.entries(timings)
            .map(([name, s]) => `${name} ${fixed(s, 0)}`)
            .join(' · '),
        ],
        ...Object.entries(machine.packages).map(([name, version]) => [`\`${name}\``, version]),
      ],
      ['l', 'l'],
    ),
    '',
    "**Server.** The package's own mock (`ai-sdk-openai-ws/testing`), in a separate process so its CPU never counts as client CPU, behind a TCP proxy in that process that counts the connections each client opens and every byte it sends. Cost model, fixed before any measurement and not tuned:",
    '',
    table(
      ['parameter', 'value', 'meaning'],
      [
        [
          '`latencyMs`',
          `${costModel.latencyMs} ms`,
          'fixed delay before the first event of every response',
        ],
        [
          '`perKbMs`',
          `${costModel.perKbMs} ms / KiB`,
          'per KiB of context the server must process: the whole context without a cached parent, only the new input with one',
        ],
        [
          '`storageLoadMs`',
          `${costModel.storageLoadMs} ms`,
          'extra delay when the parent is reloaded from storage (`store: true` over HTTP)',
        ],
        [
          '`perEventMs`',
          `${costModel.perEventMs} ms`,
          'gap between two streamed events (generation time)',
        ],
      ],
      ['l', 'r', 'l'],
    ),
    '',
    'The mock also spends real CPU per request on the context it rebuilds (duplicate checks, usage counting), for every contender alike; that is not part of the cost model but is in every wall time.',
    '',
    `**Runs.** Workloads: an agent loop of 5, 20 and 50 tool calls (a ~10 KB system prompt, tool outputs of ~2 KB, the context grows every step) and a chat of 20 user messages, each a separate \`streamText\` call with the whole history (or, for the hand-chained contender, only the new message). Model \`gpt-4.1-mini\` (the mock's scripted model). One warm-up run per contender, then ${runs} measured runs of every workload; within a round the contenders take turns in a rotating order. Every run starts cold: the server forgets all state, the proxy drops every connection, and each contender is created afresh and closed at the end, so connection setup is inside the wall time. Local TCP, no TLS.`,
    '',
  ].join('\n');
}

export function renderScale(scale) {
  const { memory: m, conversations } = scale;
  const perSocket = (field) => (m.idle[field] - m.closed[field]) / conversations;
  return [
    `## 4. Scale: ${int(conversations)} concurrent conversations`,
    '',
    `${int(conversations)} conversations started at once in one process, each a ${scale.turns}-turn chat at the model level through one provider (\`pool.maxSockets\` raised to fit them), against the same mock (no proxy). The first call of each conversation sends the full input, the others are continuations. Baseline: the same conversations run one at a time.`,
    '',
    table(
      ['figure', 'value'],
      [
        ['wall time for all conversations', `${fixed(scale.wallMs / 1000, 2)} s`],
        ['sockets opened (server side, incl. baseline)', int(scale.serverSocketsOpened)],
        ['continuations sent as delta', `${int(scale.deltaCalls)} of ${int(scale.continuations)}`],
        ['duplicated items seen by the server', int(scale.duplicates)],
        [
          'call latency alone, median (first / continuation)',
          `${fixed(scale.alone.firstMedian, 1)} / ${fixed(scale.alone.nextMedian, 1)} ms`,
        ],
        [
          'call latency under load, p50 / p99',
          `${fixed(scale.latency.p50, 0)} / ${fixed(scale.latency.p99, 0)} ms`,
        ],
        [
          'added latency, first calls, p50 / p99',
          `${fixed(scale.added.first.p50, 0)} / ${fixed(scale.added.first.p99, 0)} ms`,
        ],
        [
          'added latency, continuations, p50 / p99',
          `${fixed(scale.added.next.p50, 0)} / ${fixed(scale.added.next.p99, 0)} ms`,
        ],
        [
          'client event-loop delay under load, p50 / p99 / max',
          `${fixed(scale.loopDelayMs.p50, 1)} / ${fixed(scale.loopDelayMs.p99, 1)} / ${fixed(scale.loopDelayMs.max, 1)} ms`,
        ],
        ['client CPU per call under load', `${fixed(scale.clientCpuMsPerCall, 2)} ms`],
        [
          'CPU busy during the run, client / mock server (share of one core)',
          `${fixed(scale.clientBusy * 100, 0)} % / ${fixed(scale.serverBusy * 100, 0)} %`,
        ],
        [
          'memory per idle pooled socket (RSS / JS heap)',
          `${fixed(perSocket('rss') / 1024, 1)} KB / ${fixed(perSocket('heapUsed') / 1024, 1)} KB`,
        ],
        [
          'RSS before / peak / with all sockets idle / after close()',
          `${mb(m.before.rss)} / ${mb(m.peakRss)} / ${mb(m.idle.rss)} / ${mb(m.closed.rss)}`,
        ],
        [
          'JS heap before / idle / after close()',
          `${mb(m.before.heapUsed)} / ${mb(m.idle.heapUsed)} / ${mb(m.closed.heapUsed)}`,
        ],
      ],
      ['l', 'r'],
    ),
    '',
    "Added latency = a call's latency under load minus the median latency of the same kind of call alone; it includes the mock server's own slowdown (one process serving every socket), so the client event-loop delay is shown as well: that part is the client's alone. Memory per idle socket = (memory with every socket idle in the pool − memory after `close()`) / conversations, after a forced GC.",
    '',
  ].join('\n');
}

export function renderTargets({ summaries, eventPath, planning }) {
  const stepLatency = (id, items) =>
    median(
      planning.results
        .find((r) => r.contender === id && r.items === items)
        .steps.map((s) => s.durationMs),
    );
  const sizes = [...new Set(planning.results.map((r) => r.items))];
  const modelLevel = sizes
    .map(
      (items) =>
        `${items} items: ${fixed(stepLatency('websocket', items) / stepLatency('floor', items), 2)}×`,
    )
    .join(' · ');
  const hit = deltaHitRate(summaries, 'websocket');
  const workloads = Object.keys(summaries);
  const floorRatios = workloads.map(
    (w) => summaries[w].websocket.wall.median / summaries[w].floor.wall.median,
  );
  const worst = Math.max(...floorRatios);
  const cpu = (items) =>
    median(
      planning.results
        .find((r) => r.contender === 'websocket' && r.items === items)
        .steps.map((s) => s.cpuUs),
    );
  const growth = cpu(500) / cpu(10);
  const ws = eventPath.results.find((r) => r.id === 'websocket');
  const sse = eventPath.results.find((r) => r.id === 'ai-sdk-openai-sse');
  const checks = CONTENDERS.map(({ id }) =>
    workloads.every((w) => summaries[w][id].allCorrect && summaries[w][id].duplicates === 0),
  );
  const verdict = (ok) => (ok ? 'met' : '**missed**');
  return [
    '## Targets',
    '',
    table(
      ['target', 'measured', ''],
      [
        [
          'delta hit rate 100 %',
          `${fixed(hit.rate * 100, 1)} % (server) · ${hit.reported} of ${hit.reportedTotal} calls report \`inputMode: 'delta'\``,
          verdict(hit.rate === 1),
        ],
        [
          '≤ 1.05 × the hand-written floor end-to-end',
          `through ai@7 (section 1): ${workloads.map((w, i) => `${w}: ${fixed(floorRatios[i], 2)}×`).join(' · ')}; step latency at the model level, no AI SDK (section 2): ${modelLevel}`,
          verdict(worst <= 1.05),
        ],
        [
          'client CPU per step roughly flat from 10 to 500 items',
          `${fixed(cpu(10) / 1000, 2)} → ${fixed(cpu(500) / 1000, 2)} ms (${fixed(growth, 2)}×)`,
          verdict(growth <= 1.5),
        ],
        [
          "event path at least as fast as @ai-sdk/openai's",
          `${int(ws.eventsPerSec)} vs ${int(sse.eventsPerSec)} events/s`,
          verdict(ws.eventsPerSec >= sse.eventsPerSec),
        ],
      ],
      ['l', 'l', 'l'],
    ),
    '',
    `The floor runs no AI SDK; the three other contenders run \`streamText\` from ai@7, whose own per-step work (prompt validation and conversion, its stream pipeline) is in their wall time and in their "client CPU / step" of section 1. "Roughly flat" is read as at most 1.5× from 10 to 500 items. Correctness checks: every run ended with the expected answer, every request completed and the server saw no duplicated item — ${CONTENDERS.map(({ label }, i) => `${label}: ${checks[i] ? 'yes' : '**no**'}`).join('; ')}.`,
    '',
  ].join('\n');
}
