// The end-to-end section's figures, tables and targets (sections/end-to-end.mjs measures).
import { END_TO_END } from './config.mjs';
import { labelOf } from './contenders.mjs';
import { perRun, ratioOf, ratioText, reportedRow, runCount, targetRow } from './figures.mjs';
import { curveText, fixed, int, median, spread, spreadPct, table, withRange } from './stats.mjs';

/** Per-run figures of one workload: `{ [contender]: [value per run] }`. */
const FIGURES = {
  wall: (w) => w.wallMs,
  cpuPerStep: (w) => w.cpuUs / 1000 / w.steps.length,
  ttft: (w) => median(w.steps.map((s) => s.ttftMs).filter(Number.isFinite)),
  stepMs: (w) => median(w.steps.map((s) => s.durationMs)),
  requestPerContinuation: (w) => median(w.requestBytes.slice(1)),
  wirePerContinuation: (w) => median(w.wirePerStep.slice(1)),
  wireTotal: (w) => w.wireUp,
  connections: (w) => w.connections,
  prefillKb: (w) => w.serverProcessedKb,
  prefillMs: (w) => w.serverDelayMs,
};

export function figure(result, workloadId, name) {
  return perRun(result.records, (r) => FIGURES[name](r.workloads[workloadId]));
}

function workloadTitle(w) {
  return w.kind === 'agent'
    ? `### Agent loop, ${w.size} tool calls (${w.size + 1} model calls)`
    : `### Chat, ${w.size} user messages in ${w.size} separate calls`;
}

function renderWorkload(result, w, contenders) {
  const f = (name) => figure(result, w.id, name);
  const wall = f('wall');
  const med = (name, id) => median(f(name)[id]);
  const rows = contenders.map((id) => {
    const s = spread(wall[id].map((ms) => ms / 1000));
    const runs = result.records.filter((r) => r.contender === id).map((r) => r.workloads[w.id]);
    const served = runs.reduce((n, r) => n + r.servedFromParent, 0);
    const continuations = runs.reduce((n, r) => n + r.continuations, 0);
    return [
      labelOf(id),
      withRange(s, 2),
      spreadPct(s),
      ratioText(ratioOf(wall['http-full'], wall[id])),
      ratioText(ratioOf(wall['http-chained'], wall[id])),
      ratioText(ratioOf(wall[id], wall.floor)),
      fixed(med('ttft', id), 1),
      fixed(med('stepMs', id), 1),
      int(med('requestPerContinuation', id)),
      int(med('wirePerContinuation', id)),
      `${fixed(med('wireTotal', id) / 1024, 1)} KB`,
      fixed(med('cpuPerStep', id), 2),
      fixed(med('connections', id), 0),
      `${int(served)} / ${int(continuations)}`,
      `${int(med('prefillKb', id))} KB / ${int(med('prefillMs', id))} ms`,
    ];
  });
  return [
    workloadTitle(w),
    '',
    table(
      [
        'contender',
        'wall time (s), median (range)',
        'spread',
        'speed-up vs HTTP full',
        'vs HTTP chained',
        '× floor',
        'TTFT (ms)',
        'step latency (ms)',
        'request bytes / continuation',
        'wire bytes / continuation',
        'wire bytes, total',
        'client CPU / step (ms)',
        'connections',
        'continuations served from a parent',
        'server prefill',
      ],
      rows,
    ),
    '',
  ].join('\n');
}

function renderProfile(result) {
  if (result.profile !== 'wan') {
    return 'Network: loopback (plain TCP on this machine, no TLS, no delay). The counting relay sits between the clients and the mock; "wire bytes" are what the clients sent through it: HTTP headers, WebSocket handshake and framing included.';
  }
  const { rttMs, upMbps, burstBytes } = result.wan;
  return `Network: the WAN profile. Clients speak TLS (\`https://\`, \`wss://\`) to a shaping relay that delays each direction by ${rttMs / 2} ms (a round trip of ${rttMs} ms; a new connection also pays one round trip for its TCP handshake) and lets the client→server direction through a ${upMbps} Mbit/s token bucket (burst ${int(burstBytes)} bytes); a second relay terminates TLS in front of the mock. Both run in the server process. "Wire bytes" are the TLS bytes the clients sent (handshakes and record overhead included).`;
}

