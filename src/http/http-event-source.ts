import { APICallError } from '@ai-sdk/provider';
import {
  createEventSourceResponseHandler,
  extractResponseHeaders,
  type FetchFunction,
  postJsonToApi,
} from '@ai-sdk/provider-utils';
import { z } from 'zod';
import type { JsonObject } from '../types';
import { limitEventSize } from './event-size-limit';
import { openaiFailedResponseHandler } from './openai-error-handler';

export type HttpEventStream = {
  /** The parsed server events, in order; the same objects a WebSocket delivers. */
  events: ReadableStream<unknown>;
  responseHeaders: Record<string, string>;
  /** Bytes of the JSON body sent. */
  requestBytes: number;
};

// Events are checked by the event mapper, not here: any JSON value passes.
const anyEvent = z.unknown();

/** What `@ai-sdk/openai` accepts: `response.completed` repeats every generated image. */
const MAX_EVENT_BYTES = 512 * 1024 * 1024;

/**
 * The HTTP streaming fallback: POSTs the Responses body (which already has `stream: true`) and
 * yields the server events. A non-2xx status throws the APICallError @ai-sdk/openai throws.
 * A line of the stream that is not JSON errors the events stream (the response cannot be
 * trusted past it). Aborting the signal errors the stream with the abort reason.
 */
export async function openHttpEventStream(args: {
  url: string;
  headers: Record<string, string | undefined>;
  body: JsonObject;
  fetch?: typeof fetch;
  abortSignal?: AbortSignal;
  /** Longest server-sent event accepted (default 512 MiB); a longer one errors the events. */
  maxEventBytes?: number;
}): Promise<HttpEventStream> {
  const maxEventBytes = args.maxEventBytes ?? MAX_EVENT_BYTES;
  const requestBytes = new TextEncoder().encode(JSON.stringify(args.body)).byteLength;
  const { responseHeaders, value } = await postJsonToApi({
    url: args.url,
    headers: args.headers,
    body: args.body,
    failedResponseHandler: openaiFailedResponseHandler,
    successfulResponseHandler: async (options) => {
      await refuseOtherBodies(options);
      return eventsHandler({
        ...options,
        response: withLimitedEvents(options.response, maxEventBytes),
      });
    },
    abortSignal: args.abortSignal,
    fetch: refusingRedirects(args.fetch ?? globalThis.fetch, args.body),
  });

  const events = value.pipeThrough(
    new TransformStream<
      | { success: true; value: unknown; rawValue: unknown }
      | { success: false; error: unknown; rawValue: unknown },
      unknown
    >({
      transform(chunk, controller) {
        if (chunk.success) controller.enqueue(chunk.value);
        else controller.error(chunk.error);
      },
    }),
  );
  return { events, responseHeaders: responseHeaders ?? {}, requestBytes };
}

const eventsHandler = createEventSourceResponseHandler(anyEvent);

/** How much of a body that is not an event stream the error keeps as `responseBody`. */
const MAX_REFUSED_BODY_CHARS = 64 * 1024;

/**
 * A 2xx whose body says it is not an event stream (the HTML page of a proxy or captive portal,
 * the JSON of a gateway that ignores `stream: true`): read as one, it holds no event, and the
 * call would end empty without an error. It fails instead, non-retryable, with the body's start.
 * A body without a content type is read as events.
 */
async function refuseOtherBodies(options: {
  url: string;
  requestBodyValues: unknown;
  response: Response;
}): Promise<void> {
  const { url, requestBodyValues, response } = options;
  const type = response.headers.get('content-type');
  if (type === null || /text\/event-stream/i.test(type)) return;
  throw new APICallError({
    message: `The HTTP fallback expected an event stream (text/event-stream) and got a ${response.status} response of type ${type}.`,
    url,
    requestBodyValues,
    statusCode: response.status,
    responseHeaders: extractResponseHeaders(response),
    responseBody: await startOf(response.body),
    isRetryable: false,
  });
}

/** The first `MAX_REFUSED_BODY_CHARS` characters of a body; the rest is not read. */
async function startOf(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < MAX_REFUSED_BODY_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // What came before the failure is what the error can show.
  } finally {
    reader.cancel().catch(() => {});
  }
  return text.slice(0, MAX_REFUSED_BODY_CHARS);
}

function withLimitedEvents(response: Response, maxEventBytes: number): Response {
  if (response.body == null) return response;
  return new Response(limitEventSize(response.body, maxEventBytes), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * fetch that never follows a redirect: the request carries the prompt and the API key, and a
 * followed 307/308 would send both to wherever the answer points. A redirect becomes a clear,
 * non-retryable APICallError instead (in browsers an opaque redirect, whose target is hidden).
 */
function refusingRedirects(fetchFunction: typeof fetch, body: JsonObject): FetchFunction {
  return async (input, init) => {
    const response = await fetchFunction(input, { ...init, redirect: 'manual' });
    const redirected =
      response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
    if (!redirected) return response;
    const location = response.headers.get('location');
    const headers = extractResponseHeaders(response);
    await response.body?.cancel().catch(() => {});
    throw new APICallError({
      message: `The HTTP fallback was answered with a redirect (${response.status || 'opaque'}${location ? ` to ${location}` : ''}); it is not followed, because the request carries the prompt and the API key. Set baseURL to the final address.`,
      url: String(input),
      requestBodyValues: body,
      statusCode: response.status || undefined,
      responseHeaders: headers,
      isRetryable: false,
    });
  };
}
