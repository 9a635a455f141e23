import { APICallError } from '@ai-sdk/provider';
import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Fault } from '../../src/testing';
import { type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

/**
 * Seeded chaos: 2,000 turns over 50 concurrent conversations while random faults hit the
 * sockets, once with one conversation per socket and once with lanes (many conversations per
 * socket, so one socket fault hits every lane on it). Every call must succeed or fail with a
 * typed error, never hang; no reply may belong to another conversation; no server context may
 * hold a duplicated item; no socket and no lane may be left.
 */
const SEED = Number(process.env.CHAOS_SEED ?? 20261130);
const CONVERSATIONS = 50;
const TURNS = 40; // 50 x 40 = 2,000 turns
const CALL_DEADLINE_MS = 15_000;

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FAULTS: Array<(random: () => number) => Fault | 'close-all'> = [
  () => ({ type: 'close-before-first-event' }),
  () => ({ type: 'terminate-before-first-event' }),
  (r) => ({ type: 'terminate-after-events', events: 1 + Math.floor(r() * 8) }),
  (r) => ({ type: 'close-after-events', events: 1 + Math.floor(r() * 8) }),
  () => ({ type: 'previous-response-not-found' }),
  () => ({ type: 'connection-limit-on-request' }),
  () => ({ type: 'connection-limit-idle' }),
  () => ({ type: 'malformed-frame', afterEvents: 3 }),
  () => ({ type: 'error-event', code: 'rate_limit_exceeded', status: 429 }),
  () => ({ type: 'error-event', code: 'server_error', shape: 'mid-stream' }),
  (r) => ({ type: 'delay-first-event', ms: Math.floor(r() * 40) }),
  () => 'close-all',
];

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const POOLS = [
  { name: 'one conversation per socket', pool: { maxSockets: 40 } },
  { name: 'lanes on (32 per socket, 4 sockets)', pool: { maxSockets: 4, lanes: 32 } },
];

describe.each(POOLS)('chaos soak, $name', ({ pool }) => {
  it(`${CONVERSATIONS * TURNS} turns over ${CONVERSATIONS} conversations with random faults`, {
    timeout: 240_000,
  }, async () => {
    const mock = await startSoak(pool);
    const random = mulberry32(SEED);
    const counts = { ok: 0, typedError: 0, delta: 0, full: 0, resends: 0, faults: 0, http: 0 };
    const untyped: unknown[] = [];
    const reasons: Record<string, number> = {};
    const crossTalk: string[] = [];
    const lookup = tool({
      inputSchema: z.object({ step: z.number() }),
      execute: async ({ step }) => `value ${step}`,
    });
    const model = mock.provider('gpt-4.1-mini');

    const conversation = async (c: number) => {
      const messages: ModelMessage[] = [];
      for (let t = 0; t < TURNS; t++) {
        if (random() < 0.3) {
          const fault = FAULTS[Math.floor(random() * FAULTS.length)](random);
          counts.faults++;
          if (fault === 'close-all') mock.server.closeAllSockets();
          else mock.server.fault(fault);
        }
        // A quarter of the conversations are agent loops; the rest are chats (settings stay stable
        // within a conversation, as in a real app).
        const withTools = c % 4 === 0;
        const text = `conversation ${c} turn ${t}${withTools ? ' #tools=2' : ''}`;
        const turn: ModelMessage[] = [...messages, { role: 'user', content: text }];
        const deadline = AbortSignal.timeout(CALL_DEADLINE_MS);
        try {
          const result = await generateText({
            model,
            messages: turn,
            maxRetries: 1,
            abortSignal: deadline,
            ...(withTools && { tools: { lookup }, stopWhen: stepCountIs(5) }),
          });
          const expected = withTools ? 'Done after 2 tool calls.' : `Echo: ${text}`;
          if (result.text !== expected) crossTalk.push(`${text} → ${result.text}`);
          for (const step of result.steps) {
            const meta = wsMeta(step.providerMetadata);
            reasons[meta.reason as string] = (reasons[meta.reason as string] ?? 0) + 1;
            if (meta.inputMode === 'delta') counts.delta++;
            else counts.full++;
            counts.resends += meta.retries as number;
            if (meta.transport === 'http') counts.http++;
          }
          messages.push({ role: 'user', content: text }, ...result.responseMessages);
          counts.ok++;
        } catch (error) {
          if (deadline.aborted) {
            const mine = mock.server.requests.filter((r) =>
              r.raw.includes(`conversation ${c} turn ${t}`),
            );
            const shared = (
              globalThis as Record<symbol, Map<string, { pool: { stats(): unknown } }>>
            )[Symbol.for('ai-sdk-openai-ws.shared.v1')];
            console.log(
              'HUNG',
              text,
              JSON.stringify(
                mine.map((r) => ({
                  s: r.socketId,
                  st: r.status,
                  ev: r.eventsSent,
                  p: r.previousResponseId,
                  e: r.error,
                })),
              ),
              JSON.stringify([...shared.values()].map((x) => x.pool.stats())),
            );
            throw new Error(`call hung: ${text}`);
          }
          if (APICallError.isInstance(error) || (error as Error)?.name === 'AI_RetryError')
            counts.typedError++;
          else untyped.push(error);
        }
      }
    };

    await Promise.all(Array.from({ length: CONVERSATIONS }, (_, c) => conversation(c)));

    const records = mock.server.requests;
    const duplicated = records.filter((r) => r.duplicates.length > 0).map((r) => r.duplicates);
    console.log(
      'chaos soak counts',
      JSON.stringify({
        ...counts,
        requests: records.length,
        socketsOpened: mock.server.sockets().opened,
        reasons,
      }),
    );

    expect(counts.ok + counts.typedError).toBe(CONVERSATIONS * TURNS);
    expect(untyped).toEqual([]);
    expect(crossTalk).toEqual([]);
    expect(duplicated).toEqual([]);
    expect(counts.faults).toBeGreaterThan(400);
    expect(counts.ok).toBeGreaterThan(CONVERSATIONS * TURNS * 0.8);
    expect(counts.delta).toBeGreaterThan(counts.full);

    // No lane left handed out (lanes drained after errors give theirs back), then no socket.
    await vi.waitFor(() => expect(poolOf(mock).stats()).toMatchObject({ inFlight: 0, queued: 0 }));
    await mock.provider.close();
    await vi.waitFor(() => expect(mock.server.sockets().open).toBe(0));
  });
});

async function startSoak(pool: { maxSockets: number; lanes?: number }): Promise<MockSetup> {
  mock = await startMock({ pool: { ...pool, firstEventTimeoutMs: 2_000, pingIntervalMs: 1_000 } });
  return mock;
}
