import { sliceRoom } from '../util/event-loop-slice';
import { Connection, nextConnectionId } from './connection';
import { ConnectionError } from './connection-error';
import { HeadIndex } from './head-index';
import {
  closeIdleSockets,
  countIdle,
  countSockets,
  evictLeastRecentIdle,
  hasFreeLane,
  IdleSweep,
  lastUseOfIdlePool,
  trimIdle,
} from './idle-sockets';
import type { AcquireRequest, Lease } from './lease';
import {
  candidateSockets,
  type LanePick,
  pickAnyLane,
  pickLane,
  pickLeastRecentLane,
  type SocketFilter,
} from './pick-lane';
import { MAX_IN_FLIGHT_PER_SOCKET, type PoolSettings } from './pool-settings';
import { PoolError, type QueuePlace, WaitQueue } from './wait-queue';

/**
 * Sockets keyed by credential scope, each offering one lane (lanes off) or `lanes` named lanes.
 * Hands out a socket and a lane: the lane holding the wanted chain head when it is free, else a
 * free lane by the rules of `pickLane`, else a new socket below `maxSockets`, else (lanes on) the
 * least recently used chain's lane, and queues the call beyond that (docs/architecture.md, "The
 * pool").
 */
export class SessionPool {
  private readonly connections = new Map<string, Set<Connection>>();
  private readonly heads = new HeadIndex();
  private readonly queue: WaitQueue;
  private total = 0;
  /** Bumped by close(): calls begun before it fail instead of carrying on. */
  private closes = 0;
  private readonly sweep: IdleSweep;
  private readonly maxInFlight: number;

  constructor(readonly settings: PoolSettings) {
    // Room a waiting call may be able to use: a socket can open, or one has a free lane.
    this.queue = new WaitQueue(settings, () => {
      if (this.total < settings.maxSockets) return true;
      const oldest = Date.now() - settings.maxSocketAgeMs;
      return hasFreeLane(this.connections, this.maxInFlight, oldest);
    });
    this.sweep = new IdleSweep(this.connections, settings);
    this.maxInFlight = settings.lanes > 0 ? Math.min(MAX_IN_FLIGHT_PER_SOCKET, settings.lanes) : 1;
  }

  /** Counts for tests and diagnostics; `inFlight`: lanes handed out, on every socket. */
  stats(): { open: number; idle: number; busy: number; queued: number; inFlight: number } {
    const { idle, busy, inFlight } = countSockets(this.connections);
    return { open: this.total, idle, busy, queued: this.queue.length, inFlight };
  }

  /** Sizes of its maps, for tests and diagnostics: credential scopes with sockets, heads indexed. */
  sizes(): { scopes: number; indexedHeads: number } {
    return { scopes: this.connections.size, indexedHeads: this.heads.size };
  }

  /** Whether the pool has a socket (open or opening) or a call waiting for one. */
  get inUse(): boolean {
    return this.total > 0 || this.queue.length > 0;
  }

  /** Its sockets' last use while no call uses or waits for one (pool/idle-pools.ts). */
  idleSince(): number | undefined {
    return this.queue.length > 0 ? undefined : lastUseOfIdlePool(this.connections);
  }

  /** Closes the sockets no call uses; the pool serves later calls as usual. */
  closeIdle(): void {
    closeIdleSockets(this.connections, 'idle pool of a configuration not used lately');
  }

  /** Read by a call before its first attempt (`AcquireRequest.generation`). */
  get generation(): number {
    return this.closes;
  }

