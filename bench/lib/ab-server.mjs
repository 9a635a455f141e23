// The mock of `bench/ab.mjs`, in its own process so that its CPU never counts: the build's
// `testing` entry (AB_DIST) with the bench's cost model, on loopback. Sends its URL to the parent.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COST_MODEL } from './config.mjs';
import { ROOT } from './dist.mjs';

const { createMockResponsesServer } = await import(
  pathToFileURL(resolve(process.env.AB_DIST, 'testing.js')).href
);
const mock = await createMockResponsesServer({
  costModel: COST_MODEL,
  fixturesDir: resolve(ROOT, 'test', 'fixtures', 'openai-recorded'),
});
process.send(mock.url);
process.on('disconnect', () => process.exit(0));
