import { describe, expect, it } from 'vitest';
import { summariseRuns } from '../lib/aggregate.mjs';

const request = (bytes, previousResponseId, parentSource) => ({
  bytes,
  previousResponseId,
  parentSource,
  processedBytes: bytes,
  costDelayMs: 1,
  duplicates: 0,
  status: 'completed',
});
const step = (ms, mode) => ({
  durationMs: ms,
  ttftMs: ms / 2,
  cpuUs: 1000,
  metadata: mode && { inputMode: mode },
});

describe('summariseRuns', () => {
  it('counts continuations the server served from a parent as delta hits', () => {
    const run = {
      wallMs: 100,
      correct: true,
      connections: 1,
      bytesUp: 500,
      steps: [step(10, 'full'), step(20, 'delta'), step(30, 'full')],
      requests: [
        request(300, null, null),
        request(100, 'resp_1', 'socket-cache'),
        request(300, null, null),
      ],
    };
    const s = summariseRuns([run, { ...run, wallMs: 200 }]);
    expect(s.continuations).toBe(4);
    expect(s.deltaContinuations).toBe(2);
    expect(s.reportedDelta).toBe(2);
    expect(s.wall).toEqual({ median: 150, min: 100, max: 200 });
    expect(s.perStep).toEqual([10, 20, 30]);
    expect(s.bodyBytesTotal).toBe(700);
  });
});
