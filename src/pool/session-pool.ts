import { armDeadline } from '../util/deadline';
import { Connection, nextConnectionId } from './connection';
import type { PoolSettings } from './pool-settings';
import type { WebSocketConstructor } from './socket-handle';

export class PoolError extends Error {
  constructor(
    readonly kind: 'queue-full' | 'queue-timeout' | 'pool-closed',
    message: string,
  ) {
    super(message);
    this.name = 'PoolError';
  }
}

export type AcquireRequest = {
  /** Credential scope: sockets are never shared across scopes. */
  scope: string;
  url: string;
  /** Upgrade headers; called once per new socket (API keys may rotate). */
  headers: () => Record<string, string> | Promise<Record<string, string>>;
  webSocket: WebSocketConstructor | undefined;
  /** Prefer the free socket whose latest response is this id (it can continue it as a delta). */
  preferHeadId?: string;
  /** Do not hand out these sockets (e.g. the one that just failed). */
  avoid?: ReadonlySet<number>;
  /** Open a new socket even when an idle one exists (a resend after a socket failure). */
  fresh?: boolean;
  signal?: AbortSignal;
  maxPayload: number;
};

export type Lease = {
  connection: Connection;
  /** The socket was open before this call. */
  reused: boolean;
};

type Waiter = { wake(): void };

/**
 * Sockets keyed by credential scope, one response in flight per socket. Hands out a free socket
 * that holds the wanted chain head when it can, any idle socket of the scope otherwise, a new
 * socket below `maxSockets`, and queues the call beyond that (docs/architecture.md, "The pool").
 */
export class SessionPool {
  private readonly connections = new Map<string, Set<Connection>>();
  private readonly waiters: Waiter[] = [];
  private total = 0;
  /** Bumped by close(): calls that were waiting when it happened fail instead of carrying on. */
  private generation = 0;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(readonly settings: PoolSettings) {
    const every = Math.max(50, Math.min(5_000, Math.floor(settings.idleTimeoutMs / 2)));
    this.sweeper = setInterval(() => this.sweep(), every);
    // Edge runtimes and browsers return a number, which has no unref().
    (this.sweeper as { unref?: () => void }).unref?.();
  }

  /** Counts for tests and diagnostics. */
  stats(): { open: number; idle: number; busy: number; queued: number } {
    let idle = 0;
    let busy = 0;
    for (const set of this.connections.values()) {
      for (const c of set) c.busy ? busy++ : idle++;
    }
    return { open: this.total, idle, busy, queued: this.waiters.length };
  }

  async acquire(request: AcquireRequest): Promise<Lease> {
    const deadline = Date.now() + this.settings.queueTimeoutMs;
    const generation = this.generation;
    for (;;) {
      request.signal?.throwIfAborted();
      if (this.generation !== generation) {
        throw new PoolError('pool-closed', 'the WebSocket pool was closed while the call waited');
      }

      const idle = request.fresh ? undefined : this.pickIdle(request);
      if (idle) {
        // Reserve it before yielding, so no concurrent call picks the same socket.
        idle.leased = true;
        idle.lastUsedAt = Date.now();
        // Yield one tick: a close that is already on its way becomes visible before use.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (idle.usable) return { connection: idle, reused: true };
        continue;
      }
      if (this.total >= this.settings.maxSockets) this.evictIdle(1);
      if (this.total < this.settings.maxSockets) {
        return { connection: await this.connect(request), reused: false };
      }
      await this.wait(deadline, request.signal);
    }
  }

  /**
   * Back to idle. `after.headId` is the response the server now holds in this socket's cache: the
   * new chain head after a completed turn, undefined after a failed one (a failed request evicts
   * the parent). Without `after`, nothing was sent and the socket keeps the head it had.
   */
  release(connection: Connection, after?: { headId: string | undefined }): void {
    if (after) connection.headId = after.headId;
    connection.endTurn();
    connection.leased = false;
    if (this.tooOld(connection)) connection.close('socket age limit');
    else this.trimIdle();
    this.wakeOne();
  }

  /** Closes every socket and rejects queued calls. The pool can be used again afterwards. */
  async close(): Promise<void> {
    this.generation++;
    for (const set of this.connections.values()) {
      for (const c of set) c.close('pool closed');
    }
    for (const waiter of this.waiters.splice(0)) waiter.wake();
  }

