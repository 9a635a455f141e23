import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A bare WebSocket server on 127.0.0.1 (port 0) for the transport's own tests: it records what
 * reaches it and answers only as told, so each test can produce exactly the server behaviour it
 * needs (an upgrade status, a silent upgrade, no pongs, a malformed frame).
 */
export type SocketServer = {
  url: string;
  /** Server-side sockets, in connection order. */
  sockets: WebSocket[];
  /** Upgrade requests, in order. */
  upgrades: IncomingMessage[];
  /** Frames received, per socket index. */
  frames: string[][];
  /** Sockets the server still holds open. */
  open(): number;
  close(): Promise<void>;
};

export type SocketServerOptions = {
  /** Answer every upgrade with this HTTP status instead of accepting it. */
  rejectWith?: number;
  /** Accept the TCP connection but never answer the upgrade. */
  silentUpgrade?: boolean;
  /** Do not answer pings. */
  noPongs?: boolean;
  /** Called for every frame received: answer with `socket.send`. */
  onFrame?(socket: WebSocket, frame: string): void;
  /** Extra header lines of the 101 response (`name: value`). */
  upgradeHeaders?: string[];
};

export async function startSocketServer(options: SocketServerOptions = {}): Promise<SocketServer> {
  const http: Server = createServer();
  const wss = new WebSocketServer({ noServer: true, autoPong: !options.noPongs });
  wss.on('headers', (headers) => headers.push(...(options.upgradeHeaders ?? [])));
  const sockets: WebSocket[] = [];
  const upgrades: IncomingMessage[] = [];
  const frames: string[][] = [];
  const raw = new Set<Socket>();
  http.on('connection', (socket) => {
    raw.add(socket);
    socket.on('close', () => raw.delete(socket));
  });
  http.on('upgrade', (request, socket, head) => {
    upgrades.push(request);
    if (options.silentUpgrade) return;
    if (options.rejectWith !== undefined) {
      socket.end(`HTTP/1.1 ${options.rejectWith} Rejected\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const index = sockets.push(ws) - 1;
      frames[index] = [];
      ws.on('message', (data) => {
        const frame = data.toString();
        frames[index].push(frame);
        options.onFrame?.(ws, frame);
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1/responses`,
    sockets,
    upgrades,
    frames,
    open: () => sockets.filter((socket) => socket.readyState === socket.OPEN).length,
    async close() {
      for (const socket of sockets) socket.terminate();
      for (const socket of raw) socket.destroy();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Answers every `response.create` with a created and a completed event for `resp_<n>`. */
export function completeEveryTurn(): (socket: WebSocket, frame: string) => void {
  let count = 0;
  return (socket) => {
    const id = `resp_${++count}`;
    socket.send(JSON.stringify({ type: 'response.created', response: { id } }));
    socket.send(JSON.stringify({ type: 'response.completed', response: { id, output: [] } }));
  };
}
