import type { Connection } from './connection';
import type { Lane } from './lane';
import type { WebSocketConstructor } from './socket-handle';
import type { QueuePlace } from './wait-queue';

/** What a call asks the pool for (`SessionPool.acquire`). */
export type AcquireRequest = {
  /** Credential scope: sockets are never shared across scopes. */
  scope: string;
  url: string;
  /**
   * Upgrade headers; called once per new socket (API keys may rotate). Synchronous, so a new
   * socket is in the pool at once and concurrent calls can share its lanes while it opens.
   */
  headers: () => Record<string, string>;
  webSocket: WebSocketConstructor | undefined;
  /** Prefer the lane whose latest response is this id (it can continue it as a delta). */
  preferHeadId?: string;
  /** Do not hand out these sockets (e.g. the one that just failed). */
  avoid?: ReadonlySet<number>;
  /**
   * A resend after a socket failed at this time: only a socket opened since may carry it. (With
   * lanes off, always a new socket.)
   */
  freshSince?: number;
  signal?: AbortSignal;
  /**
   * The pool's `generation` when the call began: a close() since fails it, even one that came
   * while it prepared or between its attempts. Default: the generation at this acquire.
   */
  generation?: number;
  /**
   * False: the call may take a lane of an open socket but not open one (its credentials' upgrades
   * failed lately); where it would open one, it fails with PoolError 'may-not-open'.
   */
  mayOpen?: boolean;
  /** The call's place in the wait queue, kept across its attempts (a resend keeps it). */
  place?: QueuePlace;
  /** Stands for the call at the event loop's slices (`sliceRoom`). */
  sliceKey?: object;
  maxPayload: number;
};

/** A lane of a socket, handed to one call until `release`. */
export type Lease = {
  connection: Connection;
  lane: Lane;
  /** The socket was open before this call. */
  reused: boolean;
  /**
   * The busy lane of this socket that holds the call's chain head: the call may fork it onto its
   * own lane. That lane is held (not handed out) until `endHold`.
   */
  forkFrom: Lane | undefined;
};
