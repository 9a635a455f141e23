// Client CPU per event at the seed's pace: ~2,000 text deltas streamed at 1,000 and 4,000 events
// per second, one event per socket read, to this package (LanguageModelV4 `doStream`, no AI SDK),
// the raw-`ws` floor (also with one ReadableStream per call, the least a provider hands the AI SDK),
// the least a provider can be (a minimal hand-written model on the floor's socket), and
// @ai-sdk/openai over HTTP + SSE. Each contender runs in its own process, all of them alive through
// a run and their streams interleaved; its CPU is `process.cpuUsage()` over each stream, from the
// call to the end of the stream, and the part of it on the process's other threads (V8's GC and
// compiler threads), so the main thread's own share is reported apart.
import { EVENT_PACE } from '../lib/config.mjs';
import { labelOf } from '../lib/contenders.mjs';
import { perRun, ratioOf, ratioText, reportedRow, runCount, targetRow } from '../lib/figures.mjs';
import { eachRunInterleaved, rotate } from '../lib/section.mjs';
import { fixed, int, median, spread, spreadPct, table, withRange } from '../lib/stats.mjs';

export const CONTENDERS = ['websocket', 'floor', 'floor-stream', 'model-floor', 'ai-sdk-openai'];
const { rates, rounds, streamsPerRound, warmUp, deltas } = EVENT_PACE;

export async function measure(ctx) {
  const server = await ctx.startServer({ kind: 'paced', deltas });
  try {
    const { events } = server;
    const records = await eachRunInterleaved(ctx, CONTENDERS, async ({ order, clients }) => {
      const out = {};
      for (const contender of order) {
        const client = clients[contender];
        await client.run('paced-stream', 'open', { contender, url: server.url });
        const curve = await client.run('paced-stream', 'warmUp', { ...warmUp, events });
        out[contender] = { warmUp: curve, streams: [], windows: [] };
      }
      // One stream of each contender in turn, both paces within each round: drift in the
      // machine's load reaches every contender and both paces alike.
      for (let round = 0; round < rounds; round++) {
        for (const rate of rates) {
          for (let i = 0; i < streamsPerRound[rate]; i++) {
            for (const contender of rotate(order, round + i)) {
              const [done] = await clients[contender].run('paced-stream', 'stream', {
                rate,
                count: 1,
                events,
              });
              const { window, ...figures } = done;
              out[contender].streams.push({ rate, ...figures });
              out[contender].windows.push(window);
            }
          }
        }
      }
      for (const contender of order) await clients[contender].run('paced-stream', 'close');
      return out;
    });
    const { achieved } = await server.stats();
    return {
      deltas,
      events,
      bytes: server.bytes,
      chars: server.chars,
      records,
      achieved: Object.fromEntries(
        rates.map((rate) => [
          rate,
          spread(achieved.filter((a) => a.rate === rate).map((a) => a.achieved)),
        ]),
      ),
    };
  } finally {
    await server.close();
  }
}

/** Per contender: the run's median of `field` over its streams at `rate`, per run. */
function figure(result, rate, field) {
  return perRun(result.records, (r) =>
    median(r.streams.filter((s) => s.rate === rate).map((s) => s[field])),
  );
}

/** A stream's CPU per event on the main thread: the process's less its other threads' (NaN where unknown). */
const mainThreadUs = (s) =>
  typeof s.otherUsPerEvent === 'number' ? s.cpuUsPerEvent - s.otherUsPerEvent : NaN;

const mainFigure = (result, rate) =>
  perRun(result.records, (r) => median(r.streams.filter((s) => s.rate === rate).map(mainThreadUs)));

/** Whether the streams carry their other threads' CPU (Linux's /proc). */
const hasThreadSplit = (result) =>
  result.records.some((r) => r.streams.some((s) => typeof s.otherUsPerEvent === 'number'));

