import { describe, expect, it } from 'vitest';
import { figuresOf, renderScale, scaleTargets, settingsText } from '../lib/scale-report.mjs';
import { providerSettings } from '../sections/scale.mjs';

const MB = 1024 ** 2;

/** A crowd of two 2-turn conversations on `sockets` sockets. */
function record(contender, { sockets, server = {} }) {
  return {
    contender,
    run: 1,
    alone: { first: [50], next: [40] },
    calls: [
      [{ durationMs: 60 }, { durationMs: 45, reason: 'continuation' }],
      [{ durationMs: 70 }, { durationMs: 55, reason: 'continuation' }],
    ],
    loopDelayMs: { p50: 1, p99: 20, max: 40 },
    wallMs: 2000,
    cpuUs: 4000,
    socketsOpened: sockets,
    memory: {
      before: { rss: 100 * MB, heapUsed: 10 * MB, external: 0 },
      idle: { rss: 104 * MB, heapUsed: 12 * MB, external: 0 },
      closed: { rss: 103 * MB, heapUsed: 10 * MB, external: 0 },
      peakRss: 110 * MB,
    },
    server: {
      continuations: 2,
      socketCache: 1,
      store: 1,
      full: 0,
      lanes: 2,
      maxInFlight: 2,
      queued: 0,
      duplicates: 0,
      completed: true,
      ...server,
    },
  };
}

const result = (provider, sockets) => ({
  conversations: 2,
  turns: 2,
  alone: 1,
  provider,
  records: [record('websocket', { sockets }), record('floor', { sockets: 2 })],
});

describe('scale report', () => {
  it('names nested provider settings', () => {
    expect(settingsText({ pool: { lanes: 32, maxSockets: 4 }, inputMode: 'full' })).toBe(
      'pool.lanes: 32, pool.maxSockets: 4, inputMode: "full"',
    );
    expect(settingsText({})).toBe('');
  });

  it('splits added latency into first calls and continuations, memory per socket and conversation', () => {
    const f = figuresOf(record('websocket', { sockets: 1 }), 2);
    expect([f.addedFirstP50, f.addedFirstP99]).toEqual([10, 20]);
    expect([f.addedNextP50, f.addedNextP99]).toEqual([5, 15]);
    expect(f.heldMb).toBe(2);
    expect(f.heldKbPerSocket).toBe(2048);
    expect(f.heldKbPerConversation).toBe(1024);
    expect(f.rssMb).toBe(4);
    expect([f.fromSocket, f.fromStore, f.full]).toEqual([50, 50, 0]);
  });

  it('puts the variants side by side and names each in its target rows', () => {
    const entries = [
      { id: 'scale', options: {}, result: result({}, 2) },
      { id: 'scale-lanes-32', options: {}, result: result({ pool: { lanes: 32 } }, 1) },
    ];
    const md = renderScale(entries, { CONTENDERS: ['websocket', 'floor'] });
    expect(md).toContain(
      '| figure | ai-sdk-openai-ws, no extra settings | ai-sdk-openai-ws, pool.lanes: 32 | raw `ws` floor (hand-written), in the `scale` run | raw `ws` floor (hand-written), in the `scale-lanes-32` run |',
    );
    expect(md).toContain('| sockets opened | 2 | 1 | 2 | 2 |');
    expect(md).toContain(
      '| continuations: parent from the store (%) | 50.0 | 50.0 | 50.0 | 50.0 |',
    );
    const rows = scaleTargets(entries[1].result);
    expect(rows[0]).toMatchObject({ met: true });
    expect(rows[0].target).toBe(
      'scale (pool.lanes: 32): client event-loop delay p99 ≤ 50 ms at 2 conversations',
    );
    expect(rows[1].measured).toMatch(/^2048\.0 KB JS heap \+ external/);
  });

  it("merges BENCH_SCALE_PROVIDER into a variant's settings without dropping them", () => {
    const env = { BENCH_SCALE_PROVIDER: '{"pool":{"maxSockets":100}}' };
    expect(providerSettings({ provider: { pool: { lanes: 32 } } }, env)).toEqual({
      pool: { lanes: 32, maxSockets: 100 },
    });
    expect(providerSettings({}, {})).toEqual({});
  });
});
