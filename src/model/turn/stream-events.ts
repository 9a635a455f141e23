import type { StreamPart } from '../../types';
import { stopWhenCollected } from './dropped-stream';
import { type BreakOff, EventPump, type PartSink, type PumpArgs } from './event-pump';
import type { EventQueue, EventSink } from './event-queue';

/** A neutral part in the caller's spec form (the adapter's conversion); undefined drops it. */
export type PartConverter<T> = (part: StreamPart) => T | undefined;

/**
 * Parts a socket's stream keeps for a consumer that is behind. Beyond that the pump stops and the
 * socket's events wait, unmapped, in the turn's queue until the consumer reads again.
 */
const HIGH_WATER_MARK = 16;

/** A socket's events: pushed into the stream as they arrive. */
type PushedSource = {
  kind: 'push';
  queue: EventQueue;
  stop(reason: string): void;
  /** Whether the consumer waits for events (not while the stream is full: `LeasedLane.awaited`). */
  awaited(yes: boolean): void;
};

/** An HTTP body's events: pulled one at a time as the consumer reads. */
type PulledSource = {
  kind: 'pull';
  next(): Promise<{ kind: 'event'; event: Record<string, unknown> } | BreakOff>;
  /** Stop the response (cancel): close what carries it. */
  stop(reason: string): void;
};

/** The caller's stream, and the pump that feeds it (its `start` made it). */
type Streamed<T> = { stream: ReadableStream<T>; pump: EventPump };

type StreamEventsArgs<T> = PumpArgs & {
  source: PushedSource | PulledSource;
  /** Each part in the caller's form, so the caller's stream is the only stream stage. */
  convert: PartConverter<T> | undefined;
};

/**
 * Maps a response's events to the caller's stream parts through the one event mapper, for either
 * transport. One `ReadableStream`, no stage per part: the adapter's conversion runs as a part is
 * enqueued.
 */
export function streamEvents<T = StreamPart>(args: StreamEventsArgs<T>): ReadableStream<T> {
  let forget: (() => void) | undefined;
  const own: StreamEventsArgs<T> = {
    ...args,
    settle: (outcome) => {
      forget?.();
      return args.settle(outcome);
    },
  };
  const { stream, pump } =
    own.source.kind === 'push' ? pushedStream(own, own.source) : pulledStream(own, own.source);
  forget = stopWhenCollected(stream, stopDropped(args, pump.parts));
  return stream;
}

/**
 * How to end a turn whose stream was garbage collected unfinished (dropped-stream.ts): the
 * response is stopped as a cancel stops it, and the turn settles as failed with the parts mapped
 * so far. Built apart from the stream, so that it holds neither the stream nor its pump.
 */
function stopDropped<T>(args: StreamEventsArgs<T>, parts: StreamPart[]): () => void {
  return () => {
    args.source.stop('stream dropped');
    args
      .settle({ terminalType: undefined, parts, failed: true, digestPart: undefined })
      .catch(() => {});
  };
}

/** `pump.handle`; a throw becomes a rejected promise: the turn is over, and fails (`failed`). */
function handle(pump: EventPump, event: Record<string, unknown>): number | Promise<void> {
  try {
    return pump.handle(event);
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Handling an event threw, or ending the turn did (a bug in the mapping, or in the caller's
 * conversion of a part): the response is stopped as a cancel stops it, the turn settles as failed
 * (unless it had settled), and the stream errors with what was thrown. Left alone, such a throw
 * escapes into the socket's callback when the event arrived while the stream flowed (the stream
 * then waits for the silence deadline), or errors the stream from its pull with the turn never
 * settled (its queue open, its lane or HTTP response taken for good).
 */
function failed<T>(
  pump: EventPump,
  source: PushedSource | PulledSource,
  controller: ReadableStreamDefaultController<T>,
  error: unknown,
): Promise<void> {
  source.stop('handling an event failed');
  return pump.cancel().then(() => controller.error(error));
}

function partSink<T>(
  controller: ReadableStreamDefaultController<T>,
  convert: PartConverter<T> | undefined,
): PartSink {
  return {
    enqueue: convert
      ? (part) => {
          const converted = convert(part);
          if (converted !== undefined) controller.enqueue(converted);
        }
      : (part) => controller.enqueue(part as T),
    close: () => controller.close(),
    error: (reason) => controller.error(reason),
  };
}

/**
 * The socket's events go through the mapper in the socket's own callback, straight into the
 * stream, while the stream has room (`desiredSize`). A pull starts the flow and stays pending
 * while it lasts, so the stream does not call `pull` once per part; it resolves when the stream
 * is full (then the events wait in the queue until the consumer reads and the stream pulls again)
 * or has ended.
 */
function pushedStream<T>(args: StreamEventsArgs<T>, source: PushedSource): Streamed<T> {
  let controller: ReadableStreamDefaultController<T>;
  // Made by the stream's start, which runs as the stream is constructed.
  let pump!: EventPump;
  let release: (() => void) | undefined;
  const pause = () => {
    const resolve = release;
    release = undefined;
    resolve?.();
  };
  const fail = (error: unknown) => {
    // Nothing more reaches the pump, not even the failure the stop causes.
    source.queue.close();
    return failed(pump, source, controller, error);
  };
  const afterEnd = (settling: Promise<void>) => {
    settling
      .catch(fail)
      // Settling the turn itself threw.
      .catch((error: unknown) => controller.error(error))
      .then(pause);
  };
  const sink: EventSink = {
    event(event) {
      const handled = handle(pump, event);
      if (typeof handled !== 'number') {
        // The response has ended: nothing after it belongs to this call.
        source.queue.close();
        afterEnd(handled);
        return false;
      }
      if ((controller.desiredSize ?? 0) > 0) return true;
      pause();
      // Until the consumer reads again, the socket does not keep the process alive for it.
      source.awaited(false);
      return false;
    },
    end: (end) => afterEnd(pump.breakOff(end)),
  };
  const stream = new ReadableStream<T>(
    {
      start(c) {
        controller = c;
        pump = new EventPump(args, partSink(c, args.convert));
        pump.start();
      },
      pull: () =>
        new Promise<void>((resolve) => {
          release = resolve;
          source.awaited(true);
          source.queue.flow(sink);
        }),
      cancel: async () => {
        source.queue.close();
        pause();
        if (pump.done) return;
        source.stop('stream cancelled');
        await pump.cancel();
      },
    },
    { highWaterMark: HIGH_WATER_MARK },
  );
  return { stream, pump };
}

/** The HTTP body's events, one read per event, as the consumer reads. */
function pulledStream<T>(args: StreamEventsArgs<T>, source: PulledSource): Streamed<T> {
  // Made by the stream's start, which runs as the stream is constructed.
  let pump!: EventPump;
  let controller: ReadableStreamDefaultController<T>;
  // A pull must enqueue or close: a pull that returns empty-handed is not called again.
  const pull = async () => {
    for (;;) {
      const next = await source.next();
      if (next.kind !== 'event') return pump.breakOff(next);
      const handled = handle(pump, next.event);
      if (typeof handled !== 'number') return handled;
      if (handled > 0) return;
    }
  };
  const stream = new ReadableStream<T>({
    start(c) {
      controller = c;
      pump = new EventPump(args, partSink(c, args.convert));
      pump.start();
    },
    pull: () => pull().catch((error: unknown) => failed(pump, source, controller, error)),
    cancel: async () => {
      if (pump.done) return;
      source.stop('stream cancelled');
      await pump.cancel();
    },
  });
  return { stream, pump };
}
