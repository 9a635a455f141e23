// The scale section's figures, table and targets (sections/scale.mjs measures). Every variant
// of the section in a run (lanes off, lanes on, …) goes into one table, side by side.
import { labelOf } from './contenders.mjs';
import { perRun, reportedRow, runCount, targetRow } from './figures.mjs';
import { countBy } from './request-records.mjs';
import { fixed, int, median, percentile, spread, table, withRange } from './stats.mjs';

/** `pool.lanes: 32, inputMode: "full"` for nested provider settings; '' for none. */
export function settingsText(settings, prefix = '') {
  return Object.entries(settings ?? {})
    .map(([key, value]) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? settingsText(value, `${prefix}${key}.`)
        : `${prefix}${key}: ${JSON.stringify(value)}`,
    )
    .filter(Boolean)
    .join(', ');
}

const jsBytes = (m) => m.heapUsed + m.external;
const share = (n, of) => (100 * n) / of;

/** Per-run figures of one record. */
export function figuresOf(r, conversations) {
  const first = r.calls.map((c) => c[0].durationMs - median(r.alone.first));
  const next = r.calls.flatMap((c) => c.slice(1).map((x) => x.durationMs - median(r.alone.next)));
  const all = [...first, ...next];
  // JS heap + external (Buffers): what closing the provider (its sockets and chains) gave back.
  const heldBytes = jsBytes(r.memory.idle) - jsBytes(r.memory.closed);
  // RSS: what the crowd left behind with every socket idle (the allocator does not hand freed
  // memory back at once, so "after close" is no baseline for RSS).
  const rssBytes = r.memory.idle.rss - r.memory.before.rss;
  const { server } = r;
  return {
    p50: r.loopDelayMs.p50,
    p99: r.loopDelayMs.p99,
    max: r.loopDelayMs.max,
    addedFirstP50: percentile(first, 50),
    addedFirstP99: percentile(first, 99),
    addedNextP50: percentile(next, 50),
    addedNextP99: percentile(next, 99),
    addedP50: percentile(all, 50),
    addedP99: percentile(all, 99),
    wallS: r.wallMs / 1000,
    sockets: r.socketsOpened,
    lanes: server.lanes,
    maxInFlight: server.maxInFlight,
    queued: server.queued,
    heldMb: heldBytes / 1024 ** 2,
    heldKbPerSocket: heldBytes / 1024 / r.socketsOpened,
    heldKbPerConversation: heldBytes / 1024 / conversations,
    rssMb: rssBytes / 1024 ** 2,
    rssKbPerSocket: rssBytes / 1024 / r.socketsOpened,
    peakMb: r.memory.peakRss / 1024 ** 2,
    cpuMsPerCall: r.cpuUs / 1000 / all.length,
    fromSocket: share(server.socketCache, server.continuations),
    fromStore: share(server.store, server.continuations),
    full: share(server.full, server.continuations),
  };
}

const ROWS = [
  ['client event-loop delay p50 (ms)', 'p50', 1],
  ['client event-loop delay p99 (ms)', 'p99', 1],
  ['client event-loop delay max (ms)', 'max', 1],
  ['added latency, first calls p50 (ms)', 'addedFirstP50', 0],
  ['added latency, first calls p99 (ms)', 'addedFirstP99', 0],
  ['added latency, continuations p50 (ms)', 'addedNextP50', 0],
  ['added latency, continuations p99 (ms)', 'addedNextP99', 0],
  ['added latency, all calls p50 (ms)', 'addedP50', 0],
  ['added latency, all calls p99 (ms)', 'addedP99', 0],
  ['wall time for all conversations (s)', 'wallS', 2],
  ['sockets opened', 'sockets', 0],
  ['lanes used (socket × lane)', 'lanes', 0],
  ['most responses in flight on one socket', 'maxInFlight', 0],
  ['requests the server queued', 'queued', 0],
  ['continuations: parent from the socket or lane cache (%)', 'fromSocket', 1],
  ['continuations: parent from the store (%)', 'fromStore', 1],
  ['continuations sent in full (%)', 'full', 1],
  ['memory held with every socket idle, JS heap + external (MB)', 'heldMb', 1],
  ['… per idle socket (KB)', 'heldKbPerSocket', 1],
  ['… per conversation (KB)', 'heldKbPerConversation', 1],
  ['RSS growth with every socket idle (MB)', 'rssMb', 0],
  ['… per idle socket (KB)', 'rssKbPerSocket', 1],
  ['peak RSS (MB)', 'peakMb', 0],
  ['client CPU per call (ms)', 'cpuMsPerCall', 2],
];

export const figure = (result, name) =>
  perRun(result.records, (r) => figuresOf(r, result.conversations)[name]);

