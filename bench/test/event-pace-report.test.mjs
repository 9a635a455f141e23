// The per-event section's report from made-up records: the main thread's share of an event is
// its process CPU less its other threads'.
import { describe, expect, it } from 'vitest';
import { EVENT_PACE } from '../lib/config.mjs';
import { CONTENDERS, render, targets } from '../sections/event-pace.mjs';

/** One run's record of a contender: every stream costs `cpu` µs an event, `other` of it on other threads. */
function record(contender, cpu, other) {
  const streams = EVENT_PACE.rates.flatMap((rate) =>
    [0, 1, 2].map((i) => ({
      rate,
      cpuUsPerEvent: cpu + i,
      otherUsPerEvent: other === null ? null : other,
      readsPerEvent: 1,
      wallMs: 500,
      chars: 100,
    })),
  );
  return { contender, run: 1, warmUp: [60, 40, 30], streams, windows: [] };
}

const result = (split) => ({
  deltas: 2000,
  events: 2008,
  bytes: 1024,
  chars: 100,
  achieved: Object.fromEntries(EVENT_PACE.rates.map((rate) => [rate, { min: rate, max: rate }])),
  records: CONTENDERS.map((id) =>
    record(id, id === 'websocket' ? 40 : 30, split ? (id === 'websocket' ? 5 : 1) : null),
  ),
});

describe('per-event report', () => {
  it('splits an event into the main thread and the other threads', () => {
    const text = render(result(true));
    expect(text).toContain('**Main thread and other threads.**');
    // This package: 41 µs an event (the median of 40, 41, 42), 5 on other threads: 36 on the
    // main thread, against the floor's 31 - 1 = 30 and the minimal model's alike.
    const cells = '5.0 | 36.0 | 1.20× | 1.20×';
    expect(text).toContain(`| ai-sdk-openai-ws (WebSocket) | ${cells} | ${cells} |`);
    expect(text).toMatch(
      /\| raw `ws` floor \(hand-written\) \| 1\.0 \| 30\.0 \| 1\.00× \| 1\.00× \|/,
    );
    const main = targets(result(true)).filter((t) => t.target.includes('main thread only'));
    expect(main).toHaveLength(EVENT_PACE.rates.length);
    expect(main[0].measured).toBe('1.20× (36.0 vs 30.0 µs)');
  });

  it('leaves the split out where the other threads are unknown', () => {
    expect(render(result(false))).not.toContain('Main thread and other threads');
    expect(targets(result(false)).some((t) => t.target.includes('main thread only'))).toBe(false);
  });
});
