import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';

export type UpgradeRecorder = {
  /** Base URL to give the provider in place of the mock's (`http://127.0.0.1:PORT/v1`). */
  url: string;
  /** The headers of every WebSocket upgrade request, in order (names in lower case). */
  upgrades: IncomingHttpHeaders[];
  /** The headers of every plain HTTP request (the HTTP fallback's POSTs), in order. */
  posts: IncomingHttpHeaders[];
  close(): Promise<void>;
};

/**
 * A pass-through on 127.0.0.1 in front of a mock server that records the headers of what goes
 * through it. The mock keeps no request headers (they carry the API key), so a test that asserts
 * which credentials opened which socket puts this between the provider and the mock: every byte
 * is forwarded as it came, so the mock answers (and checks keys) as it always does.
 */
export async function recordUpgrades(mockURL: string): Promise<UpgradeRecorder> {
  const target = new URL(mockURL);
  const upgrades: IncomingHttpHeaders[] = [];
  const posts: IncomingHttpHeaders[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((req, res) => {
    posts.push(req.headers);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', track);
  server.on('upgrade', (req, socket: Socket, head: Buffer) => {
    upgrades.push(req.headers);
    const upstream = connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    track(upstream);
    upstream.on('close', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    upgrades,
    posts,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
