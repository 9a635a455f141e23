import { APICallError } from '@ai-sdk/provider';
import { ConnectionError } from '../../pool/connection';
import type { CallOptions, StreamPart, Warning, WebSocketCallMetadata } from '../../types';
import { ResponseEventMapper } from '../events/map-events';
import type { QueueResult } from './event-queue';

/** Where the events of one response come from: a socket's queue or an HTTP body. */
export type EventSource = {
  next(): Promise<QueueResult | { kind: 'end' }>;
  /** Stop the response (abort / cancel): close what carries it. */
  stop(reason: string): void;
};

export type StreamEventsArgs = {
  /** Events already read (while waiting for the first output), handled before the source. */
  buffered: Record<string, unknown>[];
  source: EventSource;
  /** Mapper options of the call: raw chunks on request, and its tools (for provider tool names). */
  includeRawChunks: boolean;
  tools: CallOptions['tools'];
  requestBody: unknown;
  warnings: Warning[];
  metadata: WebSocketCallMetadata;
  providerOptionsName: string;
  signal: AbortSignal | undefined;
  url: string;
  /**
   * The response ended. Called BEFORE the finish part is handed on, so that the chain head is
   * recorded and the socket is free by the time the caller can make its next call.
   * `terminalType` is the terminal event's type, or undefined when the stream broke off.
   */
  settle(outcome: {
    terminalType: string | undefined;
    parts: StreamPart[];
    failed: boolean;
  }): Promise<void>;
};

/** Maps a response's events to stream parts through the one event mapper, for either transport. */
export function streamEvents(args: StreamEventsArgs): ReadableStream<StreamPart> {
  const { source, metadata, providerOptionsName } = args;
  const mapper = new ResponseEventMapper({
    providerOptionsName,
    includeRawChunks: args.includeRawChunks,
    tools: args.tools,
    url: args.url,
    requestBodyValues: args.requestBody,
  });
  const parts: StreamPart[] = [];
  const pending = [...args.buffered];
  let settled = false;
  let sawError = false;

  const settle = async (terminalType: string | undefined, failed: boolean) => {
    if (settled) return;
    settled = true;
    await args.settle({ terminalType, parts, failed });
  };

  const withMetadata = (part: StreamPart): StreamPart => {
    if (part.type !== 'finish') return part;
    const own = part.providerMetadata?.[providerOptionsName] ?? {};
    return {
      ...part,
      providerMetadata: {
        ...part.providerMetadata,
        [providerOptionsName]: { ...own, websocket: metadata },
      },
    };
  };

  return new ReadableStream<StreamPart>({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: args.warnings });
    },
    // A pull must enqueue or close: a pull that returns empty-handed is not called again.
    async pull(controller) {
      for (;;) {
        if (await step(controller)) return;
      }
    },
    async cancel() {
      if (!settled) {
        source.stop('stream cancelled');
        await settle(undefined, true);
      }
    },
  });

  /** Handles one event; true once something was enqueued or the stream ended. */
  async function step(controller: ReadableStreamDefaultController<StreamPart>): Promise<boolean> {
    const buffered = pending.shift();
    const next = buffered ? { kind: 'event' as const, event: buffered } : await source.next();

    if (next.kind === 'event') {
      const mapped = mapper.map(next.event);
      if (next.event.type === 'error') sawError = true;
      parts.push(...mapped);
      if (mapper.finished) {
        const type = typeof next.event.type === 'string' ? next.event.type : undefined;
        // After an error event the turn is over; a late terminal event may still follow, so
        // the socket is not reused (settle with failed).
        const failed = sawError || type !== 'response.completed';
        const tail = failed && type === 'error' ? mapper.end() : [];
        parts.push(...tail);
        await settle(type, failed);
        for (const part of [...mapped, ...tail]) controller.enqueue(withMetadata(part));
        controller.close();
        return true;
      }
      for (const part of mapped) controller.enqueue(part);
      return mapped.length > 0;
    }

    if (args.signal?.aborted) {
      await settle(undefined, true);
      controller.error(args.signal.reason);
      return true;
    }
    // The transport broke off (socket closed, HTTP body ended) before a terminal event.
    const error =
      next.kind === 'end'
        ? undefined
        : new APICallError({
            message:
              next.kind === 'timeout'
                ? 'OpenAI stopped sending events mid-response.'
                : `The connection to OpenAI broke off mid-response: ${describe(next.error)}`,
            url: args.url,
            requestBodyValues: undefined,
            cause: next.kind === 'failed' ? next.error : undefined,
            // Our own close (provider.close()) is final; a dropped connection is worth a retry.
            isRetryable: !(next.kind === 'failed' && isOwnClose(next.error)),
          });
    const tail = [...(error ? [{ type: 'error' as const, error }] : []), ...mapper.end()];
    parts.push(...tail);
    await settle(undefined, true);
    for (const part of tail) controller.enqueue(withMetadata(part));
    controller.close();
    return true;
  }
}

function isOwnClose(error: unknown): boolean {
  return error instanceof ConnectionError && error.failure.kind === 'closed-by-client';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
