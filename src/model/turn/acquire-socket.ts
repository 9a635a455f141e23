import type { Lease } from '../../pool/lease';
import type { QueuePlace } from '../../pool/wait-queue';
import { delay } from '../../util/deadline';
import { isRetryableUpgrade } from './transport-errors';
import type { TurnCall } from './turn-call';

/** Upgrade attempts before giving up on the socket (403 / 5xx / timeouts). */
const MAX_CONNECT_ATTEMPTS = 3;
/**
 * Largest incoming message a socket accepts: `response.completed` repeats every output item,
 * base64 images of image generation included, so one event can be hundreds of MiB. 512 MiB is
 * the limit `@ai-sdk/openai` gives a Responses event over SSE (about the longest V8 string).
 */
const MAX_PAYLOAD_BYTES = 512 * 1024 * 1024;

/**
 * A socket and lane for the call from the pool, preferring the lane that holds the call's chain
 * head; transient upgrade failures are retried with backoff (100 ms, then 400 ms).
 */
export async function acquireSocket(
  call: TurnCall,
  {
    freshSince,
    avoid,
    place,
    mayOpen,
  }: {
    freshSince: number | undefined;
    avoid: ReadonlySet<number>;
    place: QueuePlace;
    mayOpen: boolean;
  },
): Promise<Lease> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call.config.pool.acquire({
        scope: call.scope,
        url: call.config.urls.webSocket,
        headers: () => call.headers,
        webSocket: call.config.webSocket,
        preferHeadId: call.head?.responseId,
        avoid,
        freshSince,
        place,
        mayOpen,
        signal: call.signal,
        // A close() during the backoff (or while the call prepared) fails the next attempt.
        generation: call.poolGeneration,
        sliceKey: call.sliceKey,
        maxPayload: MAX_PAYLOAD_BYTES,
      });
    } catch (error) {
      if (!isRetryableUpgrade(error) || attempt >= MAX_CONNECT_ATTEMPTS || call.signal?.aborted)
        throw error;
      await delay(100 * 4 ** (attempt - 1), call.signal);
    }
  }
}