function renderThreads(result) {
  if (!hasThreadSplit(result)) return '';
  const rows = CONTENDERS.map((id) => [
    labelOf(id),
    ...rates.flatMap((rate) => {
      const main = mainFigure(result, rate);
      return [
        fixed(median(figure(result, rate, 'otherUsPerEvent')[id]), 1),
        fixed(median(main[id]), 1),
        ratioText(ratioOf(main[id], main.floor)),
        ratioText(ratioOf(main[id], main['model-floor'])),
      ];
    }),
  ]);
  return [
    "**Main thread and other threads.** A stream's process CPU includes what the process's other threads did meanwhile: V8's concurrent garbage collection and its compiler threads, read from `/proc/self/task/*/schedstat` just outside each stream. Per event, µs, median of runs: the other threads' share, and the main thread's (the process's less the other threads'), which is the provider's own code and the stream machinery, against the floor's and the minimal model's.",
    '',
    table(
      [
        'contender',
        ...rates.flatMap((rate) => [
          `${int(rate)}/s: other threads`,
          'main thread',
          '× floor',
          '× minimal model',
        ]),
      ],
      rows,
    ),
    '',
  ].join('\n');
}

function renderRate(result, rate) {
  const cpu = figure(result, rate, 'cpuUsPerEvent');
  const reads = figure(result, rate, 'readsPerEvent');
  const wall = figure(result, rate, 'wallMs');
  const rows = CONTENDERS.map((id) => {
    const s = spread(cpu[id]);
    return [
      labelOf(id),
      withRange(s, 1),
      spreadPct(s),
      ratioText(ratioOf(cpu[id], cpu.floor)),
      ratioText(ratioOf(cpu[id], cpu['ai-sdk-openai'])),
      fixed(median(reads[id]), 2),
      int(median(wall[id])),
    ];
  });
  return [
    `### ${int(rate)} events per second (achieved: ${int(result.achieved[rate].min)}–${int(result.achieved[rate].max)})`,
    '',
    table(
      [
        'contender',
        'client CPU µs / event, median of runs (range)',
        'spread',
        '× floor',
        '× @ai-sdk/openai',
        'socket reads / event',
        'stream wall time (ms)',
      ],
      rows,
    ),
    '',
  ].join('\n');
}

function renderWarmUp(result) {
  const rows = CONTENDERS.map((id) => {
    const recs = result.records.filter((r) => r.contender === id);
    const counts = recs.map((r) => r.warmUp.length);
    const first = median(recs.map((r) => r.warmUp[0]));
    const tail = median(recs.map((r) => median(r.warmUp.slice(-warmUp.window))));
    const measured = median(figure(result, warmUp.rate, 'cpuUsPerEvent')[id]);
    return [
      labelOf(id),
      `${Math.min(...counts)}–${Math.max(...counts)}`,
      fixed(first, 1),
      fixed(tail, 1),
      fixed(measured, 1),
      `${fixed(measured / tail, 2)}×`,
    ];
  });
  return [
    `**Warm-up.** Each process streams at ${int(warmUp.rate)} events/s until the figures stop falling: the median CPU per event of the last ${warmUp.window} streams no more than ${warmUp.tolerance * 100} % below the ${warmUp.window} before (at least ${warmUp.min}, at most ${warmUp.max} streams; ${warmUp.min} streams is ~${fixed((warmUp.min * result.events) / warmUp.rate, 0)} s). A measured figure well below the warm-up's tail would mean the warm-up was too short.`,
    '',
    table(
      [
        'contender',
        'warm-up streams',
        'first stream (µs / event)',
        `last ${warmUp.window} (median)`,
        `measured at ${int(warmUp.rate)}/s`,
        'measured / last',
      ],
      rows,
    ),
    '',
  ].join('\n');
}

