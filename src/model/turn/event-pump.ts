import { APICallError } from '@ai-sdk/provider';
import { ConnectionError } from '../../pool/connection-error';
import type { CallOptions, StreamPart, Warning, WebSocketCallMetadata } from '../../types';
import { generateParts } from '../events/generate-parts';
import { ResponseEventMapper, type ResponseEventMapperOptions } from '../events/map-events';
import { withTelemetryView } from '../request/telemetry-view';
import type { QueueEnd } from './event-queue';
import { ClosingPartHoldback, isClosingPart, lastCarrier } from './hold-closing-part';

type Settle = (outcome: {
  terminalType: string | undefined;
  parts: StreamPart[];
  failed: boolean;
  /** Index in `parts` of the response's last closing part, where its digest may be written. */
  digestPart: number | undefined;
}) => Promise<void>;

/** What the pump needs to know of the call, whichever transport carries it. */
export type PumpArgs = {
  /** Mapper options of the call: raw chunks on request, and its tools (for provider tool names). */
  includeRawChunks: boolean;
  tools: CallOptions['tools'];
  /** Collect output_text logprobs into the finish metadata (`providerOptions.openai.logprobs`). */
  logprobs: boolean;
  /** MCP approval request id → the tool call id the prompt knows it by (read when needed). */
  approvalToolCallIds: () => Record<string, string>;
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

/** Where the pump hands parts on: the caller's stream, each part in the caller's spec form. */
export type PartSink = {
  enqueue(part: StreamPart): void;
  close(): void;
  error(reason: unknown): void;
};

type DeltaPart = Extract<StreamPart, { type: 'text-delta' | 'reasoning-delta' }>;

/** Deltas a kept run takes at a time (one string join per batch). */
const DELTA_BATCH = 64;

/**
 * A transport ended the stream without a terminal event: a failure, silence, its end, or
 * `provider.close()` (`closed`; on a socket that is a failure of our own close).
 */
export type BreakOff = QueueEnd | { kind: 'end' } | { kind: 'closed' };

/**
 * The events of one response through the one event mapper into stream parts, for either
 * transport: holds back the latest closing part (for the digest), settles the turn once, and
 * hands the finish on last. Each event is handled synchronously, except the one that ends the
 * response (settling records the chain head, which may await).
 */
export class EventPump {
  private readonly mapper: ResponseEventMapper;
  /** The response's parts so far, a run of deltas kept as one (`keepDelta`); settling reads them. */
  readonly parts: StreamPart[] = [];
  /** The latest run of deltas of one block: its kept part, where it is, what is not in it yet. */
  private deltaRun: { part: DeltaPart; at: number; pending: string[] } | undefined;
  private readonly holdback = new ClosingPartHoldback();
  private readonly options: ResponseEventMapperOptions;
  private settled = false;
  private sawError = false;

  constructor(
    private readonly args: PumpArgs,
    private readonly out: PartSink,
  ) {
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
  }

  /** The stream's first part. */
  start(): void {
    this.out.enqueue({ type: 'stream-start', warnings: this.args.warnings });
  }

  /**
   * Handles one event: the number of parts handed on, or, for the event that ends the
   * response, the promise of the settled turn (the stream is closed once it resolves).
   */
  handle(event: Record<string, unknown>): number | Promise<void> {
    const { mapper, parts } = this;
    const start = parts.length;
    mapper.mapInto(event, parts);
    if (event.type === 'error') this.sawError = true;
    if (!mapper.finished) {
      // doGenerate reports the response once it ended; a stream hands parts on as they come.
      if (this.args.generate) return 0;
      const count = this.handOn(start);
      if (parts.length === start + 1) this.keepDelta(start);
      return count;
    }
    return this.finishTurn(event, start);
  }

  /** The transport broke off (socket closed, HTTP body ended, silence) before a terminal event. */
  async breakOff(next: BreakOff): Promise<void> {
    if (this.settled) return;
    if (this.args.signal?.aborted) {
      await this.settle(undefined, true);
      this.out.error(this.args.signal.reason);
      return;
    }
    const error = next.kind === 'end' ? undefined : this.breakOffError(next);
    const tail = [...(error ? [{ type: 'error' as const, error }] : []), ...this.mapper.end()];
    this.parts.push(...tail);
    await this.settle(undefined, true);
    if (this.args.generate) {
      // doGenerate held the parts back: they all go now.
      for (const part of this.parts) this.out.enqueue(this.withMetadata(part));
    } else {
      for (const index of this.holdback.release()) this.out.enqueue(this.parts[index]);
      for (const part of tail) this.out.enqueue(this.withMetadata(part));
    }
    this.out.close();
  }

  /** The stream ends early (the caller cancelled it, or a part failed): settles as failed. */
  async cancel(): Promise<void> {
    await this.settle(undefined, true);
  }

  get done(): boolean {
    return this.settled;
  }

  private async finishTurn(event: Record<string, unknown>, start: number): Promise<void> {
    const { parts } = this;
    const type = typeof event.type === 'string' ? event.type : undefined;
    // After an error event the turn is over; a late terminal event may still follow, so the
    // socket is not reused (settle with failed).
    const failed = this.sawError || type !== 'response.completed';
    if (failed && type === 'error') parts.push(...this.mapper.end());
    if (this.args.generate) {
      this.generated(event, failed, type);
      await this.settle(type, failed, lastCarrier(parts));
      for (const part of parts) this.out.enqueue(this.withMetadata(part));
      this.out.close();
      return;
    }
    // The finish goes last, after the held closing part got its digest.
    const now: number[] = [];
    const finishes: number[] = [];
    for (let i = start; i < parts.length; i++) {
      if (parts[i].type === 'finish') finishes.push(i);
      else now.push(...this.holdback.push(parts[i], i));
    }
    await this.settle(type, failed, this.holdback.carrier);
    for (const index of [...now, ...this.holdback.release()]) this.out.enqueue(parts[index]);
    for (const index of finishes) this.out.enqueue(this.withMetadata(parts[index]));
    this.out.close();
  }

  /**
   * What the turn keeps of a delta it handed on. Settling needs only the text of each block, so
   * a run of deltas of one block is kept as one part, the pump's own copy (the caller's parts are
   * never changed), whose text takes the run's deltas in batches. A stream of thousands of deltas
   * would otherwise keep thousands of parts and strings alive to the end of the response, and
   * the garbage collector would copy them again and again. A delta is never held back (handOn
   * released everything before it), so its place in `parts` can be given up.
   */
  private keepDelta(index: number): void {
    const { parts } = this;
    const part = parts[index];
    if (part.type !== 'text-delta' && part.type !== 'reasoning-delta') return;
    const run = this.deltaRun;
    if (run?.at === index - 1 && run.part.type === part.type && run.part.id === part.id) {
      run.pending.push(part.delta);
      if (run.pending.length === DELTA_BATCH) this.flushDeltas();
      parts.length = index;
      return;
    }
    this.flushDeltas();
    const own = { ...part };
    parts[index] = own;
    this.deltaRun = { part: own, at: index, pending: [] };
  }

  /** The run's pending deltas into its kept part (before anything reads `parts`). */
  private flushDeltas(): void {
    const run = this.deltaRun;
    if (run === undefined || run.pending.length === 0) return;
    run.part.delta += run.pending.join('');
    run.pending.length = 0;
  }

  /** Hands on the parts from `start`, except what the holdback keeps; returns how many. */
  private handOn(start: number): number {
    const { parts, holdback, out } = this;
    let count = 0;
    for (let i = start; i < parts.length; i++) {
      const part = parts[i];
      // Nearly every part: nothing held, and not a closing part that must be held.
      if (!holdback.holding && !isClosingPart(part)) {
        out.enqueue(part);
        count++;
        continue;
      }
      for (const index of holdback.push(part, i)) {
        out.enqueue(parts[index]);
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
      finish.responseBody = withTelemetryView({
        ...(event.response as Record<string, unknown>),
        output: this.mapper.outputItems,
      });
    }
  }

  private breakOffError(next: Exclude<BreakOff, { kind: 'end' }>): APICallError {
    return new APICallError({
      message:
        next.kind === 'timeout'
          ? 'OpenAI stopped sending events mid-response.'
          : next.kind === 'closed'
            ? 'The call was stopped mid-response: provider.close() closed its HTTP connection.'
            : `The connection to OpenAI broke off mid-response: ${describe(next.error)}`,
      url: this.args.url,
      requestBodyValues: undefined,
      cause: next.kind === 'failed' ? next.error : undefined,
      // Our own close (provider.close()) is final; a dropped connection is worth a retry.
      isRetryable: next.kind === 'timeout' || (next.kind === 'failed' && !isOwnClose(next.error)),
    });
  }

  private async settle(
    terminalType: string | undefined,
    failed: boolean,
    digestPart?: number,
  ): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    this.flushDeltas();
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
