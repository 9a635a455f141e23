// The benchmark harness's own tests (`npm run test:bench`, part of `test:all`): its statistics,
// report pieces, relays, paced server and process plumbing. The benchmark itself runs with
// `npm run bench`. No test here needs the package build.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['bench/test/**/*.test.mjs'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
