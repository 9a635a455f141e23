// Unit tests of the benchmark's helpers (the benchmark itself runs with `npm run bench`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['bench/test/**/*.test.mjs'], pool: 'forks' },
});
