import type { InputItem, JsonObject, Warning } from '../../types';
import type { ModelCapabilities } from './model-capabilities';
import type { OpenAIOptions } from './openai-options';

/**
 * Removes the settings the model does not accept, with the warnings `@ai-sdk/openai` gives
 * (https://platform.openai.com/docs/guides/reasoning#limitations):
 * - `prompt_cache_retention` on GPT-6+;
 * - temperature / top_p on reasoning models, unless the effort is 'none' on a model that then
 *   samples (GPT-5.1+); logprobs too on GPT-6+;
 * - reasoning options on non-reasoning models (warned, nothing is sent for them anyway);
 * - flex / priority service tiers on models without them.
 * Mutates `settings` in place (values become undefined; the caller drops them).
 */
export function applyModelLimits({
  settings,
  input,
  openai,
  capabilities,
  isReasoningModel,
  reasoningEffort,
  warnings,
}: {
  settings: JsonObject;
  input: InputItem[];
  openai: OpenAIOptions | undefined;
  capabilities: ModelCapabilities;
  isReasoningModel: boolean;
  reasoningEffort: string | undefined;
  warnings: Warning[];
}): void {
  if (!capabilities.supportsPromptCacheRetention && settings.prompt_cache_retention != null) {
    settings.prompt_cache_retention = undefined;
    warnings.push({
      type: 'unsupported',
      feature: 'promptCacheRetention',
      details:
        'promptCacheRetention is not supported by GPT-6 and later models; use promptCacheOptions instead',
    });
  }

  if (isReasoningModel) {
    const effort = effectiveEffort(reasoningEffort, input);
    if (!(effort === 'none' && capabilities.samplingWithEffortNone)) {
      removeForReasoning(settings, capabilities, warnings);
    }
  } else warnReasoningOptions(openai, warnings);
  limitServiceTier(settings, openai, capabilities, warnings);
}

/** A configuration update in the input changes the effort the sampling rules apply to. */
function effectiveEffort(reasoningEffort: string | undefined, input: InputItem[]) {
  let effort = reasoningEffort;
  for (const item of input) {
    if (item.type === 'configuration_update') {
      effort = ((item.reasoning as JsonObject | undefined)?.effort as string) ?? effort;
    }
  }
  return effort;
}

/** Reasoning options on a model that does not reason: nothing is sent for them, say so. */
function warnReasoningOptions(openai: OpenAIOptions | undefined, warnings: Warning[]): void {
  for (const [feature, value] of [
    ['reasoningEffort', openai?.reasoningEffort],
    ['reasoningSummary', openai?.reasoningSummary],
    ['reasoningMode', openai?.reasoningMode],
    ['reasoningContext', openai?.reasoningContext],
  ] as const) {
    if (value != null) {
      warnings.push({
        type: 'unsupported',
        feature,
        details: `${feature} is not supported for non-reasoning models`,
      });
    }
  }
}

function limitServiceTier(
  settings: JsonObject,
  openai: OpenAIOptions | undefined,
  capabilities: ModelCapabilities,
  warnings: Warning[],
): void {
  const tier = openai?.serviceTier;
  if (tier === 'flex' && !capabilities.supportsFlexProcessing) {
    settings.service_tier = undefined;
    warnings.push({
      type: 'unsupported',
      feature: 'serviceTier',
      details: 'flex processing is only available for o3, o4-mini, and gpt-5 models',
    });
  }
  if ((tier === 'priority' || tier === 'fast') && !capabilities.supportsPriorityProcessing) {
    settings.service_tier = undefined;
    warnings.push({
      type: 'unsupported',
      feature: 'serviceTier',
      details:
        'priority processing is only available for supported models (gpt-4, gpt-5, gpt-5-mini, o3, o4-mini) and requires Enterprise access. gpt-5-nano is not supported',
    });
  }
}

function removeForReasoning(
  settings: JsonObject,
  capabilities: ModelCapabilities,
  warnings: Warning[],
): void {
  if (settings.temperature != null) {
    settings.temperature = undefined;
    warnings.push({
      type: 'unsupported',
      feature: 'temperature',
      details: 'temperature is not supported for reasoning models',
    });
  }
  if (settings.top_p != null) {
    settings.top_p = undefined;
    warnings.push({
      type: 'unsupported',
      feature: 'topP',
      details: 'topP is not supported for reasoning models',
    });
  }
  const include = settings.include as string[] | null | undefined;
  if (
    capabilities.logprobsRequireNonReasoning &&
    (settings.top_logprobs != null || include?.includes('message.output_text.logprobs'))
  ) {
    settings.top_logprobs = undefined;
    const filtered = include?.filter((value) => value !== 'message.output_text.logprobs');
    settings.include = filtered != null && filtered.length > 0 ? filtered : undefined;
    warnings.push({
      type: 'unsupported',
      feature: 'logprobs',
      details: 'logprobs is not supported for reasoning models',
    });
  }
}
