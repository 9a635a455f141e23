// Where the built package lives. `run.mjs` builds it into a private folder and passes it down
// as BENCH_DIST (relative to the repository root); without it, `dist/` is used.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = resolve(import.meta.dirname, '..', '..');

const distDir = resolve(ROOT, process.env.BENCH_DIST ?? 'dist');

/** Imports one entry of the built package (`'v4'`, `'testing'`, …). */
export function importDist(entry) {
  return import(pathToFileURL(resolve(distDir, `${entry}.js`)).href);
}
