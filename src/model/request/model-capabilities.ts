/**
 * What a model id says about the request we may build for it. Derived from the model id the same
 * way `@ai-sdk/openai` derives it (o-series and GPT-5+ except GPT-5 chat models reason; efforts,
 * sampling and service tiers by family), because the request must match that package's.
 */
export type ModelCapabilities = {
  isReasoningModel: boolean;
  /** System message role when the user does not choose one. */
  systemMessageMode: 'system' | 'developer';
  /** Reasoning efforts the model accepts; undefined = not known (any effort is passed on). */
  reasoningEfforts: readonly string[] | undefined;
  /** Whether temperature / top_p are accepted when the reasoning effort is 'none'. */
  samplingWithEffortNone: boolean;
  supportsFlexProcessing: boolean;
  supportsPriorityProcessing: boolean;
  /** `prompt_cache_retention` exists before GPT-6 only. */
  supportsPromptCacheRetention: boolean;
  /** GPT-6+ reject logprobs while reasoning. */
  logprobsRequireNonReasoning: boolean;
  /** GPT-6+ accept `configuration_update` input items (`reasoningEffortUpdate`). */
  supportsConfigurationUpdates: boolean;
  /** GPT-6+ accept `async` function and custom tools. */
  supportsAsyncToolCalling: boolean;
};

/** GPT-6 family models that can turn reasoning off (catalog entries in `@ai-sdk/openai`). */
const configurableNonReasoningModels = new Set(['gpt-6.1-terra', 'gpt-6-luna', 'gpt-6-sol']);
const allEffortsWithNone = ['none', 'low', 'medium', 'high', 'xhigh', 'max'] as const;

type GptVersion = { major: number; minor: number | undefined; variant: string | undefined };

function getGptVersion(modelId: string): GptVersion | undefined {
  const match = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(modelId);
  if (match == null) return undefined;
  return {
    major: Number(match[1]),
    minor: match[2] == null ? undefined : Number(match[2]),
    variant: match[3],
  };
}

function getOSeriesVersion(modelId: string): number | undefined {
  const match = /^o(\d+)(?:-|$)/.exec(modelId);
  return match == null ? undefined : Number(match[1]);
}

function gpt5ReasoningEfforts(minor: number): readonly string[] {
  if (minor === 0) return ['minimal', 'low', 'medium', 'high'];
  if (minor === 1) return ['none', 'low', 'medium', 'high'];
  if (minor < 6) return ['none', 'low', 'medium', 'high', 'xhigh'];
  return allEffortsWithNone;
}

const cache = new Map<string, ModelCapabilities>();

export function getModelCapabilities(modelId: string): ModelCapabilities {
  let capabilities = cache.get(modelId);
  if (capabilities == null) {
    capabilities = computeCapabilities(modelId);
    // Model ids come from code, not users, so the cache stays small; cap it anyway.
    if (cache.size > 1000) cache.clear();
    cache.set(modelId, capabilities);
  }
  return capabilities;
}

function computeCapabilities(modelId: string): ModelCapabilities {
  const oSeries = getOSeriesVersion(modelId);
  const gpt = getGptVersion(modelId);
  // 'gpt-5-chat-latest' is a chat model; 'gpt-5.1-chat-latest' (with a minor) reasons.
  const isGptChat = gpt?.minor == null && (gpt?.variant?.startsWith('chat') ?? false);
  const isGptNano = gpt?.variant?.startsWith('nano') ?? false;
  const isGpt6OrLater = gpt != null && gpt.major >= 6;
  const isStandardGpt5 =
    gpt?.major === 5 &&
    (gpt.variant == null ||
      /^(?:(?:mini|nano|sol|luna|terra)(?:-\d{4}-\d{2}-\d{2})?|\d{4}-\d{2}-\d{2})$/.test(
        gpt.variant,
      ));
  const isReasoningModel = oSeries != null || (gpt != null && gpt.major >= 5 && !isGptChat);
  const configurable = configurableNonReasoningModels.has(modelId);

  return {
    isReasoningModel,
    systemMessageMode: isReasoningModel ? 'developer' : 'system',
    reasoningEfforts: configurable
      ? allEffortsWithNone
      : isGpt6OrLater
        ? ['low', 'medium', 'high', 'xhigh', 'max']
        : isStandardGpt5
          ? gpt5ReasoningEfforts(gpt.minor ?? 0)
          : undefined,
    samplingWithEffortNone:
      configurable || (!isGpt6OrLater && gpt != null && gpt.major === 5 && (gpt.minor ?? 0) >= 1),
    supportsFlexProcessing:
      (oSeries != null && oSeries >= 3) || (gpt != null && gpt.major >= 5 && !isGptChat),
    supportsPriorityProcessing:
      modelId.startsWith('gpt-4') ||
      (gpt != null && gpt.major >= 5 && !isGptNano && !isGptChat) ||
      (oSeries != null && oSeries >= 3),
    supportsPromptCacheRetention: !isGpt6OrLater,
    logprobsRequireNonReasoning: isGpt6OrLater,
    supportsConfigurationUpdates: isGpt6OrLater,
    supportsAsyncToolCalling: isGpt6OrLater,
  };
}
