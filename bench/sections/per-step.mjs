// Client CPU and latency per step at the model level (LanguageModelV4 `doStream`, no AI SDK),
// from a history of 10, 100 or 500 Responses input items: this package against the raw-`ws`
// floor, with @ai-sdk/openai over HTTP for context. The first call of a loop sends the whole
// history; the steps measured are continuations that add one tool call and its result.
import { PER_STEP } from '../lib/config.mjs';
import { labelOf } from '../lib/contenders.mjs';
import { perRun, ratioOf, ratioText, reportedRow, runCount, targetRow } from '../lib/figures.mjs';
import { eachRunInterleaved, oneAfterAnother, rotate } from '../lib/section.mjs';
import { PHASES } from '../lib/socket-marks.mjs';
import {
  curveText,
  fixed,
  mean,
  median,
  spread,
  spreadPct,
  table,
  withRange,
} from '../lib/stats.mjs';

/** The contenders of the section, in the report's order. */
export const CONTENDERS = [
  'websocket',
  'floor',
  'floor-stream',
  'model-floor',
  'http-full',
  'http-chained',
];
/** Contenders whose steps are cut into phases at the socket. */
const SOCKET_CONTENDERS = new Set(['websocket', 'floor']);
const { sizes, steps, skip, loopsPerSize, warmUp } = PER_STEP;

const medianOf = (values) => median(values.filter(Number.isFinite));

export async function measure(ctx) {
  const server = await ctx.startServer({
    kind: 'mock',
    costModel: ctx.costModel,
    profile: 'loopback',
  });
  try {
    const records = await eachRunInterleaved(ctx, CONTENDERS, async ({ order, clients }) => {
      const loop = (contender, args) =>
        clients[contender].run('model-steps', 'loop', { contender, ...args });
      const out = {};
      // The fast warm-ups one process after another: side by side, on two cores, V8's background
      // compiles get less room and each process warms up more slowly per loop.
      const curves = await oneAfterAnother(order, (contender) =>
        clients[contender].run('model-steps', 'warmUp', {
          contender,
          url: server.warmUrl,
          loops: warmUp.loops,
          items: sizes[0],
          steps: warmUp.steps,
        }),
      );
      for (const contender of order) {
        // One loop against the cost model, thrown away: the paced regime warms up too.
        const paced = await loop(contender, {
          url: server.url,
          items: sizes[0],
          steps,
          userText: 'Paced warm-up. #tools=100000',
        });
        out[contender] = {
          warmUp: curves[contender],
          pacedWarmUp: medianOf(paced.slice(skip).map((s) => s.cpuUs)),
          sizes: {},
          windows: [],
        };
      }
      // Per size, one loop of each contender in turn (rotating order), `loopsPerSize` times, so
      // that drift in the machine's load reaches them alike; then the phase loops.
      for (const [index, items] of sizes.entries()) {
        for (let repeat = 0; repeat < loopsPerSize; repeat++) {
          for (const contender of rotate(order, index + repeat)) {
            await server.reset();
            const done = await loop(contender, {
              url: server.url,
              items,
              steps,
              userText: `Per-step run with ${items} items (${repeat}). #tools=100000`,
            });
            const stats = await server.stats();
            out[contender].sizes[items] ??= {
              steps: [],
              phases: [],
              inputModes: done.map((s) => s.inputMode),
              duplicates: 0,
              completed: true,
            };
            const size = out[contender].sizes[items];
            size.steps.push(...done.slice(skip).map(({ window, ...s }) => s));
            size.duplicates += stats.requests.reduce((n, r) => n + r.duplicates, 0);
            size.completed &&= stats.requests.every((r) => r.status === 'completed');
            out[contender].windows.push(...done.slice(skip).map((s) => s.window));
          }
        }
        // The phases come from loops of their own, so the marks never touch the figures above.
        for (const contender of order.filter((id) => SOCKET_CONTENDERS.has(id))) {
          const phases = await clients[contender].run('model-steps', 'phaseLoop', {
            contender,
            url: server.url,
            items,
            steps,
            userText: `Phases with ${items} items. #tools=100000`,
          });
          out[contender].sizes[items].phases = phases.slice(skip);
        }
      }
      return out;
    });
    return { records };
  } finally {
    await server.close();
  }
}

const figure = (result, items, field) =>
  perRun(result.records, (r) => medianOf(r.sizes[items].steps.map((s) => s[field])));

/** A step's CPU on the main thread: its process CPU less its other threads' (NaN where unknown). */
const mainThreadUs = (step) => (typeof step.otherUs === 'number' ? step.cpuUs - step.otherUs : NaN);

const mainFigure = (result, items) =>
  perRun(result.records, (r) => medianOf(r.sizes[items].steps.map(mainThreadUs)));

/** Whether the steps carry their other threads' CPU (Linux's /proc). */
const hasThreadSplit = (result) =>
  result.records.some((r) => r.sizes[sizes[0]].steps.some((s) => typeof s.otherUs === 'number'));

