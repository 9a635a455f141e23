import type { Connection } from '../../pool/connection';
import type { Lane } from '../../pool/lane';
import type { Lease } from '../../pool/lease';
import type { SessionPool } from '../../pool/session-pool';
import { unrefTimer } from '../../util/deadline';
import type { EventQueue } from './event-queue';

/**
 * After an error event on a lane, how long to wait for the terminal event that may follow before
 * the lane is retired: per the protocol an error ends the response, but a late `response.failed`
 * must never reach the lane's next call.
 */
const ERROR_TAIL_MS = 2_000;

/** What the lane's events have shown of its response, as they arrive (not as they are read). */
type ResponseState = 'waiting' | 'started' | 'errored' | 'ended';

/**
 * The lane a turn leased, from the frame to its one disposition: given back with a chain head,
 * given back without one, or abandoned. Abandoning (abort, cancel, silence, an error) cannot stop
 * a response, because no cancel event exists: with lanes off the socket is closed, as it carries
 * nothing else; with lanes on the lane's remaining events are read and dropped until its
 * terminal event, then the lane is free again without a chain, and the other lanes of the socket
 * carry on untouched. A lane whose response never ends is retired.
 */
export class LeasedLane {
  private state: ResponseState = 'waiting';
  private disposed = false;
  /** Another response ran on the lane before this one: its late events may still come. */
  private followsAnother = false;

  constructor(
    private readonly pool: SessionPool,
    readonly lease: Lease,
    /** How long an abandoned response may take to end before its lane is retired. */
    private readonly drainTimeoutMs: number,
  ) {}

  get connection(): Connection {
    return this.lease.connection;
  }

  get lane(): Lane {
    return this.lease.lane;
  }

  /**
   * Sends the frame on the lane; its events and its socket's failure go to `queue`, except what
   * is left over from the lane's previous response (`isLeftOver`).
   */
  start(frame: string, queue: EventQueue): void {
    this.followsAnother = this.lane.turns > 0;
    this.connection.startTurn(this.lane, frame, {
      event: (event) => {
        if (this.leftOver(event)) return;
        this.track(event.type);
        queue.push(event);
      },
      failed: (error) => {
        this.state = 'ended';
        queue.fail(error);
      },
    });
  }

  /**
   * Whether the caller waits for the response's events: not while its stream is full and its
   * consumer does not read (it may never read again: the AI SDK's `textStream` is a tee, and a
   * loop that breaks out of it cancels nothing). Meanwhile the socket does not keep the process
   * alive for this lane, as it does not while idle.
   */
  awaited(yes: boolean): void {
    if (!this.disposed) this.connection.setWaitedOn(this.lane, yes);
  }

  /** The source lane of a fork may move on: the fork has started, or will not. */
  endHold(): void {
    this.pool.endHold(this.lease);
  }

  /** The response ended; `after.headId` is what the lane's cache now holds (undefined: nothing). */
  release(after?: { headId: string | undefined }): void {
    if (this.dispose()) this.pool.release(this.lease, after);
  }

  /** The server refused the lane itself: it is never used again; the socket carries on. */
  retire(): void {
    if (this.dispose()) this.pool.retire(this.lease);
  }

  /** The socket cannot be trusted (or is going anyway): it closes, failing every lane on it. */
  closeSocket(reason: string): void {
    if (!this.dispose()) return;
    this.connection.close(reason);
    this.pool.release(this.lease);
  }

  /**
   * The caller stopped (abort, cancel): with lanes off the socket is dropped at once, unless its
   * response has already ended (its terminal event came, unread): then nothing more can come and
   * the socket is as clean as after any response.
   */
  stop(reason: string): void {
    if (this.connection.multiplexed || this.state === 'ended') {
      this.drain();
      return;
    }
    if (!this.dispose()) return;
    this.connection.terminate(reason);
    this.pool.release(this.lease);
  }

  /** The response went wrong (an error event, silence): with lanes off the socket is closed. */
  abandon(reason: string): void {
    if (!this.connection.multiplexed) this.closeSocket(reason);
    else this.drain();
  }

  private dispose(): boolean {
    if (this.disposed) return false;
    this.disposed = true;
    this.endHold();
    return true;
  }

  /** Reads and drops the lane's events until its response has ended; then frees the lane. */
  private drain(): void {
    if (!this.dispose()) return;
    // An error event failed the response: the server has evicted the parent from the lane's
    // cache already, though the lane stays busy until a late terminal event or its deadline. A
    // call meanwhile (the AI SDK's stream retry) must not fork the parent from it.
    if (this.state === 'errored') this.pool.evicted(this.lease);
    if (this.state === 'ended' || !this.connection.usable) {
      this.pool.release(this.lease, { headId: undefined });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const finish = (retire: boolean) => {
      clearTimeout(timer);
      if (retire) this.pool.retire(this.lease);
      else this.pool.release(this.lease, { headId: undefined });
    };
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = unrefTimer(setTimeout(() => finish(true), ms));
    };
    arm(this.state === 'errored' ? ERROR_TAIL_MS : this.drainTimeoutMs);
    // Nobody waits for these events: they must not keep the process alive.
    this.connection.listen(
      this.lane,
      {
        event: (event) => {
          if (this.leftOver(event)) return;
          const before = this.state;
          this.track(event.type);
          if (this.state === 'ended') finish(false);
          else if (this.state === 'errored' && before !== 'errored') arm(ERROR_TAIL_MS);
        },
        failed: () => finish(false),
      },
      false,
    );
  }

  /** Left over from the lane's previous response (before this one's `response.created` only). */
  private leftOver(event: Record<string, unknown>): boolean {
    return this.state === 'waiting' && this.followsAnother && isLeftOver(event);
  }

  /**
   * Follows the response's life from its events: an error before anything else refused the
   * request (nothing follows it); after that, a terminal event may still follow an error. Nothing
   * of a response follows its terminal event: a late event does not reopen it.
   */
  private track(type: unknown): void {
    if (this.state === 'ended') return;
    if (type === 'response.completed' || type === 'response.failed') this.state = 'ended';
    else if (type === 'response.incomplete') this.state = 'ended';
    else if (type === 'error') this.state = this.state === 'waiting' ? 'ended' : 'errored';
    else if (this.state === 'waiting') this.state = 'started';
  }
}

/**
 * Whether an event that comes before the turn's own `response.created` is left over from the
 * lane's previous response. A lane carries one response at a time, and a call's frame goes out
 * only once the previous response's terminal event came; the server sends a lane's events in
 * order, so whatever of the previous response still comes after its terminal event (nothing
 * should; a server or gateway may send a late `error`, a terminal event twice) arrives before
 * this response's `response.created`. So does the `error` with which the server refuses this
 * call's frame (an invalid request, `previous_response_not_found`), which the call must get.
 *
 * The server numbers a response's events from 0, its `response.created`: an event numbered
 * past 0 continues a response that began earlier, and is dropped. A refusal comes before any
 * response exists and carries no number. An `error` without one is therefore taken as this
 * call's, although a server could have meant it for the previous response: nothing on the wire
 * tells the two apart. That is the mistake to prefer: the call fails before any output with an
 * error the caller sees (the AI SDK retries it if it is retryable) and, lanes off, its socket is
 * closed; dropping a real refusal would leave the call waiting for `firstEventTimeoutMs`, then
 * resend a request the server refused. A server that numbers nothing gets every event through,
 * and so does a lane's first response (nothing came before it to leave anything over).
 */
function isLeftOver(event: Record<string, unknown>): boolean {
  const sequence = event.sequence_number;
  return typeof sequence === 'number' && sequence > 0 && event.type !== 'response.created';
}
