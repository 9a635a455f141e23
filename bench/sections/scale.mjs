// Many conversations at once: the client's event-loop delay, the latency the crowd adds, sockets
// opened and the memory each idle socket holds, for this package and (as the reference) the
// raw-`ws` floor, each in its own process against the mock (no relay). `options.provider` is
// merged into this package's provider settings, so a variant is one line in sections/index.mjs;
// BENCH_SCALE_PROVIDER='{"pool":{…}}' does the same for a one-off run.
import { CONVERSATIONS } from '../lib/config.mjs';
import { labelOf } from '../lib/contenders.mjs';
import { perRun, reportedRow, runCount, targetRow } from '../lib/figures.mjs';
import { eachRun } from '../lib/section.mjs';
import { fixed, int, median, percentile, spread, table, withRange } from '../lib/stats.mjs';

const CONTENDERS = ['websocket', 'floor'];
const TURNS = 3;
const ALONE = 10;

const providerSettings = (options) => ({
  ...(options.provider ?? {}),
  ...JSON.parse(process.env.BENCH_SCALE_PROVIDER ?? '{}'),
});

export async function measure(ctx, options) {
  const provider = providerSettings(options);
  const server = await ctx.startServer({
    kind: 'mock',
    costModel: ctx.costModel,
    profile: 'loopback',
  });
  const url = server.directUrl;
  try {
    const records = await eachRun(ctx, CONTENDERS, async ({ contender, client }) => {
      await server.reset();
      const alone = await client.run('scale', 'alone', {
        contender,
        url,
        count: ALONE,
        turns: TURNS,
        provider,
      });
      await server.reset();
      const opened = (await server.stats()).sockets.opened;
      const crowd = await client.run('scale', 'crowd', {
        contender,
        url,
        conversations: CONVERSATIONS,
        turns: TURNS,
        provider,
      });
      const stats = await server.stats();
      const { window, ...rest } = crowd;
      return {
        alone,
        ...rest,
        socketsOpened: stats.sockets.opened - opened,
        duplicates: stats.requests.reduce((n, r) => n + r.duplicates, 0),
        completed: stats.requests.every((r) => r.status === 'completed'),
        windows: [window],
      };
    });
    return { conversations: CONVERSATIONS, turns: TURNS, provider, records };
  } finally {
    await server.close();
  }
}

const jsBytes = (m) => m.heapUsed + m.external;

/** Per-run figures of one record. */
function figuresOf(r, conversations) {
  const first = r.calls.map((c) => c[0].durationMs - median(r.alone.first));
  const next = r.calls.flatMap((c) => c.slice(1).map((x) => x.durationMs - median(r.alone.next)));
  const all = [...first, ...next];
  const continuations = r.calls.flatMap((c) => c.slice(1));
  return {
    p50: r.loopDelayMs.p50,
    p99: r.loopDelayMs.p99,
    max: r.loopDelayMs.max,
    addedP50: percentile(all, 50),
    addedP99: percentile(all, 99),
    wallS: r.wallMs / 1000,
    sockets: r.socketsOpened,
    // JS heap + external (Buffers): what closing the sockets gave back, per socket.
    idleHeapKb: (jsBytes(r.memory.idle) - jsBytes(r.memory.closed)) / 1024 / conversations,
    // RSS: what the crowd left behind with every socket idle, per socket (the allocator does not
    // hand freed memory back at once, so "after close" is no baseline for RSS).
    idleKb: (r.memory.idle.rss - r.memory.before.rss) / 1024 / conversations,
    peakMb: r.memory.peakRss / 1024 ** 2,
    cpuMsPerCall: r.cpuUs / 1000 / all.length,
    delta: continuations.filter((c) => c.inputMode === 'delta').length / continuations.length,
  };
}

const figure = (result, name) =>
  perRun(result.records, (r) => figuresOf(r, result.conversations)[name]);

export function render(result) {
  const row = (label, name, digits) => [
    label,
    ...CONTENDERS.map((id) => withRange(spread(figure(result, name)[id]), digits)),
  ];
  const settings = Object.keys(result.provider).length
    ? ` Extra provider settings: \`${JSON.stringify(result.provider)}\`.`
    : '';
  const clean = result.records.every((r) => r.completed && r.duplicates === 0);
  return [
    `## Scale: ${int(result.conversations)} concurrent conversations`,
    '',
    `${int(result.conversations)} conversations started at once in one client process, each a ${result.turns}-turn chat (this package at the model level through one provider, \`pool.maxSockets\` raised to fit them; the floor with one raw \`ws\` socket per conversation), against the mock without relay.${settings} Baseline: ${ALONE} of the same conversations one at a time, in the same process. Added latency = a call's latency in the crowd minus the median of the same kind of call alone (first call or continuation); it includes the mock's own slowdown (one process serving every socket), which the floor's column shows. Event-loop delay: \`monitorEventLoopDelay\` (1 ms resolution) over the burst. Memory per idle socket = (JS heap + external memory with every socket idle − the same after closing them) / conversations; RSS growth = (RSS with every socket idle − RSS before the burst) / conversations (RSS does not shrink at once when memory is freed). Both after a forced GC, outside the timed window. Median over ${runCount(result.records)} run(s) (range).`,
    '',
    table(
      ['figure', ...CONTENDERS.map(labelOf)],
      [
        row('client event-loop delay p50 (ms)', 'p50', 1),
        row('client event-loop delay p99 (ms)', 'p99', 1),
        row('client event-loop delay max (ms)', 'max', 1),
        row('added latency p50 (ms)', 'addedP50', 0),
        row('added latency p99 (ms)', 'addedP99', 0),
        row('wall time for all conversations (s)', 'wallS', 2),
        row('sockets opened', 'sockets', 0),
        row('memory per idle socket, JS heap + external (KB)', 'idleHeapKb', 1),
        row('RSS growth per idle socket (KB)', 'idleKb', 1),
        row('peak RSS (MB)', 'peakMb', 0),
        row('client CPU per call (ms)', 'cpuMsPerCall', 2),
        row('continuations sent as delta', 'delta', 2),
      ],
      ['l', 'r', 'r'],
    ),
    '',
    `Every request completed and no duplicated item: ${clean ? 'yes' : '**no**'}.`,
    '',
  ].join('\n');
}

export function targets(result) {
  const p99 = figure(result, 'p99');
  const variant = Object.keys(result.provider).length
    ? ` (${JSON.stringify(result.provider)})`
    : '';
  return [
    targetRow({
      target: `scale${variant}: client event-loop delay p99 ≤ 50 ms at ${int(result.conversations)} conversations`,
      measured: `${fixed(median(p99.websocket), 1)} ms (floor ${fixed(median(p99.floor), 1)} ms)`,
      value: median(p99.websocket),
      limit: 50,
    }),
    reportedRow(
      `scale${variant}: memory per idle socket`,
      `${fixed(median(figure(result, 'idleHeapKb').websocket), 1)} KB JS heap + external, ${fixed(median(figure(result, 'idleKb').websocket), 1)} KB RSS growth (floor ${fixed(median(figure(result, 'idleHeapKb').floor), 1)} / ${fixed(median(figure(result, 'idleKb').floor), 1)} KB)`,
    ),
    reportedRow(
      `scale${variant}: added latency p50 / p99`,
      `${fixed(median(figure(result, 'addedP50').websocket), 0)} / ${fixed(median(figure(result, 'addedP99').websocket), 0)} ms (floor ${fixed(median(figure(result, 'addedP50').floor), 0)} / ${fixed(median(figure(result, 'addedP99').floor), 0)} ms)`,
    ),
  ];
}
