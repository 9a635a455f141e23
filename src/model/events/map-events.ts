import { TypeValidationError } from '@ai-sdk/provider';
import { generateId as defaultGenerateId } from '@ai-sdk/provider-utils';
import type { JsonObject, ProviderOptions, StreamPart } from '../../types';
import { CitationSources, mapAnnotationToSource } from './map-annotation';
import { type ItemContext, mapItemAdded, mapItemDone, mapToolInputEvent } from './map-output-items';
import { ReasoningBlocks } from './map-reasoning';
import { TextBlocks } from './map-text';
import type { Emit, OngoingToolCall, ResponseEventMapperOptions } from './mapper-scope';
import { OutputItemLog } from './output-item-log';
import { ResponseOutcome } from './response-outcome';
import { type Annotation, isKnownEventType, type ServerEvent } from './schemas/event-schemas';
import { isKnownItemType, type OutputItem } from './schemas/output-item-schemas';
import { isPlainDelta, readEvent, readItem } from './schemas/plain-shapes';
import {
  type ErrorContext,
  readFailedResponseError,
  readServerError,
  type ServerError,
  toAPICallError,
  untypedEventError,
} from './server-error';
import { flushHeldBackCalls } from './tools/map-function-calls';
import { createToolNames, type ToolNames } from './tools/tool-names';

export type { ResponseEventMapperOptions } from './mapper-scope';

/**
 * Maps the server events of one response to neutral stream parts, with the same parts, finish
 * reason, usage and errors as `@ai-sdk/openai`'s Responses model, plus `responseId` in the
 * metadata of every part so that the next call can find its conversation. Tolerant: unknown
 * events and item types are ignored, deltas of unannounced items open their block first.
 * docs/architecture.md, "The flow of one call", step 5, says where each kind of event goes.
 */
export class ResponseEventMapper implements ItemContext {
  readonly providerOptionsName: string;
  readonly tools: ToolNames;
  readonly ongoingToolCalls = new Map<number, OngoingToolCall>();
  readonly hostedToolSearchCallIds: string[] = [];
  readonly retrievedFileIds = new Set<string>();
  readonly text = new TextBlocks(this);
  readonly reasoning = new ReasoningBlocks(this);
  hasFunctionCall = false;
  hasWebSearchActionSources = false;
  hasFileSearchResults = false;
  store = true;
  readonly generating: boolean;

  private readonly options: ResponseEventMapperOptions;
  private readonly activeItems = new Map<number, string>();
  private readonly items = new OutputItemLog();
  private readonly citations: CitationSources;
  private readonly outcome = new ResponseOutcome();
  private approvals: Map<string, string> | undefined;
  private terminalSeen = false;
  private errorSeen = false;
  private finishEmitted = false;
  /** Where `emit` appends: the parts of the event being mapped. */
  private out: StreamPart[] = [];
  private readonly emit: Emit = (part) => {
    this.out.push(part);
  };

  constructor(options: ResponseEventMapperOptions) {
    this.options = options;
    this.providerOptionsName = options.providerOptionsName;
    this.tools = createToolNames(options.tools);
    this.generating = options.generate !== undefined;
    this.citations = new CitationSources(this, options.generate);
  }

  /** MCP approval request id → tool call id, read from the prompt when first needed. */
  get approvalToolCallIds(): Map<string, string> {
    this.approvals ??= new Map(Object.entries(this.options.approvalToolCallIds?.() ?? {}));
    return this.approvals;
  }

  /** A terminal event or an error event was seen: the turn is over. */
  get finished(): boolean {
    return this.terminalSeen || this.errorSeen;
  }

  get responseId(): string | undefined {
    return this.outcome.responseId;
  }

  /** Output items in server form, in output_index order (terminal `response.output` first). */
  get outputItems(): JsonObject[] {
    return this.items.items;
  }

  meta(itemId: string, extra: Record<string, unknown> = {}): ProviderOptions {
    return {
      [this.providerOptionsName]: { itemId, ...extra, responseId: this.outcome.responseId },
    };
  }

  responseMeta(extra: Record<string, unknown> = {}): ProviderOptions {
    return { [this.providerOptionsName]: { ...extra, responseId: this.outcome.responseId } };
  }

  generateId(): string {
    return (this.options.generateId ?? defaultGenerateId)();
  }

  setActiveItem(outputIndex: number, itemId: string | undefined): void {
    if (itemId === undefined) this.activeItems.delete(outputIndex);
    else this.activeItems.set(outputIndex, itemId);
  }

  resolveItemId(itemId: string, outputIndex: number | null | undefined): string {
    return outputIndex == null ? itemId : (this.activeItems.get(outputIndex) ?? itemId);
  }

  map(event: unknown): StreamPart[] {
    const parts: StreamPart[] = [];
    this.mapInto(event, parts);
    return parts;
  }

  /** `map`, appending the parts to `parts` (the stream's hot path: no array per event). */
  mapInto(event: unknown, parts: StreamPart[]): void {
    // One response per mapper: nothing after its finish belongs to this call.
    if (this.finishEmitted) return;
    this.out = parts;
    const { emit } = this;
    if (this.options.includeRawChunks) parts.push({ type: 'raw', rawValue: event });

    // Error events first, without a schema: WebSocket error frames may lack sequence_number.
    const serverError = readServerError(event);
    if (serverError !== undefined) {
      this.onError(serverError, emit);
      return;
    }

    const type = (event as { type?: unknown } | null)?.type;
    // Deltas are nearly every event of a stream: check their few primitive fields by hand and
    // keep the schema for everything else (and for deltas that do not fit the fast check).
    if (isPlainDelta(type, event)) {
      this.dispatch(event, event, emit);
      return;
    }
    if (typeof type !== 'string') {
      this.onInvalid(untypedEventError(event, this.errorContext()), emit);
      return;
    }
    if (!isKnownEventType(type)) return;
    const read = readEvent(type, event);
    if (!read.success) {
      this.onInvalid(new TypeValidationError({ value: event, cause: read.error }), emit);
      return;
    }
    this.dispatch(read.data as ServerEvent, event as Record<string, unknown>, emit);
  }

