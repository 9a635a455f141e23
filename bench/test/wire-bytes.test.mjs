import { describe, expect, it } from 'vitest';
import { bytesPerStep } from '../lib/wire-bytes.mjs';

describe('bytesPerStep', () => {
  it('gives each chunk to the last step started by then, earlier ones to the first', () => {
    const starts = [100, 200, 300];
    const uploads = [
      [95, 400], // the socket's handshake, before the first step
      [100.2, 3000],
      [299.5, 7], // logged a hair before step 3 started: within the tolerance
      [201, 2500],
      [305, 2600],
    ];
    expect(bytesPerStep(uploads, starts)).toEqual([3400, 2500, 2607]);
  });

  it('counts nothing for a step that sent nothing', () => {
    expect(bytesPerStep([[10, 5]], [10, 20, 30])).toEqual([5, 0, 0]);
  });
});
