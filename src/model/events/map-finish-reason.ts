import type { FinishReason } from '../../types';

/**
 * Maps the Responses API's `incomplete_details.reason` to the unified finish reason, the way
 * `@ai-sdk/openai` does, so that switching packages never changes a caller's stop condition.
 */
export function mapFinishReason({
  reason,
  hasFunctionCall,
  hasRefusal = false,
}: {
  reason: string | null | undefined;
  /** A client-side tool call was emitted: the AI SDK must run the tools. */
  hasFunctionCall: boolean;
  /** The model refused (a refusal content part or refusal deltas). */
  hasRefusal?: boolean;
}): FinishReason['unified'] {
  switch (reason) {
    case undefined:
    case null:
      // A client-side call wins over a refusal so that the tools still run.
      if (hasFunctionCall) return 'tool-calls';
      return hasRefusal ? 'content-filter' : 'stop';
    case 'max_output_tokens':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    default:
      return hasFunctionCall ? 'tool-calls' : 'other';
  }
}
