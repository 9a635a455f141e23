// Renders bench/RESULTS.md from the sections' results. Every number in it comes from this run.
import { deltaHitRate, summariseEndToEnd } from './aggregate.mjs';
import { CONTENDERS } from './contenders.mjs';
import { renderMethod, renderScale, renderTargets } from './report-sections.mjs';
import { fixed, int, kb, median, ratio, table } from './stats.mjs';

export const CHART_FILE = 'latency-per-step.svg';

function wallCell(s) {
  return `${fixed(s.wall.median / 1000, 2)} s (${fixed(s.wall.min / 1000, 2)}–${fixed(s.wall.max / 1000, 2)})`;
}

function renderWorkload(workload, byContender) {
  const base = byContender['http-full'];
  const floor = byContender.floor;
  const rows = CONTENDERS.map(({ id, label }) => {
    const s = byContender[id];
    return [
      label,
      wallCell(s),
      ratio(base.wall.median, s.wall.median),
      ratio(s.wall.median, floor.wall.median),
      fixed(s.ttft.median, 1),
      fixed(s.stepMs, 1),
      `${int(s.bodyBytesPerStep)} / ${int(s.lastStepBodyBytes)}`,
      kb(s.bodyBytesTotal),
      kb(s.wireBytesTotal),
      fixed(s.cpuMsPerStep, 2),
      fixed(s.connections, 0),
      `${int(s.serverProcessedKb)} KB / ${int(s.serverDelayMs)} ms`,
    ];
  });
  const title =
    workload.kind === 'agent'
      ? `### Agent loop, ${workload.size} tool calls (${workload.size + 1} model calls)`
      : `### Chat, ${workload.size} user messages in ${workload.size} separate calls`;
  return [
    title,
    '',
    table(
      [
        'contender',
        'wall time, median (min–max)',
        'speed-up vs HTTP full',
        '× floor',
        'TTFT / step (ms, median)',
        'step latency (ms, median)',
        'request bytes / step (median / last)',
        'request bytes, total',
        'bytes on the wire, total',
        'client CPU / step (ms)',
        'connections',
        'server prefill: KB / ms',
      ],
      rows,
    ),
    '',
  ].join('\n');
}

function renderPlanning(planning) {
  const sizes = [...new Set(planning.results.map((r) => r.items))];
  const pick = (id, items) => planning.results.find((x) => x.contender === id && x.items === items);
  const cpu = (id, items) => median(pick(id, items).steps.map((s) => s.cpuUs / 1000));
  const latency = (id, items) => median(pick(id, items).steps.map((s) => s.durationMs));
  const last = sizes[sizes.length - 1];
  const cpuRows = CONTENDERS.map(({ id, label }) => [
    label,
    ...sizes.map((items) => fixed(cpu(id, items), 2)),
    ratio(cpu(id, last), cpu(id, sizes[0])),
  ]);
  const latencyRows = CONTENDERS.map(({ id, label }) => [
    label,
    ...sizes.map(
      (items) =>
        `${fixed(latency(id, items), 1)} (${ratio(latency(id, items), latency('floor', items))})`,
    ),
  ]);
  const modes = planning.results
    .filter((r) => r.contender === 'websocket')
    .map(
      (r) =>
        `${r.items} items: ${r.inputModes.map((m) => (m === 'delta' ? 'd' : m === 'full' ? 'F' : '?')).join('')}`,
    )
    .join('; ');
  return [
    '## 2. Planning cost: client CPU per step vs history length',
    '',
    `Each contender driven at the model level (\`doStream\`, stream drained, no AI SDK in the process), starting from a history of N Responses input items (system + user + tool call/result pairs, ~2 KB per result). The first call sends the whole history; the figures are medians over steps ${planning.skip + 1}–${planning.steps}, each a continuation that adds one tool call and its result. CPU = process user + system time from the call to the end of its stream.`,
    '',
    table(
      ['client CPU per step (ms)', ...sizes.map((n) => `${n} items`), `${last} / ${sizes[0]}`],
      cpuRows,
    ),
    '',
    "The same steps' latency (ms, and × the floor): with the AI SDK out of the process, this is how close each provider gets to the protocol's floor.",
    '',
    table(['step latency (ms)', ...sizes.map((n) => `${n} items`)], latencyRows),
    '',
    `This package's input mode per call (F = full, d = delta): ${modes}. Duplicated items seen by the server: ${planning.results.reduce((n, r) => n + r.duplicates, 0)}.`,
    '',
  ].join('\n');
}

function renderEventPath(eventPath) {
  const sse = eventPath.results.find((r) => r.id === 'ai-sdk-openai-sse');
  const rows = eventPath.results.map((r) => [
    r.label,
    int(r.eventsPerSec),
    `${int(r.minEventsPerSec)}–${int(r.maxEventsPerSec)}`,
    fixed(r.cpuUsPerEvent, 1),
    ratio(r.eventsPerSec, sse.eventsPerSec),
    int(r.parts),
  ]);
  return [
    '## 3. Event path',
    '',
    `${eventPath.source}: ${int(eventPath.events)} events (${int(eventPath.textDeltas)} text deltas, ${kb(eventPath.bytes)}), replayed from memory with no network: as WebSocket frames through an in-memory WebSocket for this package, as an SSE body through an in-memory \`fetch\` for \`@ai-sdk/openai\`, both delivered in 16 KiB batches, one per macrotask. ${eventPath.rounds} rounds of ${eventPath.callsPerRound} streams each, after a warm-up; the model's stream is drained by a plain loop.`,
    '',
    table(
      [
        'path',
        'events / s (median)',
        'min–max',
        'CPU µs / event',
        'vs @ai-sdk/openai SSE',
        'stream parts',
      ],
      rows,
    ),
    '',
  ].join('\n');
}

