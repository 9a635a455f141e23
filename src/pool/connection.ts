import { armDeadline, unrefTimer } from '../util/deadline';
import { ConnectionError, type ConnectionFailure } from './connection-error';
import { Lane, type TurnListener } from './lane';
import type { RefusalBody } from './refusal-body';
import { openSocket, type SocketHandle, type WebSocketConstructor } from './socket-handle';

export type ConnectionOptions = {
  id: number;
  url: string;
  headers: Record<string, string>;
  webSocket: WebSocketConstructor | undefined;
  pingIntervalMs: number;
  maxPayload: number;
  /** Named lanes (`stream_id`) this socket offers, 1–32; 0: only the default lane. */
  lanes: number;
  onClosed(connection: Connection): void;
};

let nextId = 1;
export const nextConnectionId = () => nextId++;

/**
 * One WebSocket to `/v1/responses`: opens it, sends frames, routes each event to the response in
 * flight on its lane (`stream_id`; none with lanes off), keeps it alive with pings, and closes
 * it. It knows nothing of the AI SDK or of conversations; the pool decides who may use which lane.
 */
export class Connection {
  readonly id: number;
  readonly openedAt = Date.now();
  lastUsedAt = Date.now();
  state: 'connecting' | 'open' | 'closed' = 'connecting';
  /** Set once the socket is out of service (closed, failed); kept for diagnostics. */
  failure: ConnectionFailure | undefined;
  /** When it went out of service (`Date.now()`). */
  failedAt: number | undefined;
  /** The lanes it offers: `lane-1` … `lane-N`, or the default lane alone with lanes off. */
  readonly lanes: readonly Lane[];
  /** Lanes handed out and not yet released: responses in flight (or about to be). */
  inFlight = 0;
  /** Headers of the upgrade response (lower-case names), when the socket kind reports them. */
  upgradeHeaders: Record<string, string> | undefined;

  private readonly byStreamId = new Map<string | undefined, Lane>();
  private readonly socket: SocketHandle;
  private readonly opened: Promise<void>;
  private settleOpen: { resolve(): void; reject(error: ConnectionError): void } | undefined;
  /** Lanes whose response a caller waits on: while there are any, the process stays alive. */
  private waitedOn = 0;
  private pingTimer: NodeJS.Timeout | undefined;
  private awaitingPong = false;
  /** A refused upgrade whose body is still being read. */
  private refusal:
    | { status: number; headers: Record<string, string>; body: RefusalBody }
    | undefined;
  /**
   * The options, less the upgrade headers: they carry the API key, are needed only to open the
   * socket, and a socket lives long in a pool that providers of other keys share (a dump of any
   * of their models would show them).
   */
  private readonly options: Omit<ConnectionOptions, 'headers'>;

  constructor({ headers, ...options }: ConnectionOptions) {
    this.options = options;
    this.id = options.id;
    const names =
      options.lanes > 0 ? Array.from({ length: options.lanes }, (_, i) => `lane-${i + 1}`) : [];
    this.lanes = names.length > 0 ? names.map((name) => new Lane(name)) : [new Lane(undefined)];
    for (const lane of this.lanes) this.byStreamId.set(lane.streamId, lane);
    this.opened = new Promise<void>((resolve, reject) => {
      this.settleOpen = { resolve, reject };
    });
    // Nobody may be waiting when a socket fails: its rejection is read through waitOpen only.
    this.opened.catch(() => {});
    this.socket = openSocket({
      url: options.url,
      headers,
      webSocket: options.webSocket,
      maxPayload: options.maxPayload,
      listener: {
        open: (headers) => {
          this.upgradeHeaders = headers;
          this.handleOpen();
        },
        message: (text) => this.handleMessage(text),
        rejected: (status, headers, body) => {
          this.refusal = { status, headers, body };
          void body.done.then(() => this.failRefused());
        },
        close: (code, reason) => this.fail({ kind: 'closed', code, reason }),
        error: (error) => this.fail({ kind: 'error', message: error.message }),
        pong: () => {
          this.awaitingPong = false;
        },
      },
    });
  }

  /** Some lane is handed out: the socket is not idle. */
  get busy(): boolean {
    return this.inFlight > 0;
  }

  get usable(): boolean {
    return this.state === 'open' && this.failure === undefined;
  }

  /** Lanes carry several responses at once (`stream_id`); otherwise one at a time. */
  get multiplexed(): boolean {
    return this.options.lanes > 0;
  }

