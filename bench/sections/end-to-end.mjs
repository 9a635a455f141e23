// End to end through ai@7: agent loops of 20 and 50 tool calls and a 20-call chat, for this
// package, the raw-`ws` floor, and @ai-sdk/openai over HTTP (full history, and chained by hand
// with previousResponseId). `options.profile` picks the network: 'loopback' (plain TCP on this
// machine) or 'wan' (TLS, a round trip and a 20 Mbit/s uplink; see lib/relay.mjs).
import { lineChart } from '../lib/chart-svg.mjs';
import { END_TO_END, WAN } from '../lib/config.mjs';
import { CONTENDERS as NAMES } from '../lib/contenders.mjs';
import { endToEndTargets, renderEndToEnd } from '../lib/end-to-end-report.mjs';
import { eachRunInterleaved, oneAfterAnother, rotate, sleep } from '../lib/section.mjs';
import { median } from '../lib/stats.mjs';
import { bytesPerStep } from '../lib/wire-bytes.mjs';

export const CONTENDERS = ['http-full', 'http-chained', 'websocket', 'ai-floor', 'floor'];
export const WORKLOADS = [
  ...END_TO_END.agentToolCalls.map((n) => ({ id: `agent-${n}`, kind: 'agent', size: n })),
  { id: `chat-${END_TO_END.chatTurns}`, kind: 'chat', size: END_TO_END.chatTurns },
];

const expectedText = (workload, run) =>
  workload.kind === 'agent'
    ? `Done after ${workload.size} tool calls.`
    : `Echo: Run ${run}, message ${workload.size}:`;

/** One workload's record: what the client measured and what the server and relay saw. */
function summarise(outcome, stats, workload, run) {
  const { requests } = stats;
  const continuations = requests.slice(1);
  return {
    wallMs: outcome.wallMs,
    cpuUs: outcome.cpuUs,
    steps: outcome.steps.map(({ startHr, ...s }) => s),
    correct: outcome.text.startsWith(expectedText(workload, run)),
    allCompleted: requests.every((q) => q.status === 'completed'),
    duplicates: requests.reduce((n, q) => n + q.duplicates, 0),
    requestBytes: requests.map((q) => q.bytes),
    continuations: continuations.length,
    servedFromParent: continuations.filter((q) => q.parentSource !== null).length,
    serverProcessedKb: requests.reduce((n, q) => n + q.processedBytes, 0) / 1024,
    serverDelayMs: requests.reduce((n, q) => n + q.costDelayMs, 0),
    connections: stats.wire.connections,
    wireUp: stats.wire.bytesUp,
    plainUp: stats.plain.bytesUp,
    wirePerStep: bytesPerStep(
      stats.uploads,
      outcome.steps.map((s) => s.startHr),
    ),
  };
}

export async function measure(ctx, { profile = 'loopback' }) {
  const server = await ctx.startServer({
    kind: 'mock',
    costModel: ctx.costModel,
    profile,
    wan: WAN,
  });
  try {
    const records = await eachRunInterleaved(ctx, CONTENDERS, async ({ run, order, clients }) => {
      const out = {};
      // The warm-ups one process after another: side by side, on two cores, V8's background
      // compiles get less room and each process warms up more slowly per loop.
      const curves = await oneAfterAnother(order, (contender) =>
        clients[contender].run('end-to-end', 'warmUp', {
          contender,
          url: server.warmUrl,
          ...END_TO_END.warmUp,
        }),
      );
      for (const contender of order) {
        out[contender] = { warmUp: curves[contender], workloads: {}, windows: [] };
      }
      // Per workload, each contender in turn (rotating order): drift reaches them alike.
      for (const [index, workload] of WORKLOADS.entries()) {
        for (const contender of rotate(order, index)) {
          const client = clients[contender];
          await server.reset();
          // Let the client see the dropped connections (pooled HTTP keep-alive ones included).
          await sleep(50);
          const outcome =
            workload.kind === 'agent'
              ? await client.run('end-to-end', 'agentLoop', {
                  contender,
                  url: server.url,
                  toolCalls: workload.size,
                  run,
                })
              : await client.run('end-to-end', 'chat', {
                  contender,
                  url: server.url,
                  turns: workload.size,
                  run,
                });
          out[contender].workloads[workload.id] = summarise(
            outcome,
            await server.stats(),
            workload,
            run,
          );
          out[contender].windows.push(outcome.window);
        }
      }
      return out;
    });
    return { profile, wan: profile === 'wan' ? WAN : null, records };
  } finally {
    await server.close();
  }
}

export const render = (result) => renderEndToEnd(result, { CONTENDERS, WORKLOADS });
export const targets = (result) => endToEndTargets(result, { WORKLOADS });

export function charts(result) {
  const workload = WORKLOADS.find((w) => w.kind === 'agent' && w.size === 50) ?? WORKLOADS[0];
  const series = CONTENDERS.map((id) => {
    const runs = result.records
      .filter((r) => r.contender === id)
      .map((r) => r.workloads[workload.id]);
    const count = Math.max(...runs.map((r) => r.steps.length));
    const points = Array.from({ length: count }, (_, i) => [
      i + 1,
      median(runs.map((r) => r.steps[i]?.durationMs).filter(Number.isFinite)),
    ]);
    return { label: NAMES[id].label.replaceAll('`', ''), color: NAMES[id].color, points };
  });
  return [
    {
      file: chartFile(result.profile),
      svg: lineChart({
        title: `Latency per step, ${workload.id} (${result.profile} profile, median of runs)`,
        xLabel: 'step (model call) number',
        yLabel: 'step latency (ms)',
        series,
      }),
    },
  ];
}

export const chartFile = (profile) => `latency-per-step-${profile}.svg`;
