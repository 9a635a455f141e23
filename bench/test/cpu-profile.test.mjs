import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { originOf, selfTimes, summariseProfiles } from '../lib/cpu-profile.mjs';

const frame = (id, functionName, url, lineNumber = 0) => ({
  id,
  callFrame: { functionName, url, lineNumber, columnNumber: 0 },
});
// Samples every 100 µs from t = 1,000,000 µs (1,000 ms on the hrMs clock).
const profile = {
  nodes: [
    frame(1, '(root)', ''),
    frame(
      2,
      'handleMessage',
      'file:///repo/node_modules/.cache/ai-sdk-openai-ws-bench/chunk.js',
      9,
    ),
    frame(3, 'parse', 'file:///repo/node_modules/zod/v4/core/schemas.js'),
    frame(4, 'pull', 'node:internal/webstreams/readablestream'),
    frame(5, '(idle)', ''),
  ],
  startTime: 1_000_000,
  samples: [2, 2, 3, 4, 5, 2, 2, 2],
  timeDeltas: [0, 100, 100, 100, 100, 100, 100, 100],
};

describe('cpu profiles', () => {
  it('tells the package, Node.js and dependencies apart', () => {
    const marker = 'ai-sdk-openai-ws-bench/';
    expect(originOf('file:///x/node_modules/.cache/ai-sdk-openai-ws-bench/v4.js', marker)).toBe(
      'ai-sdk-openai-ws',
    );
    expect(originOf('node:internal/streams/readable', marker)).toBe('Node.js internals');
    expect(originOf('file:///x/node_modules/@ai-sdk/provider-utils/dist/index.mjs', marker)).toBe(
      '@ai-sdk/provider-utils',
    );
    expect(originOf('', marker)).toBe('V8 / native');
  });

  it('counts self time inside the windows only, skipping idle', () => {
    // Window 1,000.05–1,000.35 ms holds samples 2–4 (t = 1,000.1 / .2 / .3 ms).
    const inside = selfTimes(profile, [[1000.05, 1000.35]], 'ai-sdk-openai-ws-bench/');
    expect(inside.inWindows).toBe(true);
    const names = [...inside.functions.values()].map((f) => [f.name, f.selfUs]);
    expect(names).toEqual([
      ['handleMessage', 100],
      ['parse', 100],
      ['pull', 100],
    ]);
    const all = selfTimes(profile, [], 'ai-sdk-openai-ws-bench/');
    expect(all.inWindows).toBe(false);
    expect(all.sampledMs).toBeCloseTo(0.6);
  });

  it('merges profiles into top functions and origin shares', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
    const file = join(dir, 'a.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    const summary = summariseProfiles(
      [
        { file, windows: [] },
        { file, windows: [] },
        { file: join(dir, 'missing.cpuprofile'), windows: [] },
      ],
      { buildMarker: 'ai-sdk-openai-ws-bench/' },
    );
    expect(summary.files).toBe(2);
    expect(summary.missing).toBe(1);
    expect(summary.top[0]).toMatchObject({ name: 'handleMessage', origin: 'ai-sdk-openai-ws' });
    expect(summary.top[0].selfMs).toBeCloseTo(0.8);
    expect(summary.origins[0].origin).toBe('ai-sdk-openai-ws');
    expect(summary.origins[0].pct).toBeCloseTo((0.8 / 1.2) * 100);
  });
});
