import { type MockError, mockErrors } from './mock-errors';
import type { StoredResponse } from './response-store';
import { Steering } from './steering';
import type { MockRequestRecord } from './types';

/** Responses in flight per connection, across all lanes; more are queued. */
const MAX_IN_FLIGHT = 16;
/** Distinct named lanes per connection (the default lane does not count). */
const MAX_NAMED_LANES = 32;
const STREAM_ID = /^[A-Za-z0-9_.-]{1,256}$/;

/** A lane: a `stream_id`, or `null` for the default lane. */
export type LaneId = string | null;

/** Where a WebSocket request runs: its connection and lane. */
export type LanePlace = { connection: ConnectionState; lane: LaneId };

type Lane = {
  /** The lane's cache: its latest finished response. */
  latest: StoredResponse | null;
  /** A response (or a refusal waiting for its turn) is running on the lane. */
  busy: boolean;
};

type Waiting = {
  lane: LaneId;
  record: MockRequestRecord;
  arrivedAt: number;
  run: () => Promise<void>;
};

/**
 * Server-side state of one WebSocket connection: its lanes (each with its own cache of the
 * latest response), the FIFO queue of requests that wait for their lane or for one of the 16
 * in-flight slots, and the lane registry (32 named lanes at most, kept until the socket closes).
 */
export class ConnectionState {
  private readonly lanes = new Map<LaneId, Lane>([[null, { latest: null, busy: false }]]);
  private readonly waiting: Waiting[] = [];
  private readonly running = new Set<MockRequestRecord>();
  private closed = false;
  readonly steering = new Steering();

  constructor(readonly id: number) {}

  /** Named lanes registered on this connection so far. */
  get namedLanes(): number {
    return this.lanes.size - 1;
  }

  /** Whether a response is running or waiting on this connection. */
  get active(): boolean {
    return this.running.size > 0 || this.waiting.length > 0;
  }

  /**
   * The lane a `response.create` names, registered on first use: `undefined` is the default
   * lane; anything else must be a valid `stream_id`, and a new one must fit under the limit.
   */
  openLane(streamId: unknown): { ok: true; lane: LaneId } | { ok: false; error: MockError } {
    if (streamId === undefined) return { ok: true, lane: null };
    if (typeof streamId !== 'string' || !STREAM_ID.test(streamId)) {
      return { ok: false, error: mockErrors.invalidStreamId(streamId) };
    }
    if (!this.lanes.has(streamId)) {
      if (this.namedLanes >= MAX_NAMED_LANES) {
        return { ok: false, error: mockErrors.streamLimit(MAX_NAMED_LANES) };
      }
      this.lanes.set(streamId, { latest: null, busy: false });
    }
    return { ok: true, lane: streamId };
  }

  /**
   * Run `run` once the lane is free (FIFO per lane) and fewer than 16 responses are in flight;
   * until then the record says `queued` and what it waits for.
   */
  submit(record: MockRequestRecord, lane: LaneId, run: () => Promise<void>): void {
    if (this.closed) {
      record.status = 'interrupted';
      return;
    }
    const laneBlocked = this.lane(lane).busy || this.waiting.some((w) => w.lane === lane);
    this.waiting.push({ lane, record, arrivedAt: performance.now(), run });
    this.pump();
    if (record.status === 'queued') record.queuedFor = laneBlocked ? 'lane' : 'connection';
  }

  private pump(): void {
    const blocked = new Set<LaneId>();
    for (let i = 0; i < this.waiting.length && this.running.size < MAX_IN_FLIGHT; ) {
      const next = this.waiting[i];
      const lane = this.lane(next.lane);
      if (lane.busy || blocked.has(next.lane)) {
        blocked.add(next.lane);
        i += 1;
        continue;
      }
      this.waiting.splice(i, 1);
      lane.busy = true;
      this.running.add(next.record);
      next.record.status = 'in_progress';
      next.record.queuedMs = Math.round(performance.now() - next.arrivedAt);
      next.record.inFlight = this.running.size;
      void next.run().finally(() => {
        lane.busy = false;
        this.running.delete(next.record);
        if (!this.closed) this.pump();
      });
    }
    for (const { record } of this.waiting) record.status = 'queued';
  }

  private lane(id: LaneId): Lane {
    const lane = this.lanes.get(id);
    if (!lane) throw new Error(`Lane ${String(id)} was never opened.`);
    return lane;
  }

  /**
   * Where `previous_response_id` is held in memory: the lane's own latest response (a
   * continuation), or another lane's latest (a fork onto `lane`).
   */
  find(id: string, lane: LaneId): { parent: StoredResponse; forked: boolean } | null {
    const own = this.lane(lane).latest;
    if (own?.id === id) return { parent: own, forked: false };
    for (const [other, { latest }] of this.lanes) {
      if (other !== lane && latest?.id === id) return { parent: latest, forked: true };
    }
    return null;
  }

  /** The lane whose cache holds the response `id`, if any. */
  laneOf(id: string): LaneId | undefined {
    for (const [lane, { latest }] of this.lanes) if (latest?.id === id) return lane;
    return undefined;
  }

  /** A finished response becomes its lane's latest, replacing (evicting) the previous one. */
  cache(lane: LaneId, response: StoredResponse): void {
    this.lane(lane).latest = response;
  }

  /** Drop `id` from the lane's cache (a failed same-lane continuation). */
  evict(lane: LaneId, id: string): void {
    const entry = this.lane(lane);
    if (entry.latest?.id === id) entry.latest = null;
  }

  /** Forget every lane's cache; the lanes stay registered, running responses carry on. */
  clearCaches(): void {
    for (const lane of this.lanes.values()) lane.latest = null;
  }

  /** The socket is gone: running and queued requests are cut, every cache is lost. */
  close(): void {
    this.closed = true;
    for (const { record } of this.waiting.splice(0)) record.status = 'interrupted';
    for (const record of this.running) {
      if (record.status === 'in_progress') record.status = 'interrupted';
    }
    this.steering.close();
    this.clearCaches();
  }
}
