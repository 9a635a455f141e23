import { AISDKError, APICallError } from '@ai-sdk/provider';
import { openaiErrorSchema } from '../../http/openai-error-handler';
import { ConnectionError } from '../../pool/connection-error';
import { PoolError } from '../../pool/wait-queue';

type Context = { url: string; requestBodyValues: unknown };

/** Statuses at the upgrade worth another try: transient under many concurrent sockets. */
export function isRetryableUpgrade(error: unknown): boolean {
  if (!(error instanceof ConnectionError)) return false;
  const { failure } = error;
  if (failure.kind === 'rejected')
    return failure.status === 403 || failure.status === 429 || failure.status >= 500;
  return (
    failure.kind === 'connect-timeout' || failure.kind === 'error' || failure.kind === 'closed'
  );
}

/**
 * Upgrade statuses that say this server offers no WebSocket mode at this URL: 426, and the 404 or
 * 405 of a gateway or proxy that answers the upgrade as a plain GET of the path (the Upgrade
 * header unknown to it, or stripped on the way). Retrying cannot help.
 */
const NO_WEBSOCKET_HERE = new Set([404, 405, 426]);

/**
 * An upgrade refused with a 4xx that neither names the key as wrong (401) nor is worth another try:
 * no WebSocket mode here (426, 404, 405), or a rule of the socket's own (a proxy's 407, a gateway's
 * 400 for an upgrade it does not take). A POST may be served where the upgrade was not, so with
 * transport 'auto' the call goes over HTTP at once, and gets what `@ai-sdk/openai` would get.
 */
export function isRefusedForSockets(error: unknown): boolean {
  if (!(error instanceof ConnectionError) || error.failure.kind !== 'rejected') return false;
  const { status } = error.failure;
  return status >= 400 && status < 500 && status !== 401 && !isRetryableUpgrade(error);
}

/** A clear, typed error for a socket-level failure. Never contains headers (API keys). */
export function toTransportError(error: unknown, context: Context): unknown {
  if (error instanceof APICallError) return error;
  if (error instanceof PoolError) {
    return new APICallError({
      message: error.message,
      ...context,
      cause: error,
      isRetryable: error.kind === 'queue-timeout',
    });
  }
  if (!(error instanceof ConnectionError)) {
    // Typed errors pass; anything else (a plain Error from a socket constructor, say) becomes the
    // documented APICallError, with the original kept as its cause.
    if (AISDKError.isInstance(error)) return error;
    return new APICallError({
      message: error instanceof Error ? error.message : `OpenAI WebSocket call failed: ${error}`,
      ...context,
      cause: error,
      isRetryable: false,
    });
  }
  const { failure } = error;
  if (failure.kind === 'rejected') {
    const status = failure.status;
    const parsed = parseErrorBody(failure.body);
    const fallback =
      status === 401
        ? 'OpenAI WebSocket authentication failed (HTTP 401 at the upgrade): check the API key (apiKey setting or OPENAI_API_KEY).'
        : status === 403
          ? 'OpenAI WebSocket upgrade forbidden (HTTP 403): the key may lack access to this model or project, or the server is shedding load.'
          : NO_WEBSOCKET_HERE.has(status)
            ? `The server refused the WebSocket upgrade (HTTP ${status}): it offers no WebSocket mode at this URL; use transport "auto" to fall back to HTTP.`
            : `OpenAI WebSocket upgrade failed with HTTP ${status}.`;
    return new APICallError({
      // As @ai-sdk/openai words a refused POST: the server's own message ("Incorrect API key
      // provided: sk-…abcd …", masked by the server). Without one (no body, not OpenAI's JSON
      // error) ours says more than the status text @ai-sdk/openai would give; a 426 always needs
      // ours, which names the fix.
      message: status !== 426 && parsed ? parsed.error.message : fallback,
      ...context,
      statusCode: status,
      // As @ai-sdk/openai reports a refused POST's: the request id, and retry-after to wait.
      responseHeaders: failure.headers,
      responseBody: failure.body,
      data: parsed,
      cause: error,
      isRetryable:
        status !== 401 &&
        !NO_WEBSOCKET_HERE.has(status) &&
        (status === 403 || status === 429 || status >= 500),
    });
  }
  if (failure.kind === 'closed-by-client') {
    return new APICallError({
      message: `The call was stopped because its WebSocket was closed by this client (${failure.reason}), e.g. by provider.close().`,
      ...context,
      cause: error,
      isRetryable: false,
    });
  }
  return new APICallError({
    message: `OpenAI WebSocket transport failed: ${error.message}.`,
    ...context,
    cause: error,
    isRetryable: true,
  });
}

/**
 * A refusal's body read as @ai-sdk/openai reads a refused POST's: OpenAI's JSON error, with the
 * fields its schema keeps, or undefined (empty, not JSON, another shape).
 */
function parseErrorBody(body: string | undefined) {
  if (!body?.trim()) return undefined;
  try {
    const result = openaiErrorSchema.safeParse(JSON.parse(body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** No event at all within `pool.firstEventTimeoutMs` (over a socket, after the last resend). */
export function firstEventTimeoutError(timeoutMs: number, context: Context): APICallError {
  return new APICallError({
    message: `OpenAI sent no event within ${timeoutMs} ms (pool.firstEventTimeoutMs).`,
    ...context,
    isRetryable: true,
  });
}

/**
 * The server accepted the request, then sent nothing for `pool.eventTimeoutMs` before any output:
 * thrown, as any failure before output, and retryable (the AI SDK's maxRetries decides).
 */
export function silenceBeforeOutputError(timeoutMs: number, context: Context): APICallError {
  return new APICallError({
    message: `OpenAI stopped sending events before any output: nothing for ${timeoutMs} ms after it accepted the request (pool.eventTimeoutMs).`,
    ...context,
    isRetryable: true,
  });
}

/** `provider.close()` stopped a call over HTTP before any output: final, as on a socket. */
export function closedByProviderError(context: Context): APICallError {
  return new APICallError({
    message: 'The call was stopped because provider.close() closed its HTTP connection.',
    ...context,
    isRetryable: false,
  });
}
