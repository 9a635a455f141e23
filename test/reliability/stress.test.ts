import { describe, expect, it, vi } from 'vitest';
import { resolvePoolSettings } from '../../src/pool/pool-settings';
import { sharedStateKey } from '../../src/shared-state-key';
import { createMockResponsesServer, MOCK_API_KEY } from '../../src/testing';
import { createOpenAIWebSocket } from '../../src/v4';
import { gc } from '../helpers/gc';
import { sharedRegistry } from '../helpers/pool-of';
import { problemsOf, timers, untilNoTimersBeyond, within } from './stress/checks';
import { countedModel } from './stress/counted-model';
import { type Conversation, type Outcome, runCall } from './stress/run-call';
import { drawOps, drawSetup, type Op, prng, TIMEOUTS, WORKERS } from './stress/scenario';

/*
 * A seeded stress run of the pool, its lanes and wait queue, and both transports. Per seed: a
 * random pool (lanes on or off, 1–4 sockets, short queue and socket-age limits, 'auto' or
 * 'websocket'), and 200-odd calls from 8 concurrent workers (new conversations, continuations,
 * tool loops, `store: false`, two continuations of one conversation at once), aborted at random
 * points (before send, soon after, mid-stream, after the end), read to the end, cancelled, left
 * unread or dropped, while the server injects faults (closes, resets, error events, refused
 * upgrades, slow and silent responses, unanswered pings) and the provider is closed once in
 * the middle. Every call
 * must settle, typed, or with the mock's answer to exactly its conversation; no context may
 * hold a duplicated item; at the end no lane, queued call, socket or timer is left.
 *
 * The seed and its pool are in every failure message. STRESS_SEED=<n> runs one seed,
 * STRESS_SEED=<a>..<b> a range: the calls a seed makes are fixed, their interleaving is not.
 */

const SEEDS = seedsFrom(process.env.STRESS_SEED) ?? [11, 22, 30, 44, 55];
/** No call may take longer: the pool's deadlines are all well below it. */
const SETTLE_BOUND_MS = 8_000;

function seedsFrom(value: string | undefined): number[] | undefined {
  if (!value) return undefined;
  const [from, to = from] = value.split('..').map(Number);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe.each(SEEDS)('stress, seed %i', (seed) => {
  it('every call settles, typed or with its own answer; nothing is left behind', {
    timeout: 30_000,
  }, async () => {
    const random = prng(seed);
    const setup = drawSetup(random);
    const ops = drawOps(random);
    const where = `seed ${seed} (${JSON.stringify(setup)})`;
    const timersBefore = timers();
    const server = await createMockResponsesServer({ costModel: { perEventMs: setup.perEventMs } });
    const { perEventMs: _, transport, ...limits } = setup;
    const pool = { ...limits, ...TIMEOUTS };
    const provider = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: server.url,
      transport,
      pool,
    });
    const poolKey = sharedStateKey(server.url, resolvePoolSettings(pool), undefined);
    const stats = () => sharedRegistry().get(poolKey)?.pool.stats();
    const { model, calls } = countedModel(provider('gpt-4.1-mini'));
    let announced = 0;
    const announce = () => void announced++;
    const problems: string[] = [];
    const counts = { completed: 0, failed: 0, unfinished: 0, left: 0 };

    const check = (outcome: Outcome | 'hung', conversation: Conversation, text: string) => {
      if (outcome === 'hung') {
        problems.push(`${text} hung`);
        return;
      }
      counts[outcome.kind]++;
      if (outcome.kind === 'failed' && !outcome.typed)
        problems.push(`${text} failed untyped: ${String(outcome.error)}`);
      if (outcome.kind === 'completed')
        problems.push(...problemsOf(server, conversation, text, outcome));
    };

    const step = async (op: Op, i: number, mine: Conversation[], w: number) => {
      if (op.trouble?.kind === 'fault') server.fault(op.trouble.fault);
      if (op.trouble?.kind === 'silent-stream')
        server.enqueue({ replay: 'openai-issue-8562-missing-reasoning-summary.1' });
      if (op.trouble?.kind === 'close-all') server.closeAllSockets();
      const closing = op.closeProvider ? provider.close() : undefined;
      let conversation = mine[op.conversation % Math.max(1, mine.length)];
      if (op.conversation < 0 || !conversation) {
        conversation = {
          id: `w${w}c${mine.length}`,
          tools: op.tools,
          store: op.store,
          messages: [],
        };
        mine.push(conversation);
      }
      const { id, tools } = conversation;
      const texts = op.plans.map(
        (_, b) => `${id} turn ${i}${b ? ` branch ${b}` : ''}${tools ? ' #tools=2' : ''}`,
      );
      const outcomes = await Promise.all(
        op.plans.map((plan, b) =>
          within(runCall(model, conversation, texts[b], plan, announce), SETTLE_BOUND_MS),
        ),
      );
      for (const [b, outcome] of outcomes.entries()) check(outcome, conversation, texts[b]);
      const first = outcomes[0];
      if (first !== 'hung' && first.kind === 'completed') {
        conversation.messages = [
          ...conversation.messages,
          { role: 'user', content: texts[0] },
          ...first.messages,
        ];
      }
      await closing;
    };

    const worker = async (w: number) => {
      const mine: Conversation[] = [];
      for (const [i, op] of ops[w].entries()) await step(op, i, mine, w);
    };

    try {
      await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      expect(problems, where).toEqual([]);
      // Every call the AI SDK announced has reached the model, so none begins after the close.
      await vi.waitFor(() => expect(calls(), where).toBe(announced));
      // Lanes of dropped streams come back once those are collected, drained ones once their
      // response ends.
      await vi.waitFor(
        () => {
          gc();
          expect(stats(), where).toMatchObject({ inFlight: 0, queued: 0 });
        },
        { timeout: 5_000 },
      );
      expect(
        server.requests.flatMap((r) => r.duplicates),
        where,
      ).toEqual([]);
      expect(counts.completed, where).toBeGreaterThan(0);

      await provider.close();
      await vi.waitFor(() => expect(server.sockets().open, where).toBe(0));
      expect(stats(), where).toMatchObject({ open: 0, inFlight: 0, queued: 0 });
    } finally {
      await provider.close();
      await server.close();
    }
    await untilNoTimersBeyond(timersBefore, where);
  });
});
