import { convertPrompt, type InputItem } from '../../convert/convert-prompt';
import type { CallOptions, JsonObject, JsonValue, Warning } from '../../types';
import { applyModelLimits } from './apply-model-limits';
import { buildTextSettings } from './build-text-settings';
import { dropUndefined } from './drop-undefined';
import { getModelCapabilities } from './model-capabilities';
import { type OpenAIOptions, parseOpenAIOptions, TOP_LOGPROBS_MAX } from './openai-options';
import { resolveReasoningEffort } from './resolve-reasoning-effort';
import { prepareTools } from './tools/prepare-tools';

export type ResponsesRequest = {
  /**
   * The request body minus `input` and `previous_response_id` (model, instructions, tools,
   * tool_choice, text, reasoning, include, store, temperature, top_p, max_output_tokens,
   * metadata, ...). Keys whose value is undefined are omitted. Built in a FIXED key order (the
   * order `@ai-sdk/openai` uses) so the same call gives byte-identical JSON.
   */
  settings: JsonObject;
  input: InputItem[];
  warnings: Warning[];
  /** providerOptions.openai.conversationId */
  conversationId: string | undefined;
  /** providerOptions.openai.previousResponseId (user-supplied) */
  previousResponseId: string | undefined;
  /** Effective store: the user's value, else true (the server default). */
  store: boolean;
  isReasoningModel: boolean;
  /** Fingerprint of everything besides the messages that decides how messages convert. */
  conversionKey: string;
  /** Warnings of the input conversion alone (kept with a chain head for reuse). */
  inputWarnings: Warning[];
  /** The input was composed from a reused prefix plus the converted rest. */
  prefixReused: boolean;
};

/**
 * The first `messageCount` messages of a prompt, already converted to `items` (with `warnings`)
 * under the conversion options fingerprinted by `conversionKey`. Lets a long history be
 * converted once: each call converts only the messages after it.
 */
export type PromptPrefix = {
  messageCount: number;
  items: readonly InputItem[];
  warnings: readonly Warning[];
  conversionKey: string;
};

/**
 * Call options → the Responses request `@ai-sdk/openai`'s Responses model would send for them
 * (same settings, same input items, same warnings), split into the parts the turn planner
 * needs: settings (fingerprinted), input items (delta-planned), and the conversation keys.
 */
export async function buildRequest({
  modelId,
  options,
  providerOptionsName = 'openai',
  prefix,
}: {
  modelId: string;
  options: CallOptions;
  providerOptionsName?: string;
  /** Leading messages already converted under the same conversion options (a chain head's). */
  prefix?: PromptPrefix;
}): Promise<ResponsesRequest> {
  const warnings: Warning[] = [];
  const capabilities = getModelCapabilities(modelId);

  for (const feature of [
    'topK',
    'seed',
    'presencePenalty',
    'frequencyPenalty',
    'stopSequences',
  ] as const) {
    if (options[feature] != null) warnings.push({ type: 'unsupported', feature });
  }

  const openai = await parseOpenAIOptions(options.providerOptions, providerOptionsName);

  const reasoningEffort = resolveReasoningEffort({
    providerOptionsEffort: openai?.reasoningEffort,
    reasoning: options.reasoning,
    supportedEfforts: capabilities.reasoningEfforts,
    warnings,
  });
  // Asking for an effort also asks for summaries, unless the user says otherwise.
  const reasoningSummary =
    openai?.reasoningSummary !== undefined
      ? openai.reasoningSummary
      : reasoningEffort != null && reasoningEffort !== 'none'
        ? 'detailed'
        : undefined;
  const isReasoningModel = openai?.forceReasoning ?? capabilities.isReasoningModel;

  if (openai?.conversation && openai?.previousResponseId) {
    warnings.push({
      type: 'unsupported',
      feature: 'conversation',
      details: 'conversation and previousResponseId cannot be used together',
    });
  }

  const tools = await prepareTools({
    tools: options.tools,
    toolChoice: options.toolChoice,
    allowedTools: openai?.allowedTools,
    strictJsonSchema: openai?.strictJsonSchema,
  });

  const store = openai?.store ?? true;
  const conversion = {
    systemMessageMode:
      openai?.systemMessageMode ??
      (isReasoningModel ? 'developer' : capabilities.systemMessageMode),
    store,
    isReasoningModel,
    providerOptionsName,
    passThroughUnsupportedFiles: openai?.passThroughUnsupportedFiles ?? false,
    hasConversation: openai?.conversation != null,
    hasPreviousResponseId: openai?.previousResponseId != null,
  } as const;
  const conversionKey = JSON.stringify(conversion);
  // Conversion is message by message, so a known prefix converts to the items it did before.
  // The options that make items depend on other messages or on the request rule reuse out.
  const reuse =
    prefix !== undefined &&
    prefix.conversionKey === conversionKey &&
    !conversion.hasConversation &&
    !conversion.hasPreviousResponseId &&
    openai?.reasoningEffortUpdate == null &&
    !openai?.compactionTrigger
      ? prefix
      : undefined;
  const converted = await convertPrompt({
    prompt: reuse ? options.prompt.slice(reuse.messageCount) : options.prompt,
    ...conversion,
  });
  const input = reuse ? [...reuse.items, ...converted.input] : converted.input;
  const inputWarnings = reuse ? [...reuse.warnings, ...converted.warnings] : converted.warnings;
  warnings.push(...inputWarnings);

  applyReasoningEffortUpdate({ modelId, openai, capabilities, input, warnings });

  // A compaction trigger is a request control that must be the last input item. It is not
  // part of the conversation, so a request that carries one is not a prefix of the next one.
  if (openai?.compactionTrigger) input.push({ type: 'compaction_trigger' });

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

  const settings: JsonObject = {
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
    include: buildInclude({ openai, options, topLogprobs, isReasoningModel }),
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
    reasoning:
      isReasoningModel &&
      (reasoningEffort != null ||
        reasoningSummary != null ||
        openai?.reasoningMode != null ||
        openai?.reasoningContext != null)
        ? {
            effort: reasoningEffort,
            summary: reasoningSummary ?? undefined,
            mode: openai?.reasoningMode,
            context: openai?.reasoningContext,
          }
        : undefined,
  };

  applyModelLimits({
    settings,
    input,
    openai,
    capabilities,
    isReasoningModel,
    reasoningEffort,
    warnings,
  });

  settings.tools = tools.tools;
  settings.tool_choice = tools.toolChoice;
  warnings.push(...tools.warnings);

  return {
    settings: compactSettings(settings),
    input,
    warnings,
    conversationId: openai?.conversationId,
    previousResponseId: openai?.previousResponseId ?? undefined,
    store,
    isReasoningModel,
    conversionKey,
    inputWarnings,
    prefixReused: reuse !== undefined,
  };
}

