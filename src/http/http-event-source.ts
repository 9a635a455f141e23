import {
  createEventSourceResponseHandler,
  type FetchFunction,
  postJsonToApi,
} from '@ai-sdk/provider-utils';
import { z } from 'zod';
import type { JsonObject } from '../types';
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
}): Promise<HttpEventStream> {
  const requestBytes = new TextEncoder().encode(JSON.stringify(args.body)).byteLength;
  const { responseHeaders, value } = await postJsonToApi({
    url: args.url,
    headers: args.headers,
    body: args.body,
    failedResponseHandler: openaiFailedResponseHandler,
    successfulResponseHandler: createEventSourceResponseHandler(anyEvent),
    abortSignal: args.abortSignal,
    fetch: args.fetch as FetchFunction | undefined,
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
