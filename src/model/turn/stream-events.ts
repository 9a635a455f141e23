import type { StreamPart } from '../../types';
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
type PushedSource = { kind: 'push'; queue: EventQueue; stop(reason: string): void };

/** An HTTP body's events: pulled one at a time as the consumer reads. */
type PulledSource = {
  kind: 'pull';
  next(): Promise<{ kind: 'event'; event: Record<string, unknown> } | BreakOff>;
  /** Stop the response (cancel): close what carries it. */
  stop(reason: string): void;
};

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
  return args.source.kind === 'push'
    ? pushedStream(args, args.source)
    : pulledStream(args, args.source);
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
function pushedStream<T>(args: StreamEventsArgs<T>, source: PushedSource): ReadableStream<T> {
  let controller: ReadableStreamDefaultController<T>;
  let pump: EventPump;
  let release: (() => void) | undefined;
  const pause = () => {
    const resolve = release;
    release = undefined;
    resolve?.();
  };
  const afterEnd = (settling: Promise<void>) => {
    settling.then(pause, (error) => {
      controller.error(error);
      pause();
    });
  };
  const sink: EventSink = {
    event(event) {
      const handled = pump.handle(event);
      if (typeof handled !== 'number') {
        // The response has ended: nothing after it belongs to this call.
        source.queue.close();
        afterEnd(handled);
        return false;
      }
      if ((controller.desiredSize ?? 0) > 0) return true;
      pause();
      return false;
    },
    end: (end) => afterEnd(pump.breakOff(end)),
  };
  return new ReadableStream<T>(
    {
      start(c) {
        controller = c;
        pump = new EventPump(args, partSink(c, args.convert));
        pump.start();
      },
      pull: () =>
        new Promise<void>((resolve) => {
          release = resolve;
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
}

/** The HTTP body's events, one read per event, as the consumer reads. */
function pulledStream<T>(args: StreamEventsArgs<T>, source: PulledSource): ReadableStream<T> {
  let pump: EventPump;
  return new ReadableStream<T>({
    start(controller) {
      pump = new EventPump(args, partSink(controller, args.convert));
      pump.start();
    },
    // A pull must enqueue or close: a pull that returns empty-handed is not called again.
    async pull() {
      for (;;) {
        const next = await source.next();
        if (next.kind !== 'event') return pump.breakOff(next);
        const handled = pump.handle(next.event);
        if (typeof handled !== 'number') return handled;
        if (handled > 0) return;
      }
    },
    cancel: async () => {
      if (pump.done) return;
      source.stop('stream cancelled');
      await pump.cancel();
    },
  });
}
