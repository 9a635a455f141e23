import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // No test may leave a socket or timer behind: vitest reports hanging handles this way.
    teardownTimeout: 5_000,
  },
});
