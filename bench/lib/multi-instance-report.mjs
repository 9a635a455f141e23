// The multi-instance section's tables (sections/multi-instance.mjs measures).
import { labelOf } from './contenders.mjs';
import { perRun, ratioOf, ratioText, runCount } from './figures.mjs';
import { fixed, int, median, spread, spreadPct, table, withRange } from './stats.mjs';

/** In this section, "this package" means store on, round robin: say so. */
const chatLabel = (id) =>
  id === 'websocket' ? 'ai-sdk-openai-ws, store on (the default), round robin' : labelOf(id);

/** Per-run figures of one chat record. */
const CHAT_FIGURES = {
  hitRate: (c) => (100 * (c.sources.socketCache + c.sources.store)) / c.sources.continuations,
  fromSocket: (c) => c.sources.socketCache,
  fromStore: (c) => c.sources.store,
  kbPerMessage: (c, turns) => c.requestBytes / 1024 / turns,
  wallS: (c) => c.wallMs / 1000,
  cpuMsPerMessage: (c, turns) => c.cpuUs / 1000 / turns,
};

export function chatFigure(result, processes, name) {
  const turns = result.config.turns;
  return perRun(result.chats, (r) => CHAT_FIGURES[name](r.chats[processes], turns));
}

/** `not-stored ×9, socket-replaced ×1` over every run, or '–'. */
function reasonsText(records, processes) {
  const counts = {};
  for (const r of records) {
    for (const [reason, n] of Object.entries(r.chats[processes].fullReasons)) {
      counts[reason] = (counts[reason] ?? 0) + n;
    }
  }
  const entries = Object.entries(counts);
  return entries.length ? entries.map(([reason, n]) => `\`${reason}\` ×${n}`).join(', ') : '–';
}

function chatRows(result, contenders) {
  const rows = [];
  for (const processes of result.config.processes) {
    const f = (name) => chatFigure(result, processes, name);
    const wall = f('wallS');
    for (const id of contenders) {
      const records = result.chats.filter((r) => r.contender === id);
      const ws = id !== 'http-full';
      const s = spread(wall[id]);
      rows.push([
        String(processes),
        chatLabel(id),
        `${withRange(spread(f('hitRate')[id]), 1)} %`,
        `${withRange(spread(f('fromSocket')[id]), 0)} / ${withRange(spread(f('fromStore')[id]), 0)}`,
        ws ? reasonsText(records, processes) : 'every call (no metadata)',
        withRange(spread(f('kbPerMessage')[id]), 1),
        withRange(s, 2),
        spreadPct(s),
        ratioText(ratioOf(wall['http-full'], wall[id])),
        withRange(spread(f('cpuMsPerMessage')[id]), 1),
      ]);
    }
  }
  return rows;
}

function renderChecks(result, contenders) {
  const checks = contenders.map((id) => {
    const ok = result.chats
      .filter((r) => r.contender === id)
      .every((r) =>
        Object.values(r.chats).every((c) => c.correct && c.completed && c.duplicates === 0),
      );
    return `${chatLabel(id)}: ${ok ? 'yes' : '**no**'}`;
  });
  return `Right last answer, every request completed, no duplicated item: ${checks.join('; ')}.`;
}

/** `0.88 → 0.32 → …`: a contender's warm-up curve (ms / 1000), each point the median of runs. */
function warmUpCurve(records, id) {
  const runs = records.filter((r) => r.contender === id).map((r) => r.warmUp);
  const at = (i) => median(runs.map((w) => w[i]));
  return (runs[0] ?? []).map((_, i) => fixed(at(i) / 1000, 2)).join(' → ');
}

function renderChatWarmUp(result, contenders) {
  const curves = contenders.map((id) => `${chatLabel(id)} ${warmUpCurve(result.chats, id)}`);
  return `**Warm-up** per contender and run: ${result.config.warmUpChats} chats routed as the measured ones (round robin over all ${Math.max(...result.config.processes)} instances, or sticky) on the cost-free mock. Wall time of each (s, median over runs): ${curves.join('; ')}.`;
}

const VERIFY_LABELS = {
  'one-instance': 'one instance holds the chain (`continuation`)',
  'two-instances':
    "two instances take turns: each call verifies the digest of the other's answer (`continuation-from-store`)",
};

/** Calls that are neither the first nor an instance's first: every one a warm continuation. */
export const warmSteps = (steps, instances) => steps.slice(instances + 1);

/** Per-run figures of one verification record. */
const VERIFY_FIGURES = {
  warm: (r) => median(warmSteps(r.steps, r.instances).map((s) => s.cpuUs / 1000)),
  // A loop's first call: full input, and the socket opens.
  first: (r) => r.steps[0].cpuUs / 1000,
  // The second instance's first call: it has never seen the chat and verifies all of it.
  firstVerified: (r) => (r.instances > 1 ? r.steps[1].cpuUs / 1000 : Number.NaN),
};

