import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // The suite mostly waits on sockets and timers: vitest's default (one worker fewer than the
    // cores) would leave a 2-core machine half idle, so at least two files run at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // No test may leave a socket or timer behind: vitest reports hanging handles this way.
    teardownTimeout: 5_000,
  },
});