  async acquire(request: AcquireRequest): Promise<Lease> {
    const deadline = Date.now() + this.settings.queueTimeoutMs;
    const generation = request.generation ?? this.closes;
    const multiplexed = this.settings.lanes > 0;
    const place = request.place ?? {};
    this.queue.enter(place);
    // Scanning the sockets and opening one is work a burst of calls spreads over turns.
    const room = sliceRoom(request.sliceKey);
    if (room) await room;
    for (;;) {
      request.signal?.throwIfAborted();
      this.queue.throwIfClosedSince(generation, this.closes);
      const sockets = this.candidates(request);
      const picked = pickLane(sockets, this.heads.get(request.preferHeadId), multiplexed);
      if (picked) {
        const taking = this.take(picked, request);
        this.queue.passOn(place);
        const lease = await taking;
        if (lease) return lease;
        continue;
      }
      // Lanes off, a new socket only while fewer than `maxIdleSockets` are idle: conversations
      // that take turns keep their sockets, and calls that each start a conversation reuse a
      // bounded set of sockets rather than open one each.
      const canOpen = this.total < this.settings.maxSockets;
      if (canOpen && (multiplexed || countIdle(this.connections) < this.settings.maxIdleSockets)) {
        return this.connectAndPassOn(request, place);
      }
      // Evict the least recently used chain of the scope before another scope's socket.
      const evicted = pickLeastRecentLane(sockets);
      if (evicted) {
        const lease = await this.take(evicted, request);
        if (lease) return lease;
        continue;
      }
      evictLeastRecentIdle(this.connections);
      if (this.total < this.settings.maxSockets) return this.connectAndPassOn(request, place);
      const avoided = this.pickAvoided(request);
      if (avoided) {
        const lease = await this.take(avoided, request);
        if (lease) return lease;
        continue;
      }
      this.queue.passOn(place);
      await this.queue.wait(deadline, request.signal, place, request.scope);
      // A release woke this call for its lane: one that gave up since passes the wake-up on, or
      // the next waiter would sleep on while the lane is free.
      if (request.signal?.aborted) this.queue.wakeAfter(place);
    }
  }

  /** A new socket's other lanes are room for the calls behind this one. */
  private connectAndPassOn(request: AcquireRequest, place: QueuePlace): Promise<Lease> {
    const connecting =
      request.mayOpen === false
        ? Promise.reject(new PoolError('may-not-open', 'the call may not open a socket'))
        : this.connect(request);
    this.queue.passOn(place);
    return connecting;
  }

  /**
   * Gives the lane back. `after.headId` is the response the server now holds in the lane's cache:
   * the new chain head after a completed turn, undefined after a failed one (a failed request
   * evicts the parent). Without `after`, nothing was sent and the lane keeps the head it had.
   * A second release of the same lease does nothing.
   */
  release(lease: Lease, after?: { headId: string | undefined }): void {
    const { connection, lane } = lease;
    this.endHold(lease);
    if (lane.owner !== lease) return;
    if (after) this.heads.set(lane, connection, after.headId);
    connection.unreserve(lane, lease);
    if (this.tooOld(connection) && !connection.busy) connection.close('socket age limit');
    else trimIdle(this.connections, this.settings.maxIdleSockets);
    this.queue.wakeOne();
  }

  /** The lane's response failed: the server evicted the parent, which no fork may name now. */
  evicted(lease: Lease): void {
    if (lease.lane.owner === lease) this.heads.set(lease.lane, lease.connection, undefined);
  }

  /**
   * Takes the lane out of service for good (the server refused it, or a response abandoned on it
   * never ended) and gives the lease back. The socket's other lanes carry on.
   */
  retire(lease: Lease): void {
    this.evicted(lease);
    if (lease.lane.owner === lease) lease.lane.retired = true;
    this.release(lease);
  }

  /** The fork has started on the server (or will not happen): its source lane may move on. */
  endHold(lease: Lease): void {
    if (!lease.forkFrom) return;
    lease.forkFrom.holds--;
    lease.forkFrom = undefined;
    this.queue.wakeOne();
  }

  /**
   * Closes every socket; queued calls, and any call begun before (`AcquireRequest.generation`)
   * that acquires later, fail. The pool can be used again afterwards.
   */
  async close(): Promise<void> {
    this.closes++;
    for (const set of this.connections.values()) for (const c of set) c.close('pool closed');
    this.queue.wakeAll();
  }

  /** The scope's sockets this call may use that have room for one more response. */
  private candidates(request: AcquireRequest, filter: SocketFilter = request): Connection[] {
    const limits = { ...this.settings, maxInFlight: this.maxInFlight };
    return candidateSockets(this.connections.get(request.scope), filter, limits);
  }

