import type { CallOptions, JsonObject, JsonValue, Warning } from '../../types';
import { hasProviderTool } from '../provider-tools';
import { buildTextSettings } from './build-text-settings';
import { dropUndefined } from './drop-undefined';
import { type OpenAIOptions, TOP_LOGPROBS_MAX } from './openai-options';

/** The reasoning the call asks for, already resolved against the model. */
export type ReasoningRequest = {
  isReasoningModel: boolean;
  effort: string | undefined;
  summary: string | null | undefined;
};

/**
 * The request's non-input settings in the FIXED key order `@ai-sdk/openai` uses, so the same call
 * gives byte-identical JSON. Values may be undefined here: the model limits still remove some,
 * and `compactSettings` drops them all before the request is sent.
 */
export function buildSettings({
  modelId,
  options,
  openai,
  reasoning,
  warnings,
}: {
  modelId: string;
  options: CallOptions;
  openai: OpenAIOptions | undefined;
  reasoning: ReasoningRequest;
  warnings: Warning[];
}): JsonObject {
  const text = buildTextSettings({
    responseFormat: options.responseFormat,
    openaiOptions: openai,
    warnings,
  });
  const topLogprobs =
    typeof openai?.logprobs === 'number'
      ? openai.logprobs
      : openai?.logprobs === true
        ? TOP_LOGPROBS_MAX
        : undefined;
  return {
    model: modelId,
    temperature: options.temperature,
    top_p: options.topP,
    max_output_tokens: options.maxOutputTokens,
    text,
    conversation: openai?.conversation,
    max_tool_calls: openai?.maxToolCalls,
    metadata: openai?.metadata as JsonValue | undefined,
    parallel_tool_calls: openai?.parallelToolCalls,
    store: openai?.store,
    user: openai?.user,
    instructions: openai?.instructions,
    service_tier: openai?.serviceTier,
    include: buildInclude(openai, options, topLogprobs, reasoning.isReasoningModel),
    prompt_cache_key: openai?.promptCacheKey,
    prompt_cache_options: openai?.promptCacheOptions && {
      mode: openai.promptCacheOptions.mode,
      ttl: openai.promptCacheOptions.ttl,
      prewarm: openai.promptCacheOptions.prewarm,
      comparison_response_id: openai.promptCacheOptions.comparisonResponseId,
    },
    prompt_cache_retention: openai?.promptCacheRetention,
    safety_identifier: openai?.safetyIdentifier,
    top_logprobs: topLogprobs,
    truncation: openai?.truncation,
    context_management: openai?.contextManagement?.map((entry) => ({
      type: entry.type,
      compact_threshold: entry.compactThreshold,
    })),
    reasoning: reasoningSettings(openai, reasoning),
  };
}

function reasoningSettings(
  openai: OpenAIOptions | undefined,
  { isReasoningModel, effort, summary }: ReasoningRequest,
): JsonObject | undefined {
  const asked =
    effort != null ||
    summary != null ||
    openai?.reasoningMode != null ||
    openai?.reasoningContext != null;
  if (!isReasoningModel || !asked) return undefined;
  return {
    effort,
    summary: summary ?? undefined,
    mode: openai?.reasoningMode,
    context: openai?.reasoningContext,
  };
}

/**
 * `include`: the user's list, plus what the request needs — logprobs when asked for, web search
 * sources with a web search tool, code interpreter outputs with that tool, and, without
 * storage on a reasoning model, the encrypted reasoning so the history can be resent in full.
 * Never duplicated; the user's array is not modified.
 */
function buildInclude(
  openai: OpenAIOptions | undefined,
  options: CallOptions,
  topLogprobs: number | undefined,
  isReasoningModel: boolean,
): string[] | null | undefined {
  let include: string[] | null | undefined = openai?.include;
  const add = (value: string) => {
    if (include == null) include = [value];
    else if (!include.includes(value)) include = [...include, value];
  };
  if (topLogprobs) add('message.output_text.logprobs');
  if (
    hasProviderTool(options.tools, 'web_search', 'web_search_preview') &&
    openai?.includeWebSearchSources !== false
  ) {
    add('web_search_call.action.sources');
  }
  if (hasProviderTool(options.tools, 'code_interpreter')) add('code_interpreter_call.outputs');
  if (openai?.store === false && isReasoningModel) add('reasoning.encrypted_content');
  return include;
}

/** Settings without undefined keys; tools are already clean and are kept as they are (not copied). */
export function compactSettings(settings: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    result[key] = key === 'tools' ? value : dropUndefined(value);
  }
  return result;
}
