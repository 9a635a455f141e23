import { armDeadline } from '../util/deadline';
import { openSocket, type SocketHandle, type WebSocketConstructor } from './socket-handle';

/** Why a socket stopped serving: what the caller needs to decide between retry and surfacing. */
export type ConnectionFailure =
  | { kind: 'rejected'; status: number } // upgrade answered with an HTTP status
  | { kind: 'connect-timeout' }
  | { kind: 'closed'; code: number; reason: string } // closed by the peer / network
  | { kind: 'error'; message: string }
  | { kind: 'malformed-frame' }
  | { kind: 'ping-timeout' }
  | { kind: 'closed-by-client'; reason: string };

export class ConnectionError extends Error {
  constructor(readonly failure: ConnectionFailure) {
    super(describeFailure(failure));
    this.name = 'ConnectionError';
  }
}

function describeFailure(failure: ConnectionFailure): string {
  switch (failure.kind) {
    case 'rejected':
      return `WebSocket upgrade rejected with HTTP ${failure.status}`;
    case 'connect-timeout':
      return 'WebSocket connect timed out';
    case 'closed':
      return `WebSocket closed (code ${failure.code}${failure.reason ? `: ${failure.reason}` : ''})`;
    case 'error':
      return `WebSocket error: ${failure.message}`;
    case 'malformed-frame':
      return 'server sent a frame that is not valid JSON';
    case 'ping-timeout':
      return 'server stopped answering pings';
    case 'closed-by-client':
      return `WebSocket closed by the client: ${failure.reason}`;
  }
}

/** Receives the events of the one response in flight. */
export type TurnListener = {
  event(event: Record<string, unknown>): void;
  failed(error: ConnectionError): void;
};

export type ConnectionOptions = {
  id: number;
  url: string;
  headers: Record<string, string>;
  webSocket: WebSocketConstructor | undefined;
  pingIntervalMs: number;
  maxPayload: number;
  onClosed(connection: Connection): void;
};

let nextId = 1;
export const nextConnectionId = () => nextId++;

/**
 * One WebSocket to `/v1/responses`: opens it, sends frames, routes the events of the single
 * response in flight to its listener, keeps it alive with pings, and closes it. It knows nothing
 * of the AI SDK or of conversations; the pool decides who may use it.
 */
export class Connection {
  readonly id: number;
  readonly openedAt = Date.now();
  lastUsedAt = Date.now();
  state: 'connecting' | 'open' | 'closed' = 'connecting';
  /**
   * Id of the latest completed response on this socket: what the server holds in memory. Written
   * by `SessionPool.release` only.
   */
  headId: string | undefined;
  /** Set once the socket is out of service (closed, failed); kept for diagnostics. */
  failure: ConnectionFailure | undefined;
  /** Headers of the upgrade response (lower-case names), when the socket kind reports them. */
  upgradeHeaders: Record<string, string> | undefined;

  private readonly socket: SocketHandle;
  private turn: TurnListener | undefined;
  private opening: { resolve(): void; reject(error: ConnectionError): void } | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private awaitingPong = false;

  constructor(private readonly options: ConnectionOptions) {
    this.id = options.id;
    this.socket = openSocket({
      url: options.url,
      headers: options.headers,
      webSocket: options.webSocket,
      maxPayload: options.maxPayload,
      listener: {
        open: (headers) => {
          this.upgradeHeaders = headers;
          this.handleOpen();
        },
        message: (text) => this.handleMessage(text),
        rejected: (status) => this.fail({ kind: 'rejected', status }),
        close: (code, reason) => this.fail({ kind: 'closed', code, reason }),
        error: (error) => this.fail({ kind: 'error', message: error.message }),
        pong: () => {
          this.awaitingPong = false;
        },
      },
    });
  }

  /** Handed out by the pool and not yet released: no other call may take it. */
  leased = false;

  get busy(): boolean {
    return this.leased || this.turn !== undefined;
  }

