import type { FinishReason, JsonValue, StreamPart } from '../../types';
import { convertUsage, unknownUsage } from './convert-usage';
import { mapFinishReason } from './map-finish-reason';
import type { ServerEvent } from './schemas/event-schemas';

type TerminalEvent = ServerEvent<'response.completed' | 'response.incomplete' | 'response.failed'>;

/**
 * How a response ended: what the finish part reports (reason, usage, response-level metadata).
 * Follows @ai-sdk/openai: an error reported during the stream keeps the finish reason 'error'
 * even if a terminal event follows; a failed response is 'error' unless it carries an
 * incomplete reason.
 */
export class ResponseOutcome {
  responseId: string | undefined;
  finishReason: FinishReason = { unified: 'other', raw: undefined };
  usage: unknown;
  readonly logprobs: JsonValue[] = [];
  /** An error part was emitted. */
  streamError = false;
  hasRefusal = false;
  private serviceTier: string | undefined;
  private reasoningContext: string | undefined;
  private promptCacheDiagnostics: Record<string, unknown> | undefined;
  private inputTransformations: unknown[] | undefined;

  /** `response.created`: the response id, and the response-metadata part. */
  applyCreated({ response }: ServerEvent<'response.created'>): StreamPart {
    this.responseId = response.id ?? this.responseId;
    return {
      type: 'response-metadata',
      id: response.id ?? undefined,
      timestamp: response.created_at != null ? new Date(response.created_at * 1000) : undefined,
      modelId: response.model ?? undefined,
    };
  }

  applyTerminal(value: TerminalEvent, hasFunctionCall: boolean): void {
    const { response } = value;
    this.responseId ??= response.id ?? undefined;
    const reason = response.incomplete_details?.reason ?? undefined;
    if (value.type === 'response.failed') {
      this.finishReason = reason
        ? { unified: mapFinishReason({ reason, hasFunctionCall }), raw: reason }
        : { unified: 'error', raw: 'error' };
    } else {
      if (!this.streamError) {
        this.finishReason = {
          unified: mapFinishReason({ reason, hasFunctionCall, hasRefusal: this.hasRefusal }),
          raw: reason,
        };
      }
      if (typeof response.service_tier === 'string') this.serviceTier = response.service_tier;
    }
    this.usage = response.usage ?? undefined;
    this.promptCacheDiagnostics = response.prompt_cache_diagnostics ?? undefined;
    this.inputTransformations = response.input_transformations ?? undefined;
    if (response.reasoning?.context != null) this.reasoningContext = response.reasoning.context;
  }

  finishPart(providerOptionsName: string): StreamPart {
    return {
      type: 'finish',
      finishReason: this.finishReason,
      usage: this.usage != null ? convertUsage(this.usage) : unknownUsage(),
      providerMetadata: {
        [providerOptionsName]: {
          // null, not absent, when no response was created (as @ai-sdk/openai reports it).
          responseId: this.responseId ?? null,
          ...(this.logprobs.length > 0 && { logprobs: this.logprobs }),
          ...(this.serviceTier !== undefined && { serviceTier: this.serviceTier }),
          ...(this.reasoningContext !== undefined && { reasoningContext: this.reasoningContext }),
          ...(this.promptCacheDiagnostics !== undefined && {
            promptCacheDiagnostics: this.promptCacheDiagnostics,
          }),
          ...(this.inputTransformations !== undefined && {
            inputTransformations: this.inputTransformations,
          }),
        },
      },
    };
  }
}
