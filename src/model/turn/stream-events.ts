import { APICallError } from '@ai-sdk/provider';
import { ConnectionError } from '../../pool/connection';
import type { CallOptions, StreamPart, Warning, WebSocketCallMetadata } from '../../types';
import { generateParts } from '../events/generate-parts';
import { ResponseEventMapper, type ResponseEventMapperOptions } from '../events/map-events';
import type { QueueResult } from './event-queue';

/** Where the events of one response come from: a socket's queue or an HTTP body. */
type EventSource = {
  next(): Promise<QueueResult | { kind: 'end' }>;
  /** Stop the response (abort / cancel): close what carries it. */
  stop(reason: string): void;
};

type Settle = (outcome: {
  terminalType: string | undefined;
  parts: StreamPart[];
  failed: boolean;
}) => Promise<void>;

type StreamEventsArgs = {
  /** Events already read (while waiting for the first output), handled before the source. */
  buffered: Record<string, unknown>[];
  source: EventSource;
  /** Mapper options of the call: raw chunks on request, and its tools (for provider tool names). */
  includeRawChunks: boolean;
  tools: CallOptions['tools'];
  /** Collect output_text logprobs into the finish metadata (`providerOptions.openai.logprobs`). */
  logprobs: boolean;
  /** MCP approval request id → the tool call id the prompt knows it by. */
  approvalToolCallIds: Record<string, string>;
  /**
   * For doGenerate: the parts are held back, and a finished response is reported as its
   * terminal event's output (generate-parts.ts) — what the chain head is recorded from too.
   */
  generate: boolean;
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
  settle: Settle;
};

type Controller = ReadableStreamDefaultController<StreamPart>;

/** Maps a response's events to stream parts through the one event mapper, for either transport. */
export function streamEvents(args: StreamEventsArgs): ReadableStream<StreamPart> {
  const pump = new EventPump(args);
  return new ReadableStream<StreamPart>({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: args.warnings });
    },
    // A pull must enqueue or close: a pull that returns empty-handed is not called again.
    async pull(controller) {
      for (;;) {
        if (await pump.step(controller)) return;
      }
    },
    cancel: () => pump.cancel(),
  });
}

/** Pulls events one at a time from the source into the mapper, and settles the turn once. */
class EventPump {
  private readonly mapper: ResponseEventMapper;
  private readonly parts: StreamPart[] = [];
  private readonly pending: Record<string, unknown>[];
  private settled = false;
  private sawError = false;

  private readonly options: ResponseEventMapperOptions;

  constructor(private readonly args: StreamEventsArgs) {
    this.options = {
      providerOptionsName: args.providerOptionsName,
      includeRawChunks: args.includeRawChunks,
      tools: args.tools,
      logprobs: args.logprobs,
      approvalToolCallIds: args.approvalToolCallIds,
      url: args.url,
      requestBodyValues: args.requestBody,
    };
    this.mapper = new ResponseEventMapper(this.options);
    this.pending = [...args.buffered];
  }

  /** Handles one event; true once something was enqueued or the stream ended. */
  async step(controller: Controller): Promise<boolean> {
    const buffered = this.pending.shift();
    const next = buffered
      ? { kind: 'event' as const, event: buffered }
      : await this.args.source.next();
    if (next.kind === 'event') return this.onEvent(next.event, controller);
    if (this.args.signal?.aborted) {
      await this.settle(undefined, true);
      controller.error(this.args.signal.reason);
      return true;
    }
    await this.onBreakOff(next, controller);
    return true;
  }

  async cancel(): Promise<void> {
    if (this.settled) return;
    this.args.source.stop('stream cancelled');
    await this.settle(undefined, true);
  }

  private async onEvent(event: Record<string, unknown>, controller: Controller): Promise<boolean> {
    const { mapper } = this;
    const mapped = mapper.map(event);
    if (event.type === 'error') this.sawError = true;
    this.parts.push(...mapped);
    if (!mapper.finished) {
      if (this.args.generate) return false;
      for (const part of mapped) controller.enqueue(part);
      return mapped.length > 0;
    }
    const type = typeof event.type === 'string' ? event.type : undefined;
    // After an error event the turn is over; a late terminal event may still follow, so the
    // socket is not reused (settle with failed).
    const failed = this.sawError || type !== 'response.completed';
    const tail = failed && type === 'error' ? mapper.end() : [];
    this.parts.push(...tail);
    const reported = this.args.generate
      ? (this.generated(event, failed, type) ?? this.parts)
      : [...mapped, ...tail];
    await this.settle(type, failed);
    for (const part of reported) controller.enqueue(this.withMetadata(part));
    controller.close();
    return true;
  }

  /**
   * doGenerate's parts for a response that finished cleanly (completed, or incomplete with what
   * it produced): the replay of its output, which the chain head is then recorded from.
   */
  private generated(event: Record<string, unknown>, failed: boolean, type: string | undefined) {
    if (this.sawError || (failed && type !== 'response.incomplete')) return undefined;
    const replayed = generateParts(this.options, event);
    // No output in the terminal event: the streamed items are the response's output.
    const parts = replayed ?? this.parts;
    const finish = parts.at(-1);
    if (finish?.type === 'finish') {
      finish.responseBody = { ...(event.response as object), output: this.mapper.outputItems };
    }
    if (replayed !== undefined) this.parts.splice(0, this.parts.length, ...replayed);
    return parts;
  }

  /** The transport broke off (socket closed, HTTP body ended) before a terminal event. */
  private async onBreakOff(
    next: Exclude<QueueResult, { kind: 'event' }> | { kind: 'end' },
    controller: Controller,
  ): Promise<void> {
    const error =
      next.kind === 'end'
        ? undefined
        : new APICallError({
            message:
              next.kind === 'timeout'
                ? 'OpenAI stopped sending events mid-response.'
                : `The connection to OpenAI broke off mid-response: ${describe(next.error)}`,
            url: this.args.url,
            requestBodyValues: undefined,
            cause: next.kind === 'failed' ? next.error : undefined,
            // Our own close (provider.close()) is final; a dropped connection is worth a retry.
            isRetryable: !(next.kind === 'failed' && isOwnClose(next.error)),
          });
    const tail = [...(error ? [{ type: 'error' as const, error }] : []), ...this.mapper.end()];
    this.parts.push(...tail);
    await this.settle(undefined, true);
    // doGenerate held the parts back: they all go now.
    for (const part of this.args.generate ? this.parts : tail) {
      controller.enqueue(this.withMetadata(part));
    }
    controller.close();
  }

  private async settle(terminalType: string | undefined, failed: boolean): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.args.settle({ terminalType, parts: this.parts, failed });
  }

  /** The finish part carries how the call travelled (`providerMetadata.openai.websocket`). */
  private withMetadata(part: StreamPart): StreamPart {
    if (part.type !== 'finish') return part;
    const name = this.args.providerOptionsName;
    const own = part.providerMetadata?.[name] ?? {};
    return {
      ...part,
      providerMetadata: {
        ...part.providerMetadata,
        [name]: { ...own, websocket: this.args.metadata },
      },
    };
  }
}

function isOwnClose(error: unknown): boolean {
  return error instanceof ConnectionError && error.failure.kind === 'closed-by-client';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
