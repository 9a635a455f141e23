// A TCP relay in front of a server: counts what clients send, and can shape the link and
// terminate TLS. The benchmark's two network profiles are built from it:
//
//   loopback   client ── relay (counts) ── mock
//   wan        client ── relay (counts, shapes: RTT/2 each way, uplink token bucket)
//                     ── relay (terminates TLS) ── mock
//
// Shaping happens on the bytes as they travel (TLS records, for the WAN profile), so the
// handshakes and the encryption overhead pay the round trip and the bandwidth like any byte.
import net from 'node:net';
import tls from 'node:tls';
import { hrMs } from './clock.mjs';

/**
 * One direction of a shaped link: each chunk leaves after the token bucket lets it through
 * (`bytesPerMs`, burst `burstBytes`) and arrives `delayMs` later, in order. Timers fire on whole
 * milliseconds, so a chunk may arrive up to ~1 ms late, never early.
 */
export function shapedPipe(
  write,
  end,
  { delayMs = 0, bytesPerMs = Number.POSITIVE_INFINITY, burstBytes = 0, holdMs = 0 },
) {
  const queue = [];
  let timer = null;
  let tokens = burstBytes;
  let lastFill = hrMs();
  // `holdMs`: nothing leaves before then (the TCP handshake's round trip, see createRelay).
  let lastDeparture = lastFill + holdMs;
  const flush = () => {
    timer = null;
    const now = hrMs();
    while (queue.length && queue[0].at <= now) {
      const { chunk } = queue.shift();
      if (chunk === null) end();
      else write(chunk);
    }
    if (queue.length) timer = setTimeout(flush, Math.max(0, queue[0].at - now));
  };
  const push = (chunk) => {
    const now = hrMs();
    let departure = now;
    if (chunk !== null && Number.isFinite(bytesPerMs)) {
      tokens = Math.min(burstBytes, tokens + (now - lastFill) * bytesPerMs);
      lastFill = now;
      tokens -= chunk.length;
      // A deficit is paid back at the link's rate before the chunk has fully left.
      if (tokens < 0) departure = now - tokens / bytesPerMs;
    }
    departure = Math.max(departure, lastDeparture);
    lastDeparture = departure;
    queue.push({ at: departure + delayMs, chunk });
    if (timer === null) timer = setTimeout(flush, Math.max(0, queue[0].at - hrMs()));
  };
  return {
    write: (chunk) => push(chunk),
    end: () => push(null),
    cancel: () => {
      if (timer) clearTimeout(timer);
      queue.length = 0;
    },
  };
}

/**
 * @param {{ upstreamPort: number, tls?: { key: string, cert: string },
 *   shape?: { rttMs: number, upMbps: number, burstBytes?: number } }} options
 */
export async function createRelay({ upstreamPort, tls: tlsOptions, shape }) {
  const counters = { connections: 0, bytesUp: 0, bytesDown: 0 };
  /** Client→server chunks as [hrtime ms, bytes], kept while recording (for per-step bytes). */
  let uploads = [];
  const live = new Set();
  const oneWay = shape ? { delayMs: shape.rttMs / 2 } : null;
  const uplink = shape
    ? {
        ...oneWay,
        bytesPerMs: (shape.upMbps * 1e6) / 8 / 1000,
        burstBytes: shape.burstBytes ?? 1500,
        // The kernel completes the client's TCP handshake with this relay at once; holding its
        // first bytes back one round trip charges what a real handshake over the link costs.
        holdMs: shape.rttMs,
      }
    : null;

  const onClient = (client) => {
    counters.connections++;
    client.setNoDelay?.(true);
    const upstream = net.connect({ port: upstreamPort, host: '127.0.0.1', noDelay: true });
    const direct = (socket) => ({
      write: (chunk) => socket.write(chunk),
      end: () => socket.end(),
      cancel: () => {},
    });
    const toServer = uplink
      ? shapedPipe(
          (c) => upstream.write(c),
          () => upstream.end(),
          uplink,
        )
      : direct(upstream);
    const toClient = oneWay
      ? shapedPipe(
          (c) => client.write(c),
          () => client.end(),
          oneWay,
        )
      : direct(client);
    client.on('data', (chunk) => {
      counters.bytesUp += chunk.length;
      uploads.push([hrMs(), chunk.length]);
      toServer.write(chunk);
    });
    upstream.on('data', (chunk) => {
      counters.bytesDown += chunk.length;
      toClient.write(chunk);
    });
    client.on('end', () => toServer.end());
    upstream.on('end', () => toClient.end());
    const pair = {
      drop() {
        live.delete(pair);
        toServer.cancel();
        toClient.cancel();
        client.destroy();
        upstream.destroy();
      },
    };
    live.add(pair);
    client.on('error', pair.drop);
    upstream.on('error', pair.drop);
    // Unshaped, a close goes through at once. Shaped, the 'end' above travels the link like
    // the bytes before it, and the pair is dropped once both sides are gone.
    let closed = 0;
    const onClose = () => {
      if (!shape || ++closed === 2) pair.drop();
    };
    client.on('close', onClose);
    upstream.on('close', onClose);
  };

  const server = tlsOptions
    ? tls.createServer({ key: tlsOptions.key, cert: tlsOptions.cert }, onClient)
    : net.createServer(onClient);
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return {
    port: server.address().port,
    counters: () => ({ ...counters, open: live.size }),
    /** Upload chunks since the last reset, as [hrtime ms, bytes]. */
    uploads: () => uploads,
    reset() {
      for (const pair of [...live]) pair.drop();
      counters.connections = 0;
      counters.bytesUp = 0;
      counters.bytesDown = 0;
      uploads = [];
    },
    close: async () => {
      for (const pair of [...live]) pair.drop();
      await new Promise((resolveClose) => server.close(resolveClose));
    },
  };
}
