import { readFailedResponseError, readServerError, type ServerError } from '../events/server-error';
import type { EventQueue } from './event-queue';

export type FirstOutput =
  /** Output is coming; `buffered` holds the events read so far (none of them output). */
  | { kind: 'ready'; buffered: Record<string, unknown>[] }
  /** The server reported an error before any output. */
  | { kind: 'server-error'; error: ServerError }
  /** The socket failed before any output. */
  | { kind: 'failed'; error: unknown }
  /** No event at all within the deadline. */
  | { kind: 'timeout' }
  /** The server accepted the request, then sent nothing for `eventTimeoutMs`, and no output. */
  | { kind: 'silent' };

/** Events that carry no output: `@ai-sdk/openai` raises errors that come before anything else. */
export function isOutputEvent(type: unknown): boolean {
  return !(
    type === 'response.created' ||
    type === 'response.in_progress' ||
    type === 'response.failed' ||
    type === 'error'
  );
}

/**
 * Reads a response's events until its first output event, so that an error reported before any
 * output becomes a thrown APICallError (retryable where it should be, as with @ai-sdk/openai's
 * HTTP path) and a socket that dies before any output can be replaced transparently.
 *
 * The wait after `response.in_progress` has the deadline of any gap between events. It once
 * stopped after a short grace instead, so that the stream started before its first token; but
 * that timer was cancelled a millisecond later by the first output in almost every call, and a
 * cancelled timer still wakes the process when it would have fired (Node keeps libuv's timer
 * armed): one idle wake-up per call, about 4 % of a tool step's CPU. Without it, an error that
 * follows the acceptance is thrown however late it comes, as long as no output came first.
 *
 * Silence after the acceptance ends the wait too (`silent`), measured from the last event: it is
 * a failure before output like any other, thrown by the turn. It once counted as output coming,
 * and the stream's silence deadline then started a second `eventTimeoutMs` from there.
 */
export async function awaitFirstOutput(
  queue: EventQueue,
  { firstEventTimeoutMs, eventTimeoutMs }: { firstEventTimeoutMs: number; eventTimeoutMs: number },
): Promise<FirstOutput> {
  const buffered: Record<string, unknown>[] = [];
  for (;;) {
    const next = await queue.next(buffered.length === 0 ? firstEventTimeoutMs : eventTimeoutMs);
    if (next.kind === 'timeout') {
      return buffered.length === 0 ? { kind: 'timeout' } : { kind: 'silent' };
    }
    if (next.kind === 'failed') return { kind: 'failed', error: next.error };
    const { event } = next;
    const error = readServerError(event) ?? readFailedResponseError(event);
    if (error) return { kind: 'server-error', error };
    buffered.push(event);
    if (isOutputEvent(event.type)) return { kind: 'ready', buffered };
  }
}
