// One contender's own client process. The section (in the parent) calls exported functions of a
// module in `bench/contenders/`; module state (an open provider, a socket) lives here between
// calls, so a contender warms up once and then runs every measured repetition in a warm process.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveParent } from './child.mjs';

const CONTENDERS = resolve(import.meta.dirname, '..', 'contenders');

serveParent({
  run: async ({ module, fn, args }) => {
    const mod = await import(pathToFileURL(resolve(CONTENDERS, `${module}.mjs`)).href);
    if (typeof mod[fn] !== 'function') throw new Error(`contenders/${module}.mjs has no ${fn}()`);
    return mod[fn](args);
  },
});
