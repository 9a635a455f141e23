import type { Fault } from '../../../src/testing';

/** A small seeded PRNG (mulberry32): the same seed draws the same scenario. */
export function prng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
export type Random = ReturnType<typeof prng>;

/** The pool and transport one seed runs with. */
export type Setup = {
  lanes: number;
  maxSockets: number;
  queueTimeoutMs: number;
  maxSocketAgeMs: number;
  transport: 'auto' | 'websocket';
  perEventMs: number;
  pingIntervalMs: number;
};

export function drawSetup(random: Random): Setup {
  return {
    lanes: random.pick([0, 0, 4, 8]),
    maxSockets: 1 + random.int(4),
    queueTimeoutMs: random.pick([150, 400, 3_000]),
    maxSocketAgeMs: random.pick([40, 200, 55 * 60_000]),
    transport: random.pick(['auto', 'websocket'] as const),
    perEventMs: random.pick([0, 0, 1, 3]),
    // 100 ms: with the `ignore-pings` fault armed, sockets are dropped for missed pongs mid-run.
    pingIntervalMs: random.pick([30_000, 100]),
  };
}

/** Deadlines every seed shares: short, so a silent response fails fast. */
export const TIMEOUTS = { firstEventTimeoutMs: 400, eventTimeoutMs: 400, connectTimeoutMs: 1_000 };

/** What the server does to one call: a fault, a script the next request takes, or a socket close. */
export type Trouble =
  | { kind: 'fault'; fault: Fault }
  | { kind: 'silent-stream' }
  | { kind: 'close-all' };

const TROUBLES: Array<(random: Random) => Trouble> = [
  () => fault({ type: 'close-before-first-event' }),
  () => fault({ type: 'terminate-before-first-event' }),
  (r) => fault({ type: 'close-after-events', events: 1 + r.int(10) }),
  (r) => fault({ type: 'terminate-after-events', events: 1 + r.int(10) }),
  () => fault({ type: 'previous-response-not-found' }),
  () => fault({ type: 'connection-limit-on-request' }),
  () => fault({ type: 'connection-limit-idle' }),
  (r) => fault({ type: 'malformed-frame', afterEvents: r.int(6) }),
  () => fault({ type: 'error-event', code: 'rate_limit_exceeded', status: 429 }),
  () => fault({ type: 'error-event', code: 'server_error', shape: 'mid-stream' }),
  () => fault({ type: 'error-event', code: 'insufficient_quota' }),
  (r) => fault({ type: 'delay-first-event', ms: r.pick([5, 50, 600]) }),
  (r) => fault({ type: 'reject-upgrade', status: r.pick([426, 429, 500]), count: 1 + r.int(3) }),
  () => ({ kind: 'silent-stream' }),
  () => fault({ type: 'ignore-pings' }),
  () => ({ kind: 'close-all' }),
];

function fault(f: Fault): Trouble {
  return { kind: 'fault', fault: f };
}

export function drawTrouble(random: Random): Trouble {
  return random.pick(TROUBLES)(random);
}

/** How one call is made and consumed, and where it is aborted. */
export type CallPlan = {
  api: 'generate' | 'stream';
  /** stream only: read to the end, cancel the reader after `parts`, break out of textStream, or never read. */
  consume: 'all' | 'cancel' | 'stop-reading' | 'drop';
  parts: number;
  abort: 'none' | 'before-send' | 'soon' | 'mid-stream' | 'after-end';
  /** Turns of the event loop before a 'soon' abort: while queued, opening, or waiting. */
  ticks: number;
  store: boolean;
  tools: boolean;
};

export function drawCall(random: Random): CallPlan {
  const api = random.chance(0.5) ? 'generate' : 'stream';
  return {
    api,
    consume:
      api === 'generate'
        ? 'all'
        : random.pick(['all', 'all', 'all', 'cancel', 'stop-reading', 'drop']),
    parts: 1 + random.int(8),
    abort: random.chance(0.7)
      ? 'none'
      : random.pick(['before-send', 'soon', 'mid-stream', 'after-end'] as const),
    ticks: random.int(6),
    store: random.chance(0.7),
    tools: random.chance(0.3),
  };
}

/** STRESS_WORKERS=<n> for a denser local run (slower: the 30 s test timeout may not do). */
export const WORKERS = Number(process.env.STRESS_WORKERS ?? 8);
export const OPS_PER_WORKER = 25;

/** One step of a worker, drawn up front so that a seed always makes the same calls. */
export type Op = {
  /** Armed as the step begins; whichever request comes next takes it. */
  trouble: Trouble | undefined;
  /** -1: a new conversation; else one of the worker's conversations (this index modulo their count). */
  conversation: number;
  /** Two plans: two continuations of the conversation at once (only the first one's answer is kept). */
  plans: CallPlan[];
  /** `provider.close()` as the step begins, while the other workers' calls are under way. */
  closeProvider: boolean;
  /** For a new conversation: a tool loop (`#tools=2`), and whether it stores its responses. */
  tools: boolean;
  store: boolean;
};

/** The steps of every worker; `provider.close()` comes once, at a random step of one of them. */
export function drawOps(random: Random): Op[][] {
  const closeAt = [random.int(WORKERS), 5 + random.int(OPS_PER_WORKER - 10)];
  return Array.from({ length: WORKERS }, (_, w) =>
    Array.from({ length: OPS_PER_WORKER }, (_, i) => ({
      trouble: random.chance(0.25) ? drawTrouble(random) : undefined,
      conversation: i === 0 || random.chance(0.3) ? -1 : random.int(8),
      plans: random.chance(0.15) ? [drawCall(random), drawCall(random)] : [drawCall(random)],
      closeProvider: w === closeAt[0] && i === closeAt[1],
      tools: random.chance(0.3),
      store: random.chance(0.7),
    })),
  );
}