/** Other threads' CPU per step: their work comes in bursts, so the mean over a run's steps. */
const otherFigure = (result, items) =>
  perRun(result.records, (r) =>
    mean(r.sizes[items].steps.map((s) => s.otherUs).filter(Number.isFinite)),
  );

function renderThreads(result) {
  if (!hasThreadSplit(result)) return '';
  const rows = CONTENDERS.map((id) => [
    labelOf(id),
    ...sizes.flatMap((items) => {
      const main = mainFigure(result, items);
      return [
        fixed(median(otherFigure(result, items)[id]), 0),
        fixed(median(main[id]) / 1000, 2),
        ratioText(ratioOf(main[id], main.floor)),
      ];
    }),
  ]);
  return [
    "**Main thread and other threads.** A step's process CPU includes what the process's other threads did in its window: V8's concurrent garbage collection (marking, sweeping) and its compiler threads, read from `/proc/self/task/*/schedstat` just outside each step's window. Their work comes in bursts, in few steps, so it shows in the mean (first column of each size, µs per step) far more than in the medians above; the main thread's CPU per step (the process's less the other threads', median, ms) is the provider's own code, against the floor's in the third column.",
    '',
    table(
      [
        'contender',
        ...sizes.flatMap((items) => [`${items}: other threads (mean)`, 'main thread', '× floor']),
      ],
      rows,
    ),
    '',
  ].join('\n');
}

function renderTable(result, field, scale, digits) {
  const rows = CONTENDERS.map((id) => [
    labelOf(id),
    ...sizes.flatMap((items) => {
      const values = figure(result, items, field)[id].map((v) => v / scale);
      const s = spread(values);
      const floor = figure(result, items, field).floor;
      return [
        `${withRange(s, digits)} ${spreadPct(s) === '–' ? '' : spreadPct(s)}`.trim(),
        ratioText(ratioOf(figure(result, items, field)[id], floor)),
      ];
    }),
  ]);
  return table(['contender', ...sizes.flatMap((items) => [`${items} items`, '× floor'])], rows);
}

/** A phase's CPU per step (µs): the median over a run's steps, then over runs. */
function phaseFigure(result, id, items, phase) {
  const runs = result.records.filter((r) => r.contender === id);
  return median(
    runs.map((r) => medianOf(r.sizes[items].phases.map((p) => p?.[phase] ?? Number.NaN))),
  );
}

function renderPhases(result) {
  const rows = PHASES.map(([phase, what]) => [
    `${phase}: ${what}`,
    ...sizes.flatMap((items) => {
      const ours = phaseFigure(result, 'websocket', items, phase);
      const floor = phaseFigure(result, 'floor', items, phase);
      return [
        `${fixed(ours, 0)} / ${fixed(floor, 0)}`,
        `${ours >= floor ? '+' : ''}${fixed(ours - floor, 0)}`,
      ];
    }),
  ]);
  const events = median(
    result.records
      .filter((r) => r.contender === 'websocket')
      .flatMap((r) => r.sizes[sizes[0]].phases.map((p) => p?.events ?? Number.NaN))
      .filter(Number.isFinite),
  );
  return [
    `**Where a step's CPU goes** (µs per step, this package / the floor, and the difference). From one more loop per size and contender, after the measured ones: each phase is cut at the socket, by the process CPU at the frame sent and at the start and end of every message callback (\`ws\`'s \`send\` and \`emit\`, wrapped in both contenders' processes, so the package runs unchanged; the marks cost both the same few µs). A step here has ${events} events, each arriving on its own after the mock's pause. Medians per phase, so the rows need not add up to the totals above.`,
    '',
    table(['phase', ...sizes.flatMap((items) => [`${items} items`, 'difference'])], rows),
    '',
  ].join('\n');
}

function renderWarmUp(result) {
  const rows = CONTENDERS.map((id) => {
    const recs = result.records.filter((r) => r.contender === id);
    const paced = median(recs.map((r) => r.pacedWarmUp));
    const measured = median(figure(result, sizes[0], 'cpuUs')[id]);
    return [
      labelOf(id),
      fixed(median(recs.map((r) => r.warmUp[0])) / 1000, 2),
      // The fast warm-up loops' CPU per step (ms): the median of each batch, then over runs.
      curveText(
        recs.map((r) => r.warmUp),
        warmUp.batch,
        1000,
      ),
      fixed(paced / 1000, 2),
      fixed(measured / 1000, 2),
      `${fixed(measured / paced, 2)}×`,
    ];
  });
  return [
    `**Warm-up.** Per process: ${warmUp.loops} loops of ${warmUp.steps} steps at ${sizes[0]} items against a second mock without cost model (fast: the code is the same, only the waiting is gone; one process after another), then, one contender after another, one loop against the measured mock, thrown away. V8 optimises code that runs once per step only after many steps, so the fast loops' curve (median of each ${warmUp.batch} loops) should be flat by its end. Measured against a paced server, a step costs more CPU than against the fast one (each event wakes the process on its own), so the paced loop is the reference: "measured / paced warm-up" near 1 means the figures had stopped falling.`,
    '',
    table(
      [
        'client CPU per step (ms)',
        'first fast loop',
        `fast loops, by ${warmUp.batch}s`,
        'paced warm-up loop',
        `measured, ${sizes[0]} items`,
        'measured / paced warm-up',
      ],
      rows,
    ),
    '',
  ].join('\n');
}

