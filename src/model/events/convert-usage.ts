import type { JsonObject, Usage } from '../../types';
import { asObject } from '../../util/as-object';

/** Usage when the server reported none (stream cut short, request failed before generation). */
export function unknownUsage(): Usage {
  return {
    inputTokens: {
      total: undefined,
      noCache: undefined,
      cacheRead: undefined,
      cacheWrite: undefined,
    },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Converts the Responses API `usage` object to the nested usage shape, with the same arithmetic
 * as `@ai-sdk/openai` (cached and cache-write tokens are split out of the input total, reasoning
 * tokens out of the output total). `raw` keeps the server object as sent.
 */
export function convertUsage(usage: unknown): Usage {
  const value = asObject(usage);
  const inputTokens = numberOrUndefined(value?.input_tokens);
  const outputTokens = numberOrUndefined(value?.output_tokens);
  if (value == null || inputTokens === undefined || outputTokens === undefined) {
    return unknownUsage();
  }

  const inputDetails = asObject(value.input_tokens_details);
  const outputDetails = asObject(value.output_tokens_details);
  const cachedTokens = numberOrUndefined(inputDetails?.cached_tokens) ?? 0;
  const cacheWriteTokens = numberOrUndefined(inputDetails?.cache_write_tokens);
  const reasoningTokens = numberOrUndefined(outputDetails?.reasoning_tokens) ?? 0;

  return {
    inputTokens: {
      total: inputTokens,
      noCache: inputTokens - cachedTokens - (cacheWriteTokens ?? 0),
      cacheRead: cachedTokens,
      cacheWrite: cacheWriteTokens,
    },
    outputTokens: {
      total: outputTokens,
      text: outputTokens - reasoningTokens,
      reasoning: reasoningTokens,
    },
    raw: value as JsonObject,
  };
}
