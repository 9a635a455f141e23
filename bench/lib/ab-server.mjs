// The mock of `bench/ab.mjs`, in its own process so that its CPU never counts: the build's
// `testing` entry (AB_DIST) with the bench's cost model, on loopback, and one without it for the
// warm-up. Sends both URLs to the parent.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COST_MODEL } from './config.mjs';
import { ROOT } from './dist.mjs';

const { createMockResponsesServer } = await import(
  pathToFileURL(resolve(process.env.AB_DIST, 'testing.js')).href
);
const fixturesDir = resolve(ROOT, 'test', 'fixtures', 'openai-recorded');
const mock = await createMockResponsesServer({ costModel: COST_MODEL, fixturesDir });
// The warm-up's mock: no cost model, so thousands of warm-up steps take seconds.
const warm = await createMockResponsesServer({ fixturesDir });
process.send({ url: mock.url, warmUrl: warm.url });
process.on('disconnect', () => process.exit(0));