export function render(result) {
  const ws = result.records.filter((r) => r.contender === 'websocket');
  const modes = sizes
    .map(
      (items) =>
        `${items} items: ${ws[0]?.sizes[items].inputModes.map((m) => (m === 'delta' ? 'd' : 'F')).join('')}`,
    )
    .join('; ');
  const duplicates = result.records.reduce(
    (n, r) => n + sizes.reduce((m, items) => m + r.sizes[items].duplicates, 0),
    0,
  );
  const completed = result.records.every((r) => sizes.every((items) => r.sizes[items].completed));
  return [
    '## Per step: client CPU and latency against history length',
    '',
    `Model level, each contender in its own process, all of them alive through a run: after every process has warmed up, each size gets ${loopsPerSize} rounds of one loop of each contender in turn (rotating order), so that drift in the machine's load reaches them alike. A loop is a tool loop of ${steps} steps from a history of N Responses input items (system + user + tool call/result pairs, ~2 KB per result), against the mock with its cost model. The first call sends the whole history; a run's figure is the median over steps ${skip + 1}–${steps} of its ${loopsPerSize} loops (each step a continuation that adds one call and its result), then the median over ${runCount(result.records)} run(s) with their range and spread. CPU = \`process.cpuUsage()\` of the process from the call to the end of its stream. The floor sends the same frames this package sends and only parses the events; the floor with one \`ReadableStream\` per call also hands each event through a stream to a reader loop, as a provider must hand its parts to the AI SDK, and so shows what that stream alone costs; the minimal model is a hand-written LanguageModelV4 on the floor's socket that sends the new messages by count (no prompt conversion beyond its few item kinds, no validation, options or metadata; \`contenders/floor-model.mjs\`): the least a provider can be. @ai-sdk/openai is shown for context.`,
    '',
    '**Client CPU per step (ms)**',
    '',
    renderTable(result, 'cpuUs', 1000, 2),
    '',
    '**Step latency (ms)**: from the call to the end of its stream.',
    '',
    renderTable(result, 'durationMs', 1, 1),
    '',
    renderThreads(result),
    renderPhases(result),
    renderWarmUp(result),
    `This package's input mode per call (F = full, d = delta), first loop of the first run: ${modes}. Duplicated items seen by the server: ${duplicates}. Every request completed: ${completed ? 'yes' : '**no**'}.`,
    '',
  ].join('\n');
}

/** The main thread's CPU per step against the floor's (reported, where the split is known). */
function mainThreadRows(result, items) {
  if (!hasThreadSplit(result)) return [];
  const main = mainFigure(result, items);
  return [
    reportedRow(
      `client CPU per step at ${items} items, main thread only (without V8's GC and compiler threads), against the floor's`,
      `${ratioText(ratioOf(main.websocket, main.floor))} (${fixed(median(main.websocket) / 1000, 2)} vs ${fixed(median(main.floor) / 1000, 2)} ms)`,
    ),
  ];
}

export function targets(result) {
  return sizes.flatMap((items) => {
    const cpu = figure(result, items, 'cpuUs');
    const latency = figure(result, items, 'durationMs');
    const cpuRatio = ratioOf(cpu.websocket, cpu.floor);
    const latencyRatio = ratioOf(latency.websocket, latency.floor);
    return [
      targetRow({
        target: `client CPU per step at ${items} items ≤ 1.5× the floor`,
        measured: `${ratioText(cpuRatio)} (${fixed(median(cpu.websocket) / 1000, 2)} vs ${fixed(median(cpu.floor) / 1000, 2)} ms)`,
        value: cpuRatio.median,
        limit: 1.5,
      }),
      reportedRow(
        `client CPU per step at ${items} items: the floor with one ReadableStream per call, and this package, against the floor`,
        `${ratioText(ratioOf(cpu['floor-stream'], cpu.floor))} and ${ratioText(cpuRatio)}; this package against the floor with the stream: ${ratioText(ratioOf(cpu.websocket, cpu['floor-stream']))}`,
      ),
      reportedRow(
        `client CPU per step at ${items} items: the minimal model against the floor, and this package against it`,
        `${ratioText(ratioOf(cpu['model-floor'], cpu.floor))} (${fixed(median(cpu['model-floor']) / 1000, 2)} ms) · this package ${ratioText(ratioOf(cpu.websocket, cpu['model-floor']))} it`,
      ),
      ...mainThreadRows(result, items),
      targetRow({
        target: `step latency at ${items} items ≤ 1.03× the floor`,
        measured: `${ratioText(latencyRatio)} (${fixed(median(latency.websocket), 1)} vs ${fixed(median(latency.floor), 1)} ms)`,
        value: latencyRatio.median,
        limit: 1.03,
      }),
    ];
  });
}
