import { watchAbort } from '../../util/abort-watch';
import { EventQueue } from './event-queue';
import type { LeasedLane } from './leased-lane';
import type { TurnCall } from './turn-call';

/** A frame sent on a leased lane: where its response's events land. */
export type LaneEvents = {
  /** The response's events, then its socket's failure or the call's abort. */
  queue: EventQueue;
  /**
   * The attempt is over, however it went (output streamed to its end, an error or a failure
   * before any output, a resend, an abort): the abort listener is detached and the queue closed.
   * A queue left open kept its deadline timer armed, and the timer the queue, with whatever it
   * had buffered, until that deadline (up to `eventTimeoutMs` once the server had accepted the
   * request). Idempotent.
   */
  end(): void;
};

/** Sends the frame; events and failures of the turn land in a queue. Abort abandons the lane. */
export function startOnLane(call: TurnCall, leased: LeasedLane, text: string): LaneEvents {
  const queue = new EventQueue();
  const onAbort = () => {
    leased.stop('aborted');
    queue.fail(call.signal?.reason);
  };
  // One listener on the signal however many calls share it (abort-watch.ts).
  const unwatch = call.signal && watchAbort(call.signal, onAbort);
  const end = () => {
    unwatch?.();
    queue.close();
  };
  try {
    leased.start(text, queue);
  } catch (error) {
    queue.fail(error);
  }
  return { queue, end };
}