function renderVerification(result) {
  const { items, steps } = result.config.verify;
  const records = result.verification;
  const warm = perRun(records, VERIFY_FIGURES.warm);
  const first = perRun(records, VERIFY_FIGURES.first);
  const firstVerified = perRun(records, VERIFY_FIGURES.firstVerified);
  const reasons = (id, pick) => {
    const all = records.filter((r) => r.contender === id).flatMap((r) => pick(r));
    return [...new Set(all.map((s) => s.reason))].map((r) => `\`${r}\``).join(', ');
  };
  const row = (label, values, id, pick) => {
    const s = spread(values);
    return [
      label,
      withRange(s, 2),
      spreadPct(s),
      ratioText(ratioOf(values, warm['one-instance'])),
      reasons(id, pick),
    ];
  };
  const rows = [
    ...['one-instance', 'two-instances'].map((id) =>
      row(VERIFY_LABELS[id], warm[id], id, (r) => warmSteps(r.steps, r.instances)),
    ),
    row(
      "the second instance's first call: verifies the whole history, opens its socket",
      firstVerified['two-instances'],
      'two-instances',
      (r) => [r.steps[1]],
    ),
    row(
      "for reference, the loop's first call: converts and sends the whole history, opens the socket",
      first['one-instance'],
      'one-instance',
      (r) => [r.steps[0]],
    ),
  ];
  const curve = ['one-instance', 'two-instances'].map((id) => `${id} ${warmUpCurve(records, id)}`);
  const clean = records.every((r) => r.completed && r.duplicates === 0);
  return [
    `**Verifying on another instance: client CPU per model call at ${int(items)} history items.** Model level (\`doStream\`, no AI SDK), each instance a process of its own: a tool loop of ${steps} calls from a history of ${int(items)} Responses input items (tool calls and results of ~2 KB each), the whole prompt sent to the instance for every call (over IPC, before the call's CPU window opens). Call i goes to instance i mod n. With one instance every continuation continues its own chain; with two, every call names a response the other instance made, so the instance verifies the digest in its metadata, hashing only the items added since its own last call. Figures: the median over the calls after each instance's first (from call n + 2 on, with n instances), then over ${runCount(records)} run(s). A fresh provider per loop; warm-up: ${result.config.verify.warmUpLoops} such loops with the same routing on the cost-free mock (median CPU per call of each, ms: ${curve.join('; ')}).`,
    '',
    table(['call', 'client CPU / call (ms)', 'spread', '× one instance', 'reason'], rows, [
      'l',
      'r',
      'r',
      'r',
      'l',
    ]),
    '',
    `Every request completed, no duplicated item: ${clean ? 'yes' : '**no**'}.`,
    '',
  ].join('\n');
}

export function renderMultiInstance(result, { CHAT_CONTENDERS }) {
  const { turns, processes } = result.config;
  return [
    '## Several instances, no sticky sessions',
    '',
    `One chat of ${turns} messages (every third asks for tool calls; ${result.modelCalls} model calls in all) served by ${processes.join(', ')} app instances, each a client process of its own running \`streamText\` from ai@7 with a fresh provider (no socket, no chain): message k goes to instance k mod P (sticky: always the same one) with the whole history, as \`useChat\` sends it, and the answer's messages are appended as the route returns them. The mock with its cost model, through the counting relay. "Delta hit rate": continuations (every call but the first) the server received with \`previous_response_id\`; "from the socket / the store": where the server found their parent (the record's \`parentSource\`: the cache of the socket the call came on, or the store, because another instance made the parent). "Full input": why this package sent a continuation in full, as its metadata says (all runs). Request bytes: the \`response.create\` frames or HTTP bodies, all calls of the chat, per message. End to end: from the first message to the last answer, in the driving process. Client CPU: every instance's process CPU during its turns, per message. Median over ${runCount(result.chats)} run(s) (range).`,
    '',
    table(
      [
        'P',
        'contender',
        'delta hit rate',
        'parent from the socket / the store',
        'full input: reasons',
        'request KB / message',
        'end to end (s)',
        'spread',
        'speed-up vs HTTP',
        'client CPU / message (ms)',
      ],
      chatRows(result, CHAT_CONTENDERS),
      ['r', 'l', 'r', 'r', 'l', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    renderChecks(result, CHAT_CONTENDERS),
    '',
    renderChatWarmUp(result, CHAT_CONTENDERS),
    '',
    renderVerification(result),
  ].join('\n');
}