function renderWarmUp(result, contenders) {
  const { agentLoops, toolCalls, chats, turns, batch, chatBatch } = END_TO_END.warmUp;
  const curveOf = (pick, size) =>
    contenders.map((id) => {
      const runs = result.records.filter((r) => r.contender === id).map((r) => pick(r.warmUp));
      return `${labelOf(id)} ${curveText(runs, size)}`;
    });
  return `**Warm-up** per process, on the cost-free mock, one process after another: ${agentLoops} agent loops of ${toolCalls} calls, then ${chats} chats of ${turns} turns (\`END_TO_END.warmUp\` in \`lib/config.mjs\`). Client CPU per step of the warm-up agent loops (ms; the median of each ${batch} loops, then over runs): ${curveOf((w) => w.agent, batch).join('; ')}. Client CPU per call of the warm-up chats (ms; the median of each ${chatBatch} chats, then over runs): ${curveOf((w) => w.chat, chatBatch).join('; ')}. The measured runs are paced by the cost model, so their CPU per step is higher than the warm-up's; what matters is that the warm-up curves have flattened.`;
}

export function renderEndToEnd(result, { CONTENDERS, WORKLOADS }) {
  const checks = CONTENDERS.map((id) => {
    const ok = result.records
      .filter((r) => r.contender === id)
      .every((r) =>
        Object.values(r.workloads).every((w) => w.correct && w.allCompleted && w.duplicates === 0),
      );
    return `${labelOf(id)}: ${ok ? 'yes' : '**no**'}`;
  });
  const chart = `latency-per-step-${result.profile}.svg`;
  return [
    `## End to end through ai@7 (${result.profile} profile)`,
    '',
    `${renderProfile(result)} Contenders 1–4 run \`streamText\` from ai@7 (this package through its \`/v4\` entry); the minimal model is a hand-written LanguageModelV4 on the floor's socket that sends the new messages by count and maps only the events the mock sends (\`contenders/floor-model.mjs\`), so its row shows what the AI SDK alone adds to the floor; the floor runs the same workload by hand, without the AI SDK. Every run starts cold: the server forgets its state, the relays drop every connection, and the contender's provider is created afresh (inside the measured wall time) and closed at the end. Per run: one process per contender, all alive through the run, each warmed up on the cost-free mock; then each workload once per contender, one contender after another in rotating order, so that drift in the machine's load reaches them alike; ${runCount(result.records)} run(s). Step latency = from the model call to its finish part; TTFT = to the first text delta or tool-call start. A continuation is every call after the first; its bytes are the request (\`response.create\` frame or HTTP body) and what went on the wire while it ran. Client CPU / step = the process's CPU over the whole run (tools, the AI SDK and all) divided by its model calls, the same window for every contender. Server prefill = what the cost model charged, summed over the run.`,
    '',
    ...WORKLOADS.map((w) => renderWorkload(result, w, CONTENDERS)),
    `![Latency per step, ${result.profile} profile](${chart})`,
    '',
    renderWarmUp(result, CONTENDERS),
    '',
    `Correct answers, every request completed, no duplicated item: ${checks.join('; ')}.`,
    '',
  ].join('\n');
}

export function endToEndTargets(result, { WORKLOADS }) {
  const rows = [];
  const where = `${result.profile}`;
  for (const w of WORKLOADS) {
    const wall = figure(result, w.id, 'wall');
    const vsFloor = ratioOf(wall.websocket, wall.floor);
    const limit = w.kind === 'chat' ? 1.05 : 1.03;
    rows.push(
      targetRow({
        target: `${w.id}, ${where}: wall time ≤ ${limit}× the floor`,
        measured: `${ratioText(vsFloor)} (${fixed(median(wall.websocket) / 1000, 2)} vs ${fixed(median(wall.floor) / 1000, 2)} s)`,
        value: vsFloor.median,
        limit,
      }),
    );
    if (wall['ai-floor']?.length) {
      // What the AI SDK alone adds: the same loop on the least a provider can be.
      rows.push(
        reportedRow(
          `${w.id}, ${where}: ai@7 on a minimal hand-written model, and this package against it`,
          `${ratioText(ratioOf(wall['ai-floor'], wall.floor))} the floor · this package ${ratioText(ratioOf(wall.websocket, wall['ai-floor']))} that model`,
        ),
      );
    }
    if (result.profile === 'wan') {
      rows.push(
        reportedRow(
          `${w.id}, wan: speed-up vs @ai-sdk/openai over HTTP`,
          `${ratioText(ratioOf(wall['http-full'], wall.websocket))} vs full history · ${ratioText(ratioOf(wall['http-chained'], wall.websocket))} vs hand-chained`,
        ),
      );
      const wire = figure(result, w.id, 'wirePerContinuation');
      const extra = median(wire.websocket) - median(wire.floor);
      rows.push(
        targetRow({
          target: `${w.id}, wan: wire bytes per continuation within 1 KB of the floor's`,
          measured: `${int(median(wire.websocket))} vs ${int(median(wire.floor))} bytes (${extra >= 0 ? '+' : ''}${int(extra)})`,
          value: extra,
          limit: 1024,
          unit: 'bytes',
        }),
      );
    }
  }
  return rows;
}
