import type { ConnectionError } from './connection-error';

/** Receives the events of the response in flight on one lane. */
export type TurnListener = {
  event(event: Record<string, unknown>): void;
  failed(error: ConnectionError): void;
};

/**
 * One lane of a socket: a `stream_id` (undefined: the default lane, the only one with lanes off)
 * with its own cached chain on the server and at most one response in flight. The pool decides
 * who may use it; the socket routes the lane's events to `listener`.
 */
export class Lane {
  /**
   * Id of the latest completed response in this lane's cache on the server. Written by
   * `SessionPool.release` only.
   */
  headId: string | undefined;
  /** The lease that holds it, until released: it counts as one response in flight on its socket. */
  owner: object | undefined;
  /** Forks from this lane's head that have not started yet: the lane must not move on. */
  holds = 0;
  /**
   * Out of service for good: the server refused the lane, or a response abandoned on it never
   * ended. Its socket carries on with its other lanes.
   */
  retired = false;
  lastUsedAt = Date.now();
  /** Responses sent on it so far (late events of the last one may still come). */
  turns = 0;
  /** Who gets the lane's events (set by the socket while a response runs on it). */
  listener: TurnListener | undefined;
  /** A caller waits on `listener` (not so for a response drained after an abort). */
  waitedOn = false;

  constructor(readonly streamId: string | undefined) {}

  /** No call has it, nothing holds it: the pool may hand it out. */
  get free(): boolean {
    return this.owner === undefined && this.holds === 0 && !this.retired;
  }
}
