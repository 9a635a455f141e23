// The mock Responses server, run in its own process so that its CPU never counts as client CPU.
// A TCP proxy sits in front of it: the only way to count, for every transport alike, the
// connections a client opens and the bytes it puts on the wire (HTTP headers, WebSocket framing
// and handshakes included). Driven over IPC by `server-client.mjs`.
import { connect, createServer } from 'node:net';
import { importDist } from './dist.mjs';

const { createMockResponsesServer } = await importDist('testing');
const costModel = JSON.parse(process.env.BENCH_COST_MODEL ?? '{}');
const mock = await createMockResponsesServer({ costModel });
const upstreamPort = Number(new URL(mock.url).port);

const counters = { connections: 0, bytesUp: 0, bytesDown: 0 };
const live = new Set();

const proxy = createServer((client) => {
  counters.connections++;
  client.setNoDelay(true);
  const upstream = connect({ port: upstreamPort, host: '127.0.0.1', noDelay: true });
  live.add(client);
  client.on('data', (chunk) => {
    counters.bytesUp += chunk.length;
  });
  upstream.on('data', (chunk) => {
    counters.bytesDown += chunk.length;
  });
  client.pipe(upstream);
  upstream.pipe(client);
  const drop = () => {
    live.delete(client);
    client.destroy();
    upstream.destroy();
  };
  client.on('error', drop);
  upstream.on('error', drop);
  client.on('close', drop);
  upstream.on('close', drop);
});
await new Promise((resolveListen) => proxy.listen(0, '127.0.0.1', resolveListen));
const port = proxy.address().port;

/** What the harness needs from each record; the raw frames stay here (they can be megabytes). */
function summarise(record) {
  return {
    transport: record.transport,
    socketId: record.socketId,
    bytes: record.bytes,
    inputItems: record.input.length,
    contextItems: record.context.length,
    previousResponseId: record.previousResponseId,
    parentSource: record.parentSource,
    processedBytes: record.processedBytes,
    costDelayMs: record.costDelayMs,
    duplicates: record.duplicates.length,
    status: record.status,
    eventsSent: record.eventsSent,
  };
}

const handlers = {
  stats: () => ({
    requests: mock.requests.map(summarise),
    ...counters,
    openConnections: live.size,
    sockets: mock.sockets(),
    // The server's own CPU, to tell when a figure is bound by the mock rather than the client.
    cpuUs: process.cpuUsage().user + process.cpuUsage().system,
  }),
  // Between runs: forget state and drop every connection, so each run starts cold.
  reset: () => {
    mock.reset();
    for (const socket of live) socket.destroy();
    live.clear();
    counters.connections = 0;
    counters.bytesUp = 0;
    counters.bytesDown = 0;
    return true;
  },
  close: async () => {
    for (const socket of live) socket.destroy();
    await new Promise((resolveClose) => proxy.close(resolveClose));
    await mock.close();
    return true;
  },
};

process.on('message', async ({ id, cmd }) => {
  try {
    const result = await handlers[cmd]();
    process.send({ id, result });
    if (cmd === 'close') process.disconnect();
  } catch (error) {
    process.send({ id, error: String(error?.stack ?? error) });
  }
});

process.send({
  ready: true,
  url: `http://127.0.0.1:${port}/v1`,
  wsUrl: `ws://127.0.0.1:${port}/v1/responses`,
  // The mock itself, without the counting proxy (the scale section: half the sockets to serve).
  directUrl: mock.url,
});