  /**
   * Resolves once the upgrade succeeded; rejects with a ConnectionError otherwise. Every caller
   * may wait (calls that share a socket on lanes wait for the same upgrade); the first deadline
   * to pass fails the socket. An abort of `signal` rejects this caller's wait with its reason and
   * leaves the upgrade (and its deadline) to whoever else waits.
   */
  waitOpen(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.state === 'open') return Promise.resolve();
    if (this.failure) return Promise.reject(new ConnectionError(this.failure));
    const deadline = armDeadline({
      ms: timeoutMs,
      // A refusal whose body is slow to come fails with the part that came.
      onTimeout: () => (this.refusal ? this.failRefused() : this.fail({ kind: 'connect-timeout' })),
    });
    const opened = this.opened.finally(() => deadline.cancel());
    if (!signal) return opened;
    return new Promise<void>((resolve, reject) => {
      const aborted = armDeadline({
        ms: undefined,
        signal,
        onTimeout: () => reject(signal.reason),
      });
      opened.then(resolve, reject).finally(() => aborted.cancel());
    });
  }

  /** A lane is handed out to `owner` (the pool's bookkeeping of responses in flight). */
  reserve(lane: Lane, owner: object): void {
    lane.owner = owner;
    lane.lastUsedAt = Date.now();
    this.lastUsedAt = lane.lastUsedAt;
    this.inFlight++;
  }

  /** `owner` gives the lane back: its response is over, or it never went out. */
  unreserve(lane: Lane, owner: object): boolean {
    if (lane.owner !== owner) return false;
    this.endTurn(lane);
    lane.owner = undefined;
    this.inFlight--;
    return true;
  }

  /** Sends the frame of a new response on `lane`; its events go to `listener` until `endTurn`. */
  startTurn(lane: Lane, frame: string, listener: TurnListener): void {
    if (!this.usable)
      throw new ConnectionError(this.failure ?? { kind: 'error', message: 'socket not open' });
    if (lane.listener) throw new Error('a response is already in flight on this lane');
    this.listen(lane, listener, true);
    lane.turns++;
    lane.lastUsedAt = Date.now();
    this.lastUsedAt = lane.lastUsedAt;
    this.socket.send(frame);
  }

  /**
   * Hands the lane's events to another listener. `waitedOn: false` for a response nobody waits
   * for any more (one drained after an abort): it does not keep the process alive.
   */
  listen(lane: Lane, listener: TurnListener, waitedOn: boolean): void {
    this.countWaiter(lane, -1);
    lane.listener = listener;
    lane.waitedOn = waitedOn;
    this.countWaiter(lane, 1);
  }

  /**
   * Whether a caller waits for the events of the lane's response now: one whose consumer stopped
   * reading waits for nothing, and the socket keeps the process alive only for lanes waited on.
   */
  setWaitedOn(lane: Lane, waitedOn: boolean): void {
    if (lane.listener && lane.waitedOn !== waitedOn) this.listen(lane, lane.listener, waitedOn);
  }

  /** The lane's response is over: its events have no listener any more. */
  endTurn(lane: Lane): void {
    this.countWaiter(lane, -1);
    lane.listener = undefined;
    lane.lastUsedAt = Date.now();
    this.lastUsedAt = lane.lastUsedAt;
  }

  /** Closes the socket; every response in flight on it fails with `closed-by-client`. */
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

  /** While a caller waits on some lane the socket keeps the process alive; idle, it must not. */
  private countWaiter(lane: Lane, delta: 1 | -1): void {
    if (!lane.listener || !lane.waitedOn) return;
    const before = this.waitedOn;
    this.waitedOn += delta;
    if (before === 0 && this.waitedOn === 1) this.socket.setRef(true);
    else if (before === 1 && this.waitedOn === 0) this.socket.setRef(false);
  }

  private handleOpen(): void {
    this.state = 'open';
    this.socket.setRef(this.waitedOn > 0);
    if (this.options.pingIntervalMs > 0) {
      this.pingTimer = unrefTimer(setInterval(() => this.keepAlive(), this.options.pingIntervalMs));
    }
    this.settleOpen?.resolve();
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
      // The stream can no longer be trusted: fail every response on it and retire the socket.
      this.fail({ kind: 'malformed-frame' });
      return;
    }
    if (typeof event !== 'object' || event === null) {
      this.fail({ kind: 'malformed-frame' });
      return;
    }
    const streamId = (event as { stream_id?: unknown }).stream_id;
    const lane = this.byStreamId.get(typeof streamId === 'string' ? streamId : undefined);
    if (lane?.listener) {
      lane.listener.event(event as Record<string, unknown>);
      return;
    }
    // An event of a named lane nobody listens to (a response retired after it was abandoned)
    // belongs to no call: dropped, so it can never reach one.
    if (lane?.streamId !== undefined) return;
    // Unsolicited traffic outside any lane (e.g. `websocket_connection_limit_reached`) means
    // the server is about to drop the socket: retire it now so no call picks it up.
    const message =
      (event as { type?: unknown }).type === 'error'
        ? 'server error on idle socket'
        : 'unsolicited event';
    this.fail({ kind: 'error', message });
  }

  private failRefused(): void {
    if (!this.refusal) return;
    const { status, headers, body } = this.refusal;
    this.fail({ kind: 'rejected', status, headers, body: body.text() });
  }

  private fail(failure: ConnectionFailure): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.failure = failure;
    this.failedAt = Date.now();
    if (this.pingTimer) clearInterval(this.pingTimer);
    const error = new ConnectionError(failure);
    this.settleOpen?.reject(error);
    for (const lane of this.lanes) {
      const listener = lane.listener;
      if (!listener) continue;
      this.endTurn(lane);
      listener.failed(error);
    }
    // Whatever went wrong, the socket must not linger half-open (the peer's close already
    // tore it down; a client close sends its own closing handshake).
    if (failure.kind !== 'closed' && failure.kind !== 'closed-by-client') this.socket.terminate();
    this.options.onClosed(this);
  }
}