function renderHeadline(summaries, eventPath, planning) {
  const big = summaries['agent-50'];
  const chat = summaries['chat-20'];
  const hit = deltaHitRate(summaries, 'websocket');
  const ws = eventPath.results.find((r) => r.id === 'websocket');
  const sse = eventPath.results.find((r) => r.id === 'ai-sdk-openai-sse');
  const cpu = (items) =>
    median(
      planning.results
        .find((r) => r.contender === 'websocket' && r.items === items)
        .steps.map((s) => s.cpuUs / 1000),
    );
  return [
    '## Headline',
    '',
    `- **Agent loop, 50 tool calls:** ${ratio(big['http-full'].wall.median, big.websocket.wall.median)} faster end-to-end than \`@ai-sdk/openai\` over HTTP (median ${fixed(big.websocket.wall.median / 1000, 2)} s vs ${fixed(big['http-full'].wall.median / 1000, 2)} s), ${ratio(big['http-chained'].wall.median, big.websocket.wall.median)} faster than HTTP with \`previousResponseId\` passed by hand, and ${ratio(big.websocket.wall.median, big.floor.wall.median)} the time of the hand-written \`ResponsesWS\` floor. It uploaded ${ratio(big['http-full'].bodyBytesTotal, big.websocket.bodyBytesTotal, 1)} fewer request bytes (${kb(big.websocket.bodyBytesTotal)} vs ${kb(big['http-full'].bodyBytesTotal)}) over ${fixed(big.websocket.connections, 0)} connection.`,
    `- **Chat, 20 separate calls:** ${ratio(chat['http-full'].wall.median, chat.websocket.wall.median)} faster than \`@ai-sdk/openai\` over HTTP; ${ratio(chat.websocket.wall.median, chat.floor.wall.median)} the floor.`,
    `- **Delta hit rate:** ${fixed(hit.rate * 100, 1)} % (${hit.hits} of ${hit.total} continuations sent as \`previous_response_id\` + new items).`,
    `- **Event path:** ${ratio(ws.eventsPerSec, sse.eventsPerSec)} the events per second of \`@ai-sdk/openai\`'s SSE path (${int(ws.eventsPerSec)} vs ${int(sse.eventsPerSec)}).`,
    `- **Planning cost:** ${fixed(cpu(10), 2)} ms → ${fixed(cpu(100), 2)} ms → ${fixed(cpu(500), 2)} ms client CPU per step at 10 → 100 → 500 history items.`,
    '',
  ].join('\n');
}

export function renderReport({
  machine,
  loadStart,
  loadEnd,
  startedAt,
  totalSeconds,
  timings,
  endToEnd,
  planning,
  eventPath,
  scale,
  costModel,
  extraSections = [],
}) {
  const summaries = summariseEndToEnd(endToEnd, CONTENDERS);
  return [
    '# Benchmark results',
    '',
    `Generated by \`npm run bench\` (\`bench/run.mjs\`) on ${startedAt} in ${fixed(totalSeconds, 0)} s. Do not edit by hand: run it again. How the harness works: [bench/README.md](README.md).`,
    '',
    renderHeadline(summaries, eventPath, planning),
    renderMethod({
      machine,
      loadStart,
      loadEnd,
      costModel,
      timings,
      runs: endToEnd.results.length ? Math.max(...endToEnd.results.map((r) => r.run)) : 0,
    }),
    '## 1. End to end',
    '',
    "Step latency = from the model call to its finish part; TTFT = to the first text delta or tool-call start. Request bytes = the `response.create` frame or the HTTP body; bytes on the wire = everything the client sent through the counting proxy (HTTP headers, WebSocket handshake and framing included). Client CPU / step = process CPU from the model call to its finish part: for the three AI SDK contenders it includes the AI SDK's own work in that window (section 2 isolates the provider). Server prefill = what the cost model charged: KB of context processed and the delay it caused, summed over the run.",
    '',
    ...endToEnd.workloads.map((w) => renderWorkload(w, summaries[w.id])),
    `![Latency per step, agent loop with 50 tool calls](${CHART_FILE})`,
    '',
    renderPlanning(planning),
    renderEventPath(eventPath),
    renderScale(scale),
    ...extraSections,
    renderTargets({ summaries, eventPath, planning }),
  ].join('\n');
}

/** Series for the chart: median step latency per step number, agent loop of 50 tool calls. */
export function chartSeries(endToEnd) {
  const summaries = summariseEndToEnd(endToEnd, CONTENDERS);
  const byContender = summaries['agent-50'];
  return CONTENDERS.map(({ id, label, color }) => ({
    label,
    color,
    points: byContender[id].perStep.map((ms, i) => [i + 1, ms]),
  }));
}
