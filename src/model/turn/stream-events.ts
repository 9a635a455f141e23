import { APICallError } from '@ai-sdk/provider';
import { ConnectionError } from '../../pool/connection-error';
import type { CallOptions, StreamPart, Warning, WebSocketCallMetadata } from '../../types';
import { generateParts } from '../events/generate-parts';
import { ResponseEventMapper, type ResponseEventMapperOptions } from '../events/map-events';
import type { QueueResult } from './event-queue';
import { ClosingPartHoldback, lastCarrier } from './hold-closing-part';

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
  /** Index in `parts` of the response's last closing part, where its digest may be written. */
  digestPart: number | undefined;
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
   * The response ended. Called BEFORE the finish part (and the response's last closing part) is
   * handed on, so that the chain head is recorded, the digest written, and the socket is free by
   * the time the caller can make its next call. `terminalType` is the terminal event's type, or
   * undefined when the stream broke off.
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
  private readonly holdback = new ClosingPartHoldback();
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
    const { mapper, parts } = this;
    const mapped = mapper.map(event);
    if (event.type === 'error') this.sawError = true;
    const start = parts.length;
    parts.push(...mapped);
    if (!mapper.finished) {
      // doGenerate reports the response once it ended; a stream hands parts on as they come.
      if (this.args.generate) return false;
      return this.handOn(start, controller) > 0;
    }
    const type = typeof event.type === 'string' ? event.type : undefined;
    // After an error event the turn is over; a late terminal event may still follow, so the
    // socket is not reused (settle with failed).
    const failed = this.sawError || type !== 'response.completed';
    if (failed && type === 'error') parts.push(...mapper.end());
    if (this.args.generate) {
      this.generated(event, failed, type);
      await this.settle(type, failed, lastCarrier(parts));
      for (const part of parts) controller.enqueue(this.withMetadata(part));
      controller.close();
      return true;
    }
    // The finish goes last, after the held closing part got its digest.
    const now: number[] = [];
    const finishes: number[] = [];
    for (let i = start; i < parts.length; i++) {
      if (parts[i].type === 'finish') finishes.push(i);
      else now.push(...this.holdback.push(parts[i], i));
    }
    await this.settle(type, failed, this.holdback.carrier);
    for (const index of [...now, ...this.holdback.release()]) controller.enqueue(parts[index]);
    for (const index of finishes) controller.enqueue(this.withMetadata(parts[index]));
    controller.close();
    return true;
  }

  /** Hands on the parts from `start`, except what the holdback keeps; returns how many. */
  private handOn(start: number, controller: Controller): number {
    let count = 0;
    for (let i = start; i < this.parts.length; i++) {
      for (const index of this.holdback.push(this.parts[i], i)) {
        controller.enqueue(this.parts[index]);
        count++;
      }
    }
    return count;
  }

  /**
   * doGenerate's parts for a response that finished cleanly (completed, or incomplete with what
   * it produced): the replay of its output replaces the streamed parts, and the chain head is
   * then recorded from it. Otherwise the streamed parts stay.
   */
  private generated(event: Record<string, unknown>, failed: boolean, type: string | undefined) {
    if (this.sawError || (failed && type !== 'response.incomplete')) return;
    const replayed = generateParts(this.options, event);
    // No output in the terminal event: the streamed items are the response's output.
    if (replayed !== undefined) this.parts.splice(0, this.parts.length, ...replayed);
    const finish = this.parts.at(-1);
    if (finish?.type === 'finish') {
      finish.responseBody = { ...(event.response as object), output: this.mapper.outputItems };
    }
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
    if (this.args.generate) {
      // doGenerate held the parts back: they all go now.
      for (const part of this.parts) controller.enqueue(this.withMetadata(part));
    } else {
      for (const index of this.holdback.release()) controller.enqueue(this.parts[index]);
      for (const part of tail) controller.enqueue(this.withMetadata(part));
    }
    controller.close();
  }

  private async settle(
    terminalType: string | undefined,
    failed: boolean,
    digestPart?: number,
  ): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.args.settle({ terminalType, parts: this.parts, failed, digestPart });
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
