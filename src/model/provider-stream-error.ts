import { APICallError } from '@ai-sdk/provider';
import { asObject } from '../util/as-object';

/** The mark ai@7 looks for on an error part's error (`@ai-sdk/provider-utils`' own symbol). */
const PROVIDER_STREAM_ERROR = Symbol.for('vercel.ai.providerStreamError');

/**
 * An error part's error as an ai@7 provider reports a server error after output began: a plain
 * payload with the server's message, type and code, the status and retryability, the frame as
 * `data`, and the mark that makes ai@7 raise it as its `StreamProviderError`, the class
 * `@ai-sdk/openai` 4 errors come as. The model reports such an error as an `APICallError` whose
 * `data` is the error frame (server-error.ts), which the older specs pass on as it is; any other
 * error (a broken socket, an event that fails its schema) is returned unchanged.
 */
export function asProviderStreamError(error: unknown): unknown {
  if (!APICallError.isInstance(error)) return error;
  const frame = asObject(error.data);
  const details = frame && frameDetails(frame);
  if (details === undefined) return error;
  const payload = {
    message: error.message,
    type: details.type,
    code: details.code,
    statusCode: error.statusCode,
    isRetryable: error.isRetryable,
    data: details.data,
  };
  Object.defineProperty(payload, PROVIDER_STREAM_ERROR, { value: true });
  return payload;
}

type FrameDetails = { type: string | undefined; code: string | number | undefined; data: unknown };

/** What `@ai-sdk/openai` reads from an error frame; undefined when it is none. */
function frameDetails(frame: Record<string, unknown>): FrameDetails | undefined {
  if (frame.type === 'response.failed') {
    const response = asObject(frame.response);
    const error = asObject(response?.error);
    if (error === undefined) return undefined;
    return {
      type: 'response.failed',
      code: codeOf(error.code),
      // The failure without the response's output, as @ai-sdk/openai passes it on.
      data: {
        type: frame.type,
        sequence_number: frame.sequence_number,
        response: {
          error: response?.error,
          incomplete_details: response?.incomplete_details,
          service_tier: response?.service_tier,
        },
      },
    };
  }
  if (frame.type !== 'error') return undefined;
  // `{ type: 'error', error: { type, code, message } }` or the flat `{ type: 'error', code, … }`.
  const error = asObject(frame.error) ?? frame;
  return {
    type: typeof error.type === 'string' ? error.type : undefined,
    code: codeOf(error.code),
    data: frame,
  };
}

function codeOf(value: unknown): string | number | undefined {
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}
