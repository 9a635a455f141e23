import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cpuMicros, otherThreadsMicros } from '../lib/clock.mjs';

describe('otherThreadsMicros', () => {
  it('counts the CPU of threads other than the main one, not the main thread’s', async () => {
    if (process.platform !== 'linux') {
      expect(otherThreadsMicros()).toBeNull();
      return;
    }
    // Work on libuv's pool: another thread's CPU.
    const before = otherThreadsMicros();
    await promisify(pbkdf2)('secret', 'salt', 200_000, 32, 'sha256');
    const pooled = otherThreadsMicros() - before;
    expect(pooled).toBeGreaterThan(5_000);

    // Work on the main thread: the process's CPU grows, the other threads' far less.
    const start = otherThreadsMicros();
    const cpuStart = cpuMicros();
    let x = 0;
    while (cpuMicros() - cpuStart < 50_000) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(otherThreadsMicros() - start).toBeLessThan(25_000);
  });
});