const variantName = (result) => settingsText(result.provider) || 'no extra settings';

/** This package's continuations by the reason its metadata gives, in the first run. */
function reasonsText(result) {
  const first = result.records.find((r) => r.contender === 'websocket');
  const counts = countBy(first?.calls.flatMap((c) => c.slice(1).map((x) => x.reason)) ?? []);
  return Object.entries(counts)
    .map(([reason, n]) => `\`${reason}\` ${int(n)}`)
    .join(', ');
}

/** @param {Array<{ id: string, options: object, result: object }>} entries the variants */
export function renderScale(entries, { CONTENDERS }) {
  const results = entries.map((e) => e.result);
  // This package's columns side by side, then the floor's (one per variant: it ran in each).
  const columns = CONTENDERS.flatMap((contender) => entries.map((entry) => ({ contender, entry })));
  const header = columns.map(({ contender, entry }) =>
    contender === 'websocket'
      ? `ai-sdk-openai-ws, ${variantName(entry.result)}`
      : `${labelOf(contender)}${entries.length > 1 ? `, in the \`${entry.id}\` run` : ''}`,
  );
  const rows = ROWS.map(([label, name, digits]) => [
    label,
    ...columns.map(({ contender, entry }) =>
      withRange(spread(figure(entry.result, name)[contender]), digits),
    ),
  ]);
  const { conversations, turns, alone } = results[0];
  const checks = entries.map(({ id, result }) => {
    const clean = result.records.every((r) => r.server.completed && r.server.duplicates === 0);
    return `${id}: ${clean ? 'yes' : '**no**'}`;
  });
  const reasons = entries.map(({ id, result }) => `${id}: ${reasonsText(result)}`);
  const runs = [...new Set(results.map((r) => runCount(r.records)))].join(' / ');
  return [
    `## Scale: ${int(conversations)} concurrent conversations`,
    '',
    `${int(conversations)} conversations started at once in one client process, each a ${turns}-turn chat (this package at the model level through one provider, \`pool.maxSockets\` and \`maxIdleSockets\` raised to fit them, plus each variant's settings; the floor with one raw \`ws\` socket per conversation), against the mock without relay. Variants: ${entries.map(({ id, result }) => `\`${id}\` (${variantName(result)})`).join(', ')}. Baseline: ${alone} of the same conversations one at a time, in the same process. Added latency = a call's latency in the crowd minus the median of the same kind of call alone (first call or continuation); it includes the mock's own slowdown (one process serving every socket), which the floor's column shows. Event-loop delay: \`monitorEventLoopDelay\` (1 ms resolution) over the burst. Continuations: the server's records say where it found each parent (\`parentSource\`): the cache of the socket (with lanes, of the lane) the call came on, or the store; "sent in full" are continuations that named no parent. Memory held = JS heap + external memory with every socket idle − the same after closing the provider (sockets and chains), per idle socket and per conversation; RSS growth = RSS with every socket idle − RSS before the burst (RSS does not shrink at once when memory is freed). Both after a forced GC, outside the timed window. Median over ${runs} run(s) (range).`,
    '',
    table(['figure', ...header], rows, ['l', ...header.map(() => 'r')]),
    '',
    `This package's continuations by the reason in their metadata (first run): ${reasons.join('; ')}.`,
    '',
    `Every request completed and no duplicated item: ${checks.join('; ')}.`,
    '',
  ].join('\n');
}

export function scaleTargets(result) {
  const variant = Object.keys(result.provider).length ? ` (${settingsText(result.provider)})` : '';
  const med = (name, id = 'websocket') => median(figure(result, name)[id]);
  return [
    targetRow({
      target: `scale${variant}: client event-loop delay p99 ≤ 50 ms at ${int(result.conversations)} conversations`,
      measured: `${fixed(med('p99'), 1)} ms (floor ${fixed(med('p99', 'floor'), 1)} ms)`,
      value: med('p99'),
      limit: 50,
    }),
    reportedRow(
      `scale${variant}: memory per idle socket`,
      `${fixed(med('heldKbPerSocket'), 1)} KB JS heap + external, ${fixed(med('rssKbPerSocket'), 1)} KB RSS growth, ${int(med('sockets'))} sockets (floor ${fixed(med('heldKbPerSocket', 'floor'), 1)} / ${fixed(med('rssKbPerSocket', 'floor'), 1)} KB)`,
    ),
    reportedRow(
      `scale${variant}: added latency p50 / p99`,
      `${fixed(med('addedP50'), 0)} / ${fixed(med('addedP99'), 0)} ms (floor ${fixed(med('addedP50', 'floor'), 0)} / ${fixed(med('addedP99', 'floor'), 0)} ms)`,
    ),
  ];
}