/**
 * `include`: the user's list, plus what the request needs — logprobs when asked for, web search
 * sources with a web search tool, code interpreter outputs with that tool, and, without
 * storage on a reasoning model, the encrypted reasoning so the history can be resent in full.
 * Never duplicated; the user's array is not modified.
 */
function buildInclude({
  openai,
  options,
  topLogprobs,
  isReasoningModel,
}: {
  openai: OpenAIOptions | undefined;
  options: CallOptions;
  topLogprobs: number | undefined;
  isReasoningModel: boolean;
}): string[] | null | undefined {
  let include: string[] | null | undefined = openai?.include;
  const add = (value: string) => {
    if (include == null) include = [value];
    else if (!include.includes(value)) include = [...include, value];
  };
  const hasTool = (...ids: string[]) =>
    options.tools?.some((tool) => tool.type === 'provider' && ids.includes(tool.id)) ?? false;

  if (topLogprobs) add('message.output_text.logprobs');
  if (
    hasTool('openai.web_search', 'openai.web_search_preview') &&
    openai?.includeWebSearchSources !== false
  ) {
    add('web_search_call.action.sources');
  }
  if (hasTool('openai.code_interpreter')) add('code_interpreter_call.outputs');
  if (openai?.store === false && isReasoningModel) add('reasoning.encrypted_content');
  return include;
}

/**
 * `reasoningEffortUpdate` (GPT-6+): a `configuration_update` input item first, which changes the
 * effort from this response on without changing the cached request prefix.
 */
function applyReasoningEffortUpdate({
  modelId,
  openai,
  capabilities,
  input,
  warnings,
}: {
  modelId: string;
  openai: OpenAIOptions | undefined;
  capabilities: ReturnType<typeof getModelCapabilities>;
  input: InputItem[];
  warnings: Warning[];
}): void {
  const effort = openai?.reasoningEffortUpdate;
  if (effort == null) return;
  const efforts = capabilities.reasoningEfforts;
  const unsupportedReason = !capabilities.supportsConfigurationUpdates
    ? 'Configuration updates are only supported by GPT-6 and later models'
    : openai?.reasoningMode === 'pro' ||
        openai?.contextManagement != null ||
        openai?.truncation === 'auto'
      ? 'Configuration updates require standard reasoning mode without automatic compaction or automatic truncation'
      : efforts?.includes(effort) === false
        ? `${modelId} only supports the following reasoning efforts: ${efforts.join(', ')}`
        : undefined;
  if (unsupportedReason != null) {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoningEffortUpdate',
      details: unsupportedReason,
    });
    return;
  }
  input.unshift({ type: 'configuration_update', reasoning: { effort } });
}

/** Settings without undefined keys; tools are already clean and are kept as they are (not copied). */
function compactSettings(settings: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined) continue;
    result[key] = key === 'tools' ? value : dropUndefined(value);
  }
  return result;
}