  get usable(): boolean {
    return this.state === 'open' && this.failure === undefined;
  }

  /** Resolves once the upgrade succeeded; rejects with a ConnectionError otherwise. */
  waitOpen(timeoutMs: number): Promise<void> {
    if (this.state === 'open') return Promise.resolve();
    if (this.failure) return Promise.reject(new ConnectionError(this.failure));
    return new Promise<void>((resolve, reject) => {
      const deadline = armDeadline({
        ms: timeoutMs,
        onTimeout: () => this.fail({ kind: 'connect-timeout' }),
      });
      this.opening = {
        resolve: () => {
          deadline.cancel();
          resolve();
        },
        reject: (error) => {
          deadline.cancel();
          reject(error);
        },
      };
    });
  }

  /** Sends the frame of a new response; events go to `listener` until `endTurn()`. */
  startTurn(frame: string, listener: TurnListener): void {
    if (!this.usable)
      throw new ConnectionError(this.failure ?? { kind: 'error', message: 'socket not open' });
    if (this.turn) throw new Error('a response is already in flight on this socket');
    this.turn = listener;
    this.lastUsedAt = Date.now();
    // While a call waits on this socket it must keep the process alive; idle, it must not.
    this.socket.setRef(true);
    this.socket.send(frame);
  }

  /** The response is over (terminal event seen); the socket goes back to idle. */
  endTurn(): void {
    this.turn = undefined;
    this.lastUsedAt = Date.now();
    this.socket.setRef(false);
  }

  /** Closes the socket; a turn in flight fails with `closed-by-client`. */
  close(reason: string, code = 1000): void {
    if (this.state === 'closed') return;
    this.fail({ kind: 'closed-by-client', reason });
    try {
      this.socket.close(code, reason.slice(0, 120));
    } catch {
      this.socket.terminate();
    }
  }

  /** Drops the connection at once; used when the peer stopped answering or on abort. */
  terminate(reason: string): void {
    this.fail({ kind: 'closed-by-client', reason });
    this.socket.terminate();
  }

  private handleOpen(): void {
    this.state = 'open';
    this.socket.setRef(false);
    if (this.options.pingIntervalMs > 0) {
      this.pingTimer = setInterval(() => this.keepAlive(), this.options.pingIntervalMs);
      (this.pingTimer as { unref?: () => void }).unref?.();
    }
    this.opening?.resolve();
    this.opening = undefined;
  }

  private keepAlive(): void {
    if (this.awaitingPong) {
      this.fail({ kind: 'ping-timeout' });
      return;
    }
    this.awaitingPong = this.socket.ping();
  }

  private handleMessage(text: string): void {
    // Any traffic proves the peer alive.
    this.awaitingPong = false;
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      // The stream can no longer be trusted: fail the turn and retire the socket.
      this.fail({ kind: 'malformed-frame' });
      return;
    }
    if (typeof event !== 'object' || event === null) {
      this.fail({ kind: 'malformed-frame' });
      return;
    }
    if (this.turn) {
      this.turn.event(event as Record<string, unknown>);
      return;
    }
    // Unsolicited traffic on an idle socket (e.g. `websocket_connection_limit_reached`) means
    // the server is about to drop it: retire it now so no call picks it up.
    const message =
      (event as { type?: unknown }).type === 'error'
        ? 'server error on idle socket'
        : 'unsolicited event';
    this.fail({ kind: 'error', message });
  }

  private fail(failure: ConnectionFailure): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.failure = failure;
    if (this.pingTimer) clearInterval(this.pingTimer);
    const error = new ConnectionError(failure);
    this.opening?.reject(error);
    this.opening = undefined;
    const turn = this.turn;
    this.turn = undefined;
    turn?.failed(error);
    // Whatever went wrong, the socket must not linger half-open (the peer's close already
    // tore it down; a client close sends its own closing handshake).
    if (failure.kind !== 'closed' && failure.kind !== 'closed-by-client') this.socket.terminate();
    this.options.onClosed(this);
  }
}