  private pickIdle(request: AcquireRequest): Connection | undefined {
    const set = this.connections.get(request.scope);
    if (!set) return undefined;
    let best: Connection | undefined;
    for (const c of set) {
      if (!c.usable || c.busy || request.avoid?.has(c.id)) continue;
      if (this.tooOld(c)) {
        c.close('socket age limit');
        continue;
      }
      if (request.preferHeadId !== undefined && c.headId === request.preferHeadId) return c;
      // Otherwise the least recently used one: its chain is the least likely to be continued.
      if (!best || c.lastUsedAt < best.lastUsedAt) best = c;
    }
    return best;
  }

  private async connect(request: AcquireRequest): Promise<Connection> {
    this.total++; // reserve the slot before awaiting, so concurrent calls respect maxSockets
    let connection: Connection | undefined;
    const onAbort = () => connection?.terminate('aborted');
    try {
      const headers = await request.headers();
      connection = new Connection({
        id: nextConnectionId(),
        url: request.url,
        headers,
        webSocket: request.webSocket,
        pingIntervalMs: this.settings.pingIntervalMs,
        maxPayload: request.maxPayload,
        onClosed: (c) => this.remove(request.scope, c),
      });
      connection.leased = true; // it belongs to this call from the start

      const set = this.connections.get(request.scope) ?? new Set<Connection>();
      this.connections.set(request.scope, set);
      set.add(connection);
      request.signal?.addEventListener('abort', onAbort, { once: true });
      await connection.waitOpen(this.settings.connectTimeoutMs);
      request.signal?.throwIfAborted();
      return connection;
    } catch (error) {
      if (!connection) {
        this.total--;
        this.wakeOne();
      } else connection.terminate('connect failed');
      throw request.signal?.aborted ? request.signal.reason : error;
    } finally {
      request.signal?.removeEventListener('abort', onAbort);
    }
  }

  private remove(scope: string, connection: Connection): void {
    const set = this.connections.get(scope);
    if (set?.delete(connection)) {
      this.total--;
      if (set.size === 0) this.connections.delete(scope);
      this.wakeOne();
    }
  }

  private tooOld(connection: Connection): boolean {
    return Date.now() - connection.openedAt >= this.settings.maxSocketAgeMs;
  }

  private idleConnections(): Connection[] {
    const idle: Connection[] = [];
    for (const set of this.connections.values()) {
      for (const c of set) if (!c.busy && c.usable) idle.push(c);
    }
    return idle.sort((a, b) => a.lastUsedAt - b.lastUsedAt);
  }

  private evictIdle(count: number): void {
    for (const c of this.idleConnections().slice(0, count)) c.close('evicted (pool full)');
  }

  private trimIdle(): void {
    let idleCount = 0;
    for (const set of this.connections.values()) {
      for (const c of set) if (!c.busy && c.usable) idleCount++;
    }
    // Sorting happens only when there is something to evict.
    if (idleCount <= this.settings.maxIdleSockets) return;
    const idle = this.idleConnections();
    const excess = idle.length - this.settings.maxIdleSockets;
    for (const c of idle.slice(0, Math.max(0, excess))) c.close('evicted (too many idle sockets)');
  }

  private sweep(): void {
    const now = Date.now();
    for (const c of this.idleConnections()) {
      if (now - c.lastUsedAt >= this.settings.idleTimeoutMs) c.close('idle timeout');
      else if (this.tooOld(c)) c.close('socket age limit');
    }
  }

  private wait(deadline: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.waiters.length >= this.settings.maxQueuedCalls) {
      throw new PoolError(
        'queue-full',
        `too many calls waiting for a WebSocket (maxQueuedCalls ${this.settings.maxQueuedCalls})`,
      );
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw queueTimeout(this.settings);
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
      };
      const deadline = armDeadline({
        ms: remaining,
        signal,
        onTimeout: () => {
          leave();
          reject(queueTimeout(this.settings));
        },
        onAbort: () => {
          leave();
          reject(signal?.reason);
        },
      });
      const waiter: Waiter = {
        wake: () => {
          deadline.cancel();
          leave();
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  private wakeOne(): void {
    this.waiters[0]?.wake();
  }
}

function queueTimeout(settings: PoolSettings): PoolError {
  return new PoolError(
    'queue-timeout',
    `no WebSocket became free within ${settings.queueTimeoutMs} ms (all ${settings.maxSockets} sockets busy); raise pool.maxSockets or pool.queueTimeoutMs`,
  );
}
