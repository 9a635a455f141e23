import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { ConnectionState } from './connection-state';
import { handleWebSocketFrame } from './handle-request';
import { isAuthorized } from './http-endpoint';
import type { MockEngine } from './mock-engine';
import { httpErrorBody, type MockError, mockErrors, requestErrorEvent } from './mock-errors';
import { requestUrl } from './request-url';

/** Frames above this are refused with close 1009, as observed on the real endpoint. */
const MAX_FRAME_BYTES = 16 * 1024 * 1024;

const UPGRADE_ERROR_CODES: Record<number, string> = {
  401: 'invalid_api_key',
  403: 'forbidden',
  426: 'upgrade_required',
  429: 'rate_limit_exceeded',
};

/**
 * `GET /v1/responses` upgraded to a WebSocket: Bearer check at the upgrade, one connection state
 * per socket (its lanes, caches and queue), pings answered unless a fault says otherwise, and
 * server-initiated closes.
 */
export class WebSocketEndpoint {
  private readonly wss = new WebSocketServer({
    noServer: true,
    // Pings are answered by hand so that the `ignore-pings` fault can stop answering them.
    autoPong: false,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
  });
  private readonly sessions = new Map<WebSocket, ConnectionState>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private opened = 0;
  private closed = false;

  constructor(
    private readonly engine: MockEngine,
    private readonly apiKeys: ReadonlySet<string>,
  ) {
    // Like the real endpoint, the 101 names the request it answers.
    let upgrades = 0;
    this.wss.on('headers', (headers) => {
      upgrades += 1;
      headers.push(`x-request-id: req_upgrade_${upgrades}`);
    });
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {});
    const rejection = this.upgradeRejection(req);
    if (rejection) {
      rejectUpgrade(socket, rejection.status, rejection);
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  /** Why an upgrade must fail: unknown path, an armed `reject-upgrade` fault, a bad key. */
  private upgradeRejection(req: IncomingMessage): MockError | null {
    const path = requestUrl(req)?.pathname ?? String(req.url);
    if (path !== '/v1/responses') {
      return mockErrors.custom('not_found', { status: 404, message: `No route ${path}.` });
    }
    // The fault comes before the key check: it stands for the server refusing anyone.
    const fault = this.engine.faults.take(['reject-upgrade'], 'websocket');
    if (fault) {
      const code = UPGRADE_ERROR_CODES[fault.status] ?? 'server_error';
      return mockErrors.custom(code, { status: fault.status });
    }
    return isAuthorized(req, this.apiKeys) ? null : mockErrors.unauthorized();
  }

  private accept(ws: WebSocket): void {
    this.opened += 1;
    const connection = new ConnectionState(this.opened);
    this.sessions.set(ws, connection);
    ws.on('message', (data, isBinary) =>
      handleWebSocketFrame(this.engine, data.toString(), connection, ws, isBinary),
    );
    ws.on('ping', (data) => {
      if (!this.engine.faults.ignorePings) ws.pong(data);
    });
    ws.on('close', () => {
      connection.close();
      this.sessions.delete(ws);
    });
    // A client that resets the connection must not crash the server.
    ws.on('error', () => {});
  }

  /** The `connection-limit-idle` fault: every idle socket gets the error, then is closed. */
  scheduleIdleLimit(afterMs: number, closeCode: number): void {
    // After close() there is no socket to limit, and a timer would keep the process alive.
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const frame = JSON.stringify(requestErrorEvent(mockErrors.connectionLimit()));
      for (const [ws, connection] of this.sessions) {
        if (connection.active || ws.readyState !== ws.OPEN) continue;
        ws.send(frame);
        ws.close(closeCode);
      }
    }, afterMs);
    this.timers.add(timer);
  }

  counts(): { open: number; opened: number } {
    let open = 0;
    for (const ws of this.sessions.keys()) if (ws.readyState === ws.OPEN) open += 1;
    return { open, opened: this.opened };
  }

  closeAll(code: number): void {
    for (const ws of this.sessions.keys()) {
      if (ws.readyState === ws.OPEN) ws.close(code);
    }
  }

  /** Forget every lane's cache and scheduled faults; the sockets and their lanes stay open. */
  reset(): void {
    for (const connection of this.sessions.values()) connection.clearCaches();
    this.clearTimers();
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    for (const [ws, connection] of this.sessions) {
      connection.close();
      ws.terminate();
    }
    this.sessions.clear();
    this.wss.close();
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/** Answer an upgrade with a plain HTTP error, as the real endpoint does (no socket opens). */
function rejectUpgrade(socket: Duplex, status: number, error: MockError): void {
  const body = JSON.stringify(httpErrorBody(error));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