  /**
   * Lanes on, a resend kept off some sockets (the one whose lane went silent, which stays open
   * while that lane drains; those opened before a failure) when no socket can open: a lane of
   * those, rather than a wait in the queue beside their free lanes until queueTimeoutMs.
   */
  private pickAvoided(request: AcquireRequest): LanePick | undefined {
    const kept = request.avoid?.size || request.freshSince !== undefined;
    return this.settings.lanes > 0 && kept ? pickAnyLane(this.candidates(request, {})) : undefined;
  }

  /**
   * Reserves the picked lane (before any await, so no concurrent call takes it), then makes sure
   * its socket is open: one still opening (lanes on: calls share it) is waited for. An open one
   * is used at once. A turn of the event loop first would let a close already on its way show,
   * but it puts every call's frame behind whatever else the process has queued (in a chat, the
   * AI SDK finishing the call before: ~1 ms); a frame sent into such a close fails before any
   * output and is resent (open-turn.ts). Undefined: try another.
   */
  private async take(picked: LanePick, request: AcquireRequest): Promise<Lease | undefined> {
    const { connection, lane, forkFrom } = picked;
    const lease: Lease = { connection, lane, reused: connection.usable, forkFrom };
    connection.reserve(lane, lease);
    if (forkFrom) forkFrom.holds++;
    try {
      if (!lease.reused) await connection.waitOpen(this.settings.connectTimeoutMs, request.signal);
    } catch (error) {
      this.leaveOpening(lease);
      throw request.signal?.aborted ? request.signal.reason : error;
    }
    if (connection.usable) return lease;
    this.release(lease);
    return undefined;
  }

  private async connect(request: AcquireRequest): Promise<Lease> {
    this.total++;
    let lease: Lease | undefined;
    try {
      const headers = request.headers();
      const connection = new Connection({
        id: nextConnectionId(),
        url: request.url,
        headers,
        webSocket: request.webSocket,
        pingIntervalMs: this.settings.pingIntervalMs,
        maxPayload: request.maxPayload,
        lanes: this.settings.lanes,
        // Bound to the scope: a closure would hold this call (signal, prompt) while the socket lives.
        onClosed: this.remove.bind(this, request.scope),
      });
      // Its first lane belongs to this call from the start.
      lease = { connection, lane: connection.lanes[0], reused: false, forkFrom: undefined };
      connection.reserve(lease.lane, lease);
      const set = this.connections.get(request.scope) ?? new Set<Connection>();
      this.connections.set(request.scope, set);
      set.add(connection);
      this.sweep.update();
      await connection.waitOpen(this.settings.connectTimeoutMs, request.signal);
      return lease;
    } catch (error) {
      if (!lease) {
        this.total--;
        this.queue.wakeOne();
      } else this.leaveOpening(lease);
      if (request.signal?.aborted) throw request.signal.reason;
      // Calls of the scope queued for room would get the same answer: they share it, as the
      // socket's lane sharers do, rather than wait to retry until queueTimeoutMs fails them.
      if (error instanceof ConnectionError) this.queue.failScope(request.scope, error);
      throw error;
    }
  }

  /**
   * Gives back the lease of a call that stopped waiting for its socket's upgrade (an abort, or
   * the upgrade failed). Calls that share the opening socket on other lanes keep it; alone, it
   * goes, whoever opened it: else it would linger until its connect deadline.
   */
  private leaveOpening(lease: Lease): void {
    const { connection } = lease;
    this.release(lease);
    if (!connection.busy && !connection.usable) connection.terminate('connect abandoned');
  }

  private remove(scope: string, connection: Connection): void {
    const set = this.connections.get(scope);
    if (set?.delete(connection)) {
      this.total--;
      if (set.size === 0) this.connections.delete(scope);
      this.sweep.update();
      this.heads.forget(connection);
      this.queue.wakeOne();
    }
  }

  private tooOld(connection: Connection): boolean {
    return Date.now() - connection.openedAt >= this.settings.maxSocketAgeMs;
  }
}
