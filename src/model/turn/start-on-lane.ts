import { EventQueue } from './event-queue';
import type { LeasedLane } from './leased-lane';
import type { TurnCall } from './turn-call';

/** A frame sent on a leased lane: where its response's events land. */
export type LaneEvents = {
  /** The response's events, then its socket's failure or the call's abort. */
  queue: EventQueue;
  /** Detach the abort listener once the turn is over. */
  detach(): void;
};

/** Sends the frame; events and failures of the turn land in a queue. Abort abandons the lane. */
export function startOnLane(call: TurnCall, leased: LeasedLane, text: string): LaneEvents {
  const queue = new EventQueue();
  const onAbort = () => {
    leased.stop('aborted');
    queue.fail(call.signal?.reason);
  };
  call.signal?.addEventListener('abort', onAbort, { once: true });
  const detach = () => call.signal?.removeEventListener('abort', onAbort);
  try {
    leased.start(text, queue);
  } catch (error) {
    queue.fail(error);
  }
  return { queue, detach };
}
