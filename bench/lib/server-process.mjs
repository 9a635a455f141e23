// The server side of the benchmark, in its own process so that its CPU never counts as client
// CPU. Two kinds (BENCH_SERVER, set by `server-client.mjs`):
//
//   mock    the package's mock (`ai-sdk-openai-ws/testing`) with the cost model, behind the
//           profile's relays (`relay.mjs`), plus a second mock without cost model and relay that
//           clients warm up on (fast, so warm-up can be long without making the run long).
//   paced   the paced text stream of the event-pace section (`paced-server.mjs`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serveParent } from './child.mjs';
import { importDist, ROOT } from './dist.mjs';
import { createPacedServer } from './paced-server.mjs';
import { buildPacedStream } from './paced-stream.mjs';
import { createRelay } from './relay.mjs';

const config = JSON.parse(process.env.BENCH_SERVER ?? '{}');
const FIXTURES = resolve(ROOT, 'test', 'fixtures', 'openai-recorded');
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** What the harness needs from each record; the raw frames stay here (they can be megabytes). */
function summarise(record) {
  return {
    transport: record.transport,
    socketId: record.socketId,
    streamId: record.streamId,
    inFlight: record.inFlight,
    queuedFor: record.queuedFor,
    bytes: record.bytes,
    inputItems: record.input.length,
    previousResponseId: record.previousResponseId,
    parentSource: record.parentSource,
    processedBytes: record.processedBytes,
    costDelayMs: record.costDelayMs,
    duplicates: record.duplicates.length,
    status: record.status,
  };
}

async function startMock() {
  const { createMockResponsesServer } = await importDist('testing');
  const mock = await createMockResponsesServer({
    costModel: config.costModel,
    fixturesDir: FIXTURES,
  });
  const warm = await createMockResponsesServer({ fixturesDir: FIXTURES });
  const upstreamPort = Number(new URL(mock.url).port);
  // The outermost relay is the one clients talk to: its counts are the bytes on the wire.
  const relays = [];
  if (config.profile === 'wan') {
    const cert = {
      key: readFileSync(config.tls.keyFile, 'utf8'),
      cert: readFileSync(config.tls.certFile, 'utf8'),
    };
    relays.push(await createRelay({ upstreamPort, tls: cert }));
    relays.unshift(await createRelay({ upstreamPort: relays[0].port, shape: config.wan }));
  } else {
    relays.push(await createRelay({ upstreamPort }));
  }
  const scheme = config.profile === 'wan' ? 'https' : 'http';
  const url = `${scheme}://127.0.0.1:${relays[0].port}/v1`;
  const handlers = {
    stats: () => ({
      requests: mock.requests.map(summarise),
      wire: relays[0].counters(),
      // Over TLS, what the relay behind the TLS termination saw: HTTP / WebSocket bytes.
      plain: relays[relays.length - 1].counters(),
      uploads: relays[0].uploads(),
      sockets: mock.sockets(),
      cpuUs: cpuUs(),
    }),
    // Between runs: forget state and drop every connection, so each run starts cold.
    reset: () => {
      mock.reset();
      warm.reset();
      for (const relay of relays) relay.reset();
    },
    close: async () => {
      for (const relay of relays) await relay.close();
      await mock.close();
      await warm.close();
    },
  };
  return { handlers, info: { url, warmUrl: warm.url, directUrl: mock.url } };
}

async function startPaced() {
  const stream = buildPacedStream(config.deltas);
  const server = await createPacedServer(stream);
  const handlers = {
    stats: () => ({ ...server.stats(), cpuUs: cpuUs() }),
    reset: () => server.reset(),
    close: () => server.close(),
  };
  return {
    handlers,
    info: {
      url: server.url,
      wsUrl: server.wsUrl,
      events: stream.events,
      bytes: stream.bytes,
      chars: stream.text.length,
    },
  };
}

const { handlers, info } = config.kind === 'paced' ? await startPaced() : await startMock();
serveParent(handlers, info);
