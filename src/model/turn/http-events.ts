import type { HttpCalls } from '../../http/http-calls';
import type { HttpEventStream } from '../../http/http-event-source';
import { armDeadline, type Deadline, SerialDeadline } from '../../util/deadline';
import type { BreakOff } from './event-pump';

/** Why the response was stopped before its body ended. */
type Stop = 'timeout' | 'aborted' | 'closed' | 'cancelled';

/** One read: the next event, or how the events ended. */
export type HttpRead = { kind: 'event'; event: Record<string, unknown> } | BreakOff;

type HttpEventsArgs = {
  /** The call's abort signal. */
  signal: AbortSignal | undefined;
  /** The provider's calls under way, which `provider.close()` stops. */
  calls: HttpCalls;
  firstEventTimeoutMs: number;
  eventTimeoutMs: number;
};

/**
 * The events of one HTTP fallback response, read one at a time under the deadlines of the socket
 * path: the first event within `firstEventTimeoutMs` of the POST (the wait for the response
 * headers included), each later one within `eventTimeoutMs` of the read that waits for it (a
 * consumer that is behind does not read, and is not waiting for the server). The reads share one
 * timer. A deadline, the call's abort, `provider.close()` and a cancel stop the response alike:
 * the fetch is aborted and the body cancelled, which ends a pending read and closes the
 * connection, whatever `fetch` the provider was given.
 */
export class HttpEvents {
  /** Why the response was stopped, once it was. */
  stopped: Stop | undefined;
  private readonly controller = new AbortController();
  private readonly deadline = new SerialDeadline(() => this.stop('timeout'));
  private readonly abortLink: Deadline;
  private readonly unregister: () => void;
  private reader: ReadableStreamDefaultReader<unknown> | undefined;
  /** Events read before the first output, handed out again first. */
  private putBackEvents: Record<string, unknown>[] = [];
  private sawEvent = false;

  constructor(private readonly args: HttpEventsArgs) {
    const { signal } = args;
    this.abortLink = armDeadline({ ms: undefined, signal, onTimeout: () => this.stop('aborted') });
    this.unregister = args.calls.add(() => this.stop('closed'));
    if (signal?.aborted) this.stop('aborted');
  }

  /**
   * Makes the request, which `post` aborts on `signal`; the first event's deadline starts now. A
   * stop ends the wait for the answer even when `fetch` ignores its signal (a wrapper that drops
   * it): the call does not wait for an answer that may never come, and one that comes later has
   * its body cancelled at once.
   */
  async open(post: (signal: AbortSignal) => Promise<HttpEventStream>): Promise<HttpEventStream> {
    this.deadline.wait(this.args.firstEventTimeoutMs);
    const posting = post(this.controller.signal);
    try {
      const opened = await Promise.race([posting, this.whenStopped()]);
      this.reader = opened.events.getReader();
      // Answered and stopped in the same turn: the body goes at once.
      if (this.stopped) this.reader.cancel().catch(() => {});
      return opened;
    } catch (error) {
      this.close();
      if (this.stopped) {
        posting.then(
          (late) => late.events.cancel().catch(() => {}),
          () => {},
        );
      }
      throw error;
    }
  }

  /** Rejects once the response is stopped (the controller aborted). */
  private whenStopped(): Promise<never> {
    const { signal } = this.controller;
    return new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
  }

  /** The next event, or how the events ended (a stop included). */
  async next(): Promise<HttpRead> {
    const event = this.putBackEvents.shift();
    if (event) return { kind: 'event', event };
    const reader = this.reader;
    if (this.stopped || !reader) return this.ending();
    // The first event's deadline runs from the POST; each later one's from this read.
    if (this.sawEvent) this.deadline.wait(this.args.eventTimeoutMs);
    let read: ReadableStreamReadResult<unknown>;
    try {
      read = await reader.read();
    } catch (error) {
      if (this.stopped) return this.ending();
      this.close();
      return { kind: 'failed', error };
    }
    if (this.stopped) return this.ending();
    if (read.done) {
      this.close();
      return { kind: 'end' };
    }
    this.deadline.settle();
    this.sawEvent = true;
    return { kind: 'event', event: read.value as Record<string, unknown> };
  }

  /** Puts the events read before the first output back in front, in order. */
  putBack(events: Record<string, unknown>[]): void {
    this.putBackEvents = events;
  }

  /** Stops the response: the fetch is aborted, the body cancelled; a pending read ends. */
  stop(why: Stop): void {
    if (this.stopped) return;
    this.stopped = why;
    this.close();
    const reason = why === 'aborted' ? this.args.signal?.reason : new Error(`stopped: ${why}`);
    this.controller.abort(reason);
    this.reader?.cancel(reason).catch(() => {});
  }

  /**
   * The turn is over (its terminal event came, or it settled as failed): what `close` does, and
   * the body is cancelled. Nothing of a response follows its terminal event, and a server or
   * gateway that keeps the event stream open past it would otherwise keep the request and its
   * connection open for good, with nobody to read or cancel it. A body that has ended is not
   * touched by the cancel.
   */
  finish(): void {
    this.close();
    this.reader?.cancel().catch(() => {});
  }

  /** The reads are over: the timer, the abort listener and the registration go (idempotent). */
  close(): void {
    this.deadline.close();
    this.abortLink.cancel();
    this.unregister();
  }

  private ending(): BreakOff {
    if (this.stopped === 'timeout') return { kind: 'timeout' };
    if (this.stopped === 'aborted') return { kind: 'failed', error: this.args.signal?.reason };
    if (this.stopped === 'closed') return { kind: 'closed' };
    return { kind: 'end' };
  }
}