export function render(result) {
  const runs = runCount(result.records);
  return [
    '## Per event: client CPU at the seed’s pace',
    '',
    `One stream = ${int(result.deltas)} text deltas (${int(result.events)} events, ${fixed(result.bytes / 1024, 0)} KB of JSON) cut from a recorded OpenAI stream, paced by a server in its own process so each event leaves in its own write and reaches the client in its own socket read ("socket reads / event" counts the client's read system calls; below 1 means the client fell behind and read several events at once). Model level: \`doStream\` of the V4 model, the stream drained by a plain loop, every stream on the same socket (each a new conversation; this package keeps one idle socket, \`pool.maxIdleSockets: 1\`, so each stream takes it over instead of opening one); the floor parses each frame with \`JSON.parse\` and nothing else; the floor with one \`ReadableStream\` per call also hands each parsed event through a stream to a reader loop, as a provider must hand its parts to the AI SDK, and so shows what that stream alone costs per event; the minimal model is a hand-written LanguageModelV4 on the floor's socket that maps only the events the mock sends into parts, without validation, options or metadata (\`contenders/floor-model.mjs\`): the least a provider can be. CPU = \`process.cpuUsage()\` of the contender's own process over each stream. Per run: one process per contender, all alive at once and each warmed up, then ${rounds} rounds of ${rates.map((r) => `${streamsPerRound[r]} stream(s) at ${int(r)}/s`).join(' and ')}, interleaved: one stream of each contender in turn, in rotating order, so that drift in the machine's load reaches all of them alike (a process waits its turn idle); the run's figure is the median of its streams, the table gives the median over ${runs} run(s) and their range. "× floor" and "× @ai-sdk/openai" compare medians; the range is that of the run-by-run ratios.`,
    '',
    ...rates.map((rate) => renderRate(result, rate)),
    renderThreads(result),
    renderWarmUp(result),
    `Every stream carried all ${int(result.chars)} characters of text: ${result.records.every((r) => r.streams.every((s) => s.chars === result.chars)) ? 'yes' : '**no**'}.`,
    '',
  ].join('\n');
}

/** The main thread's CPU per event against the floor's (reported, where the split is known). */
function mainThreadRows(result, rate) {
  if (!hasThreadSplit(result)) return [];
  const main = mainFigure(result, rate);
  return [
    reportedRow(
      `client CPU per event at ${int(rate)}/s, main thread only (without V8's GC and compiler threads), against the floor's`,
      `${ratioText(ratioOf(main.websocket, main.floor))} (${fixed(median(main.websocket), 1)} vs ${fixed(median(main.floor), 1)} µs)`,
    ),
  ];
}

export function targets(result) {
  return rates.flatMap((rate) => {
    const cpu = figure(result, rate, 'cpuUsPerEvent');
    const floor = ratioOf(cpu.websocket, cpu.floor);
    const sse = ratioOf(cpu.websocket, cpu['ai-sdk-openai']);
    const us = (id) => fixed(median(cpu[id]), 1);
    return [
      targetRow({
        target: `client CPU per event at ${int(rate)}/s ≤ 1.2× the floor`,
        measured: `${ratioText(floor)} (${us('websocket')} vs ${us('floor')} µs)`,
        value: floor.median,
        limit: 1.2,
      }),
      reportedRow(
        `client CPU per event at ${int(rate)}/s: the floor with one ReadableStream per call, and this package against it`,
        `${ratioText(ratioOf(cpu['floor-stream'], cpu.floor))} the floor (${us('floor-stream')} µs) · this package ${ratioText(ratioOf(cpu.websocket, cpu['floor-stream']))} it`,
      ),
      reportedRow(
        `client CPU per event at ${int(rate)}/s: the minimal model, and this package against it`,
        `${ratioText(ratioOf(cpu['model-floor'], cpu.floor))} the floor (${us('model-floor')} µs) · this package ${ratioText(ratioOf(cpu.websocket, cpu['model-floor']))} it`,
      ),
      ...mainThreadRows(result, rate),
      targetRow({
        target: `client CPU per event at ${int(rate)}/s ≤ 0.5× @ai-sdk/openai (SSE)`,
        measured: `${ratioText(sse)} (${us('websocket')} vs ${us('ai-sdk-openai')} µs)`,
        value: sse.median,
        limit: 0.5,
      }),
    ];
  });
}
