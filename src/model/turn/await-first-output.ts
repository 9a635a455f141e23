import { readFailedResponseError, readServerError, type ServerError } from '../events/server-error';
import type { EventQueue } from './event-queue';

/**
 * How long to keep peeking for an error once the server accepted the request
 * (`response.in_progress`): errors such as `insufficient_quota` arrive right behind it, while a
 * healthy stream should not wait for its first token.
 */
const ACCEPTED_GRACE_MS = 50;

export type FirstOutput =
  /** Output is coming; `buffered` holds the events read so far (none of them output). */
  | { kind: 'ready'; buffered: Record<string, unknown>[] }
  /** The server reported an error before any output. */
  | { kind: 'server-error'; error: ServerError }
  /** The socket failed before any output. */
  | { kind: 'failed'; error: unknown }
  /** No event at all within the deadline. */
  | { kind: 'timeout' };

/** Events that carry no output: `@ai-sdk/openai` raises errors that come before anything else. */
function isOutputEvent(type: unknown): boolean {
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
 */
export async function awaitFirstOutput(
  queue: EventQueue,
  { firstEventTimeoutMs, eventTimeoutMs }: { firstEventTimeoutMs: number; eventTimeoutMs: number },
): Promise<FirstOutput> {
  const buffered: Record<string, unknown>[] = [];
  let accepted = false;
  for (;;) {
    const deadline =
      buffered.length === 0 ? firstEventTimeoutMs : accepted ? ACCEPTED_GRACE_MS : eventTimeoutMs;
    const next = await queue.next(deadline);
    if (next.kind === 'timeout') {
      return buffered.length === 0 ? { kind: 'timeout' } : { kind: 'ready', buffered };
    }
    if (next.kind === 'failed') return { kind: 'failed', error: next.error };
    const { event } = next;
    const error = readServerError(event) ?? readFailedResponseError(event);
    if (error) return { kind: 'server-error', error };
    buffered.push(event);
    if (isOutputEvent(event.type)) return { kind: 'ready', buffered };
    if (event.type === 'response.in_progress') accepted = true;
  }
}