  /**
   * Closes a stream that ended without a terminal event: ends open blocks, then the finish
   * ('error' after an error part, else 'interrupted' as in @ai-sdk/openai V4, which the V2/V3
   * adapters report as 'other'; usage unknown). Also the way to finish after an
   * `error` event when the caller stops reading there. Returns [] once a finish was emitted.
   */
  end(): StreamPart[] {
    if (this.finishEmitted) return [];
    const parts: StreamPart[] = [];
    // An error part already told the caller why the stream stopped; an `error` event is also
    // the raw reason, as @ai-sdk/openai reports it when no terminal event follows.
    this.outcome.finishReason = {
      unified: this.outcome.streamError ? 'error' : 'interrupted',
      raw: this.errorSeen ? 'error' : undefined,
    };
    this.outcome.usage = undefined;
    this.finish((part) => parts.push(part));
    return parts;
  }

  private dispatch(value: ServerEvent, raw: Record<string, unknown>, emit: Emit): void {
    switch (value.type) {
      case 'response.created':
        if (value.response.store === false) this.store = false;
        emit(this.outcome.applyCreated(value));
        return;
      case 'response.output_item.added':
      case 'response.output_item.done':
        this.onOutputItem(value, raw.item as Record<string, unknown>, emit);
        return;
      case 'response.output_text.delta':
        this.text.delta(this.resolveItemId(value.item_id, value.output_index), value.delta, emit);
        if (this.options.logprobs && value.logprobs != null)
          this.outcome.logprobs.push(value.logprobs);
        return;
      case 'response.refusal.delta':
        this.outcome.hasRefusal = true;
        this.text.delta(this.resolveItemId(value.item_id, value.output_index), value.delta, emit);
        return;
      case 'response.refusal.done':
        this.outcome.hasRefusal = true;
        return;
      case 'response.output_text.annotation.added':
        this.onAnnotation(value.annotation, emit);
        return;
      case 'response.reasoning_summary_part.added':
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_summary_part.done': {
        const itemId = this.resolveItemId(value.item_id, value.output_index);
        this.reasoning.summaryEvent(itemId, value, this.store, emit);
        return;
      }
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        this.onTerminal(value, raw, emit);
        return;
      default:
        mapToolInputEvent(this, value, emit);
        return;
    }
  }

  private onOutputItem(
    value: ServerEvent<'response.output_item.added' | 'response.output_item.done'>,
    rawItem: Record<string, unknown>,
    emit: Emit,
  ): void {
    const done = value.type === 'response.output_item.done';
    if (done) this.items.itemDone(value.output_index, rawItem as JsonObject);
    const itemType = value.item.type;
    if (!isKnownItemType(itemType)) return; // an item type of the future: kept in outputItems only
    const read = readItem(itemType, rawItem);
    if (!read.success) {
      this.onInvalid(new TypeValidationError({ value: rawItem, cause: read.error }), emit);
      return;
    }
    const item = read.data as OutputItem;
    if (done) mapItemDone(this, value.output_index, item, rawItem, emit);
    else mapItemAdded(this, value.output_index, item, emit);
  }

  private onAnnotation(annotation: Annotation, emit: Emit): void {
    this.text.addAnnotation(annotation);
    if (this.citations.add(annotation)) {
      emit(mapAnnotationToSource(annotation, this.providerOptionsName, this.generateId()));
    }
  }

  private onTerminal(
    value: ServerEvent<'response.completed' | 'response.incomplete' | 'response.failed'>,
    raw: Record<string, unknown>,
    emit: Emit,
  ): void {
    const streamErrorBefore = this.outcome.streamError;
    this.outcome.applyTerminal(value, this.hasFunctionCall);
    if (value.type === 'response.failed') {
      const error = readFailedResponseError(raw);
      // The `error` event before it already reported the same failure.
      if (!streamErrorBefore && error !== undefined) this.emitError(error, emit);
    }
    this.items.terminalOutput((raw.response as { output?: unknown }).output);
    this.terminalSeen = true;
    this.finish(emit);
  }

  private onError(error: ServerError, emit: Emit): void {
    this.errorSeen = true;
    this.outcome.finishReason = { unified: 'error', raw: 'error' };
    this.emitError(error, emit);
  }

  private emitError(error: ServerError, emit: Emit): void {
    this.outcome.streamError = true;
    emit({ type: 'error', error: toAPICallError(error, this.errorContext()) });
  }

  private errorContext(): ErrorContext {
    const { url = '', requestBodyValues, responseHeaders } = this.options;
    return { url, requestBodyValues, responseHeaders };
  }

  /**
   * An event or item that is not what its type promises (or has no type): reported, like
   * @ai-sdk/openai does.
   */
  private onInvalid(error: unknown, emit: Emit): void {
    this.outcome.streamError = true;
    this.outcome.finishReason = { unified: 'error', raw: undefined };
    emit({ type: 'error', error });
  }

  /** Closes open blocks, emits the deferred sources and the one finish part. */
  private finish(emit: Emit): void {
    this.text.closeAll(emit);
    this.reasoning.closeAll(emit);
    for (const annotation of this.citations.remaining()) {
      emit(mapAnnotationToSource(annotation, this.providerOptionsName, this.generateId()));
    }
    flushHeldBackCalls(this.ongoingToolCalls.values(), emit);
    emit(this.outcome.finishPart(this.providerOptionsName));
    this.finishEmitted = true;
  }
}
