// The per-step section's report from made-up records: the main thread's share of a step is its
// process CPU less its other threads'.
import { describe, expect, it } from 'vitest';
import { PER_STEP } from '../lib/config.mjs';
import { CONTENDERS, render, targets } from '../sections/per-step.mjs';

/** One run's record of a contender: every step costs `cpuUs`, `otherUs` of it on other threads. */
function record(contender, cpuUs, otherUs) {
  const sizes = {};
  for (const items of PER_STEP.sizes) {
    sizes[items] = {
      steps: Array.from({ length: 4 }, (_, i) => ({
        cpuUs,
        // Two steps of four carry it, twice over: a mean of `otherUs`.
        otherUs: otherUs === null ? null : i % 2 === 0 ? otherUs * 2 : 0,
        durationMs: 60,
        inputMode: 'delta',
      })),
      phases: [],
      inputModes: ['full', 'delta'],
      duplicates: 0,
      completed: true,
    };
  }
  return { contender, run: 1, sizes, warmUp: [900, 500], pacedWarmUp: cpuUs, windows: [] };
}

/** `split`: whether the steps know their other threads' CPU (Linux). */
const result = (split) => ({
  records: CONTENDERS.map((id) =>
    record(id, id === 'websocket' ? 1_500 : 1_000, split ? (id === 'websocket' ? 300 : 0) : null),
  ),
});

describe('per-step report', () => {
  it('splits a step into the main thread and the other threads', () => {
    const text = render(result(true));
    expect(text).toContain('**Main thread and other threads.**');
    // This package: 1.5 ms per step, 600 µs of it on other threads in every other step (a mean
    // of 300 µs); the main thread: 0.9 and 1.5 ms, a median of 1.2 ms.
    expect(text).toMatch(/\| ai-sdk-openai-ws \(WebSocket\) \| 300 \| 1\.20 \| 1\.20× \|/);
    expect(text).toMatch(/\| raw `ws` floor \(hand-written\) \| 0 \| 1\.00 \| 1\.00× \|/);
    const main = targets(result(true)).find((t) => t.target.includes('main thread only'));
    expect(main?.measured).toContain('1.20 vs 1.00 ms');
  });

  it('leaves the split out where the other threads are unknown', () => {
    expect(render(result(false))).not.toContain('Main thread and other threads');
    expect(targets(result(false)).some((t) => t.target.includes('main thread only'))).toBe(false);
  });
});
