import { openHttpEventStream } from '../../http/http-event-source';
import type { CallOptions, StreamResult } from '../../types';
import { recordHead } from '../chain/record-head';
import { recordNotCompleted } from '../chain/record-not-completed';
import { withTelemetryView } from '../request/telemetry-view';
import type { UseHttp } from './open-turn';
import { type PartConverter, streamEvents } from './stream-events';
import type { TurnCall } from './turn-call';

/**
 * The HTTP streaming fallback (transport 'auto' when the socket cannot carry the call): the same
 * request with full input, through the same event mapper. The finish metadata says why
 * (`reason`) and what made the socket unusable (`fallbackCause`). A stored response still
 * becomes a chain head, so the conversation's next call can continue it over a socket from the
 * store.
 */
export async function streamOverHttp<T>(
  call: TurnCall,
  options: CallOptions,
  fallback: UseHttp,
  convert: PartConverter<T> | undefined,
): Promise<StreamResult<T>> {
  const { config, request } = call;
  const url = config.urls.http;
  const body = withTelemetryView({ ...request.settings, input: request.input, stream: true });
  const { events, responseHeaders, requestBytes } = await openHttpEventStream({
    url,
    headers: call.httpHeaders,
    body,
    fetch: config.fetch,
    abortSignal: call.signal,
  });
  const reader = events.getReader();
  const stream = streamEvents({
    convert,
    source: {
      kind: 'pull',
      next: async () => {
        try {
          const { done, value } = await reader.read();
          return done
            ? { kind: 'end' }
            : { kind: 'event', event: value as Record<string, unknown> };
        } catch (error) {
          return { kind: 'failed', error };
        }
      },
      stop: () => {
        reader.cancel().catch(() => {});
      },
    },
    includeRawChunks: options.includeRawChunks ?? false,
    tools: options.tools,
    ...call.mapping,
    requestBody: body,
    warnings: request.warnings,
    metadata: {
      transport: 'http',
      inputMode: 'full',
      reason: fallback.reason,
      fallbackCause: describeCause(fallback.cause),
      socketReused: false,
      requestBytes,
      retries: fallback.retries,
      lane: null,
    },
    providerOptionsName: config.providerOptionsName,
    signal: call.signal,
    url,
    settle: async ({ terminalType, parts, failed, digestPart }) => {
      const name = config.providerOptionsName;
      if (failed) recordNotCompleted(config.heads, call.scope, parts, terminalType, name);
      else if (request.store) {
        await recordHead(config.heads, call, {
          parts,
          connectionId: -1,
          continued: undefined,
          digestPart,
        });
      }
    },
  });
  return { stream, request: { body }, response: { headers: responseHeaders } };
}

/** The cause's own message: socket and pool errors never carry headers or keys. */
function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
