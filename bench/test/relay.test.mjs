import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { hrMs } from '../lib/clock.mjs';
import { createRelay, shapedPipe } from '../lib/relay.mjs';
import { localhostCertificate } from '../lib/tls-cert.mjs';

const closers = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A TCP server that echoes everything back. */
async function echoServer() {
  const server = createServer((socket) => socket.pipe(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closers.push(() => new Promise((resolveClose) => server.close(resolveClose)));
  return server.address().port;
}

async function relayTo(port, options = {}) {
  const relay = await createRelay({ upstreamPort: port, ...options });
  closers.push(() => relay.close());
  return relay;
}

/** Sends `bytes` through `socket` and resolves once as many came back. */
function roundTrip(socket, bytes) {
  return new Promise((resolveTrip) => {
    let got = 0;
    const onData = (chunk) => {
      got += chunk.length;
      if (got >= bytes) {
        socket.off('data', onData);
        resolveTrip();
      }
    };
    socket.on('data', onData);
    socket.write(Buffer.alloc(bytes, 1));
  });
}

describe('relay', () => {
  it('counts connections and the bytes each direction carried, with arrival times', async () => {
    const relay = await relayTo(await echoServer());
    const socket = connect(relay.port, '127.0.0.1');
    await once(socket, 'connect');
    const before = hrMs();
    await roundTrip(socket, 1000);
    socket.destroy();
    expect(relay.counters()).toMatchObject({ connections: 1, bytesUp: 1000, bytesDown: 1000 });
    const uploads = relay.uploads();
    expect(uploads.reduce((n, [, b]) => n + b, 0)).toBe(1000);
    expect(uploads[0][0]).toBeGreaterThanOrEqual(before);
    relay.reset();
    expect(relay.counters().bytesUp).toBe(0);
  });

  it('delays each direction by half the round trip, and a new connection by one more', async () => {
    const relay = await relayTo(await echoServer(), { shape: { rttMs: 40, upMbps: 1000 } });
    const socket = connect(relay.port, '127.0.0.1');
    await once(socket, 'connect');
    let start = hrMs();
    await roundTrip(socket, 10);
    // The first exchange pays the simulated TCP handshake: two round trips.
    expect(hrMs() - start).toBeGreaterThanOrEqual(79);
    start = hrMs();
    await roundTrip(socket, 10);
    expect(hrMs() - start).toBeGreaterThanOrEqual(39);
    socket.destroy();
  });

  it('lets the uplink through at its rate', async () => {
    // 8 Mbit/s = 1,000 bytes per ms: 200 KB take at least 200 ms on top of the round trip.
    const relay = await relayTo(await echoServer(), { shape: { rttMs: 2, upMbps: 8 } });
    const socket = connect(relay.port, '127.0.0.1');
    await once(socket, 'connect');
    const start = hrMs();
    await roundTrip(socket, 200_000);
    expect(hrMs() - start).toBeGreaterThanOrEqual(200);
    socket.destroy();
  });

  it('terminates TLS with the localhost certificate', async () => {
    const cert = localhostCertificate(mkdtempSync(join(tmpdir(), 'bench-tls-')));
    const relay = await relayTo(await echoServer(), {
      tls: { key: readFileSync(cert.keyFile), cert: readFileSync(cert.certFile) },
    });
    const socket = tls.connect({
      port: relay.port,
      host: '127.0.0.1',
      ca: readFileSync(cert.certFile),
    });
    await once(socket, 'secureConnect');
    await roundTrip(socket, 100);
    socket.destroy();
    expect(relay.counters()).toMatchObject({ bytesUp: 100, bytesDown: 100 });
  });
});

describe('shapedPipe', () => {
  it('keeps the order of chunks and ends after them', async () => {
    const got = [];
    const ended = new Promise((resolveEnd) => {
      const pipe = shapedPipe((c) => got.push(c.toString()), resolveEnd, {
        delayMs: 5,
        bytesPerMs: 100,
      });
      pipe.write(Buffer.from('a'.repeat(300)));
      pipe.write(Buffer.from('b'));
      pipe.end();
    });
    await ended;
    expect(got.map((s) => s[0])).toEqual(['a', 'b']);
  });
});
