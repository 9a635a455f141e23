import { APICallError, TypeValidationError } from '@ai-sdk/provider';
import { asObject } from '../../util/as-object';

/** Where an error happened: the request's URL and body, the response's headers. */
export type ErrorContext = {
  url: string;
  requestBodyValues: unknown;
  responseHeaders?: Record<string, string>;
};

/** An error reported by the server inside the event stream (an `error` event or a failed response). */
export type ServerError = {
  code: string | null;
  message: string;
  type: string | null;
  param: string | null;
  /** HTTP-like status when the server sent one (request errors over WebSocket carry it). */
  status: number | undefined;
  /**
   * Headers an error frame carries (names in lower case), e.g. `retry-after` / `retry-after-ms`
   * on a rate limit: they become the APICallError's `responseHeaders`, which the AI SDK's retry
   * reads to wait what the server asked.
   */
  headers?: Record<string, string>;
  /** The event the error was read from; becomes the APICallError's responseBody. */
  raw?: unknown;
};

function stringOrNull(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function messageOf(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.length > 0 ? value : fallback;
}

/**
 * Reads an `error` event in either shape:
 * `{ type: 'error', status, error: { type, code, message, param } }` (request/protocol errors) or
 * `{ type: 'error', code, message, param, sequence_number }` (mid-stream errors).
 * Never requires `sequence_number`: WebSocket error frames often lack it.
 * `undefined` when the event is not an error event.
 */
export function readServerError(event: unknown): ServerError | undefined {
  const value = asObject(event);
  if (value?.type !== 'error') return undefined;

  const nested = asObject(value.error);
  const source = nested ?? value;
  const code = stringOrNull(source.code);
  return {
    code,
    message: messageOf(source.message, code ?? 'OpenAI server error'),
    // In the flat shape `type` is the event type ('error'), not an error type.
    type: nested != null ? stringOrNull(nested.type) : null,
    param: stringOrNull(source.param),
    status: typeof value.status === 'number' ? value.status : undefined,
    headers: headersOf(value.headers),
    raw: event,
  };
}

function headersOf(value: unknown): Record<string, string> | undefined {
  const object = asObject(value);
  if (!object) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(object)) {
    if (typeof header === 'string' || typeof header === 'number') {
      headers[name.toLowerCase()] = String(header);
    }
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/**
 * Reads the error of a `response.failed` event (`response.error`). `undefined` when the event is
 * not a failed response or carries no error (a failed response with only incomplete details).
 */
export function readFailedResponseError(event: unknown): ServerError | undefined {
  const value = asObject(event);
  if (value?.type !== 'response.failed') return undefined;
  const error = asObject(asObject(value.response)?.error);
  if (error == null) return undefined;
  const code = stringOrNull(error.code);
  return {
    code,
    message: messageOf(error.message, code ?? 'OpenAI response failed'),
    type: stringOrNull(error.type),
    param: stringOrNull(error.param),
    status: undefined,
    raw: event,
  };
}

function isHttpErrorStatus(value: number): boolean {
  return Number.isInteger(value) && value >= 400 && value <= 599;
}

/**
 * The status `@ai-sdk/openai` assigns to a stream error without an explicit one: a 3-digit code
 * is taken as is, otherwise the code and type are matched against well-known words.
 */
export function statusCodeOf(error: ServerError): number {
  if (error.status !== undefined && isHttpErrorStatus(error.status)) return error.status;
  if (error.code != null && /^\d{3}$/.test(error.code) && isHttpErrorStatus(Number(error.code))) {
    return Number(error.code);
  }

  const words = [error.code, error.type]
    .filter((value) => value != null)
    .join(' ')
    .toLowerCase();
  if (words.includes('insufficient_quota') || words.includes('rate_limit')) return 429;
  if (words.includes('authentication')) return 401;
  if (words.includes('permission')) return 403;
  if (words.includes('not_found')) return 404;
  if (['invalid', 'bad_request', 'context_length'].some((word) => words.includes(word))) return 400;
  if (words.includes('overload')) return 503;
  if (words.includes('timeout')) return 504;
  return 500;
}

/** Retrying cannot fix an exhausted quota, although the server reports it as a 429. */
function isRetryableServerError(error: ServerError, statusCode: number): boolean {
  if (error.code === 'insufficient_quota' || error.type === 'insufficient_quota') return false;
  return statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500;
}

/**
 * An APICallError like `@ai-sdk/openai` raises for the same failure: `data` is the error frame
 * (the `error` event or the failed response's event, as the server sent it) and `responseBody`
 * its JSON, as there. Request headers are never included.
 */
export function toAPICallError(error: ServerError, context: ErrorContext): APICallError {
  const statusCode = statusCodeOf(error);
  const frame = error.raw ?? {
    type: 'error',
    error: { message: error.message, type: error.type, param: error.param, code: error.code },
  };
  return new APICallError({
    message: error.message,
    url: context.url,
    requestBodyValues: context.requestBodyValues,
    statusCode,
    responseHeaders: context.responseHeaders ?? error.headers,
    responseBody: JSON.stringify(frame),
    data: frame,
    isRetryable: isRetryableServerError(error, statusCode),
  });
}

/**
 * The error for an event without a type, which no Responses event lacks. A Chat Completions chunk
 * (a base URL that serves Chat Completions, e.g. a gateway) gets the error `@ai-sdk/openai` gives
 * it, which says what to use instead; anything else fails validation.
 */
export function untypedEventError(event: unknown, context: ErrorContext): Error {
  const chunk = asObject(event);
  if (chunk === undefined || !Array.isArray(chunk.choices)) {
    return new TypeValidationError({ value: event, cause: new Error('The event has no type.') });
  }
  return new APICallError({
    message:
      'Received a Chat Completions stream while using the OpenAI Responses API. ' +
      "The default OpenAI provider model uses the Responses API. If your custom baseURL targets a Chat Completions-compatible endpoint, use openai.chat('model-id') or createOpenAI(...).chat('model-id') instead. " +
      'You can also use @ai-sdk/openai-compatible for OpenAI-compatible providers.',
    ...context,
    responseBody: JSON.stringify(event),
    data: event,
    isRetryable: false,
  });
}
