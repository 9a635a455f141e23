/**
 * What a model id says about the request we may build for it. A table of the models OpenAI
 * lists, as `@ai-sdk/openai` declares them (its model catalog), because the request must match
 * that package's: a listed id (or a dated snapshot of one) has its own row; any other id is
 * either a new OpenAI reasoning model (o-series, GPT-5 and later except the GPT-5 chat models),
 * which gets the newest reasoning models' row, or a model nothing is known about (a fine-tune, a
 * custom deployment), which gets the most broadly compatible row. The parity tests compare every
 * row with the reference's catalog.
 */
export type ModelCapabilities = {
  isReasoningModel: boolean;
  /** System message role when the user does not choose one. */
  systemMessageMode: 'system' | 'developer';
  /** Reasoning efforts the model accepts; undefined = the model does not reason. */
  reasoningEfforts: readonly string[] | undefined;
  /** Whether temperature / top_p are accepted when the reasoning effort is 'none'. */
  samplingWithEffortNone: boolean;
  supportsFlexProcessing: boolean;
  supportsPriorityProcessing: boolean;
  /** `prompt_cache_retention` exists before GPT-6 only. */
  supportsPromptCacheRetention: boolean;
  /** GPT-6+ reject logprobs while reasoning. */
  logprobsRequireNonReasoning: boolean;
  /** GPT-5.6+ accept `configuration_update` input items (`reasoningEffortUpdate`). */
  supportsConfigurationUpdates: boolean;
  /** GPT-6+ accept `async` function and custom tools. */
  supportsAsyncToolCalling: boolean;
};

const EFFORTS = {
  upToMax: ['low', 'medium', 'high', 'xhigh', 'max'],
  noneToMax: ['none', 'low', 'medium', 'high', 'xhigh', 'max'],
  noneToXhigh: ['none', 'low', 'medium', 'high', 'xhigh'],
  noneToHigh: ['none', 'low', 'medium', 'high'],
  minimalToHigh: ['minimal', 'low', 'medium', 'high'],
  lowToHigh: ['low', 'medium', 'high'],
  lowToXhigh: ['low', 'medium', 'high', 'xhigh'],
  mediumToXhigh: ['medium', 'high', 'xhigh'],
} as const;

/** A reasoning model of GPT-5.6 and before: no async tools and none of GPT-6's limits. */
function gpt5(
  efforts: readonly string[],
  tiers: { flex: boolean; priority: boolean },
  configurationUpdates = false,
): ModelCapabilities {
  return reasoning(efforts, {
    samplingWithEffortNone: efforts[0] === 'none',
    supportsFlexProcessing: tiers.flex,
    supportsPriorityProcessing: tiers.priority,
    supportsPromptCacheRetention: true,
    logprobsRequireNonReasoning: false,
    supportsConfigurationUpdates: configurationUpdates,
    supportsAsyncToolCalling: false,
  });
}

function reasoning(
  efforts: readonly string[],
  rest: Omit<ModelCapabilities, 'isReasoningModel' | 'systemMessageMode' | 'reasoningEfforts'>,
): ModelCapabilities {
  return {
    isReasoningModel: true,
    systemMessageMode: 'developer',
    reasoningEfforts: efforts,
    ...rest,
  };
}

function nonReasoning(priority: boolean): ModelCapabilities {
  return {
    isReasoningModel: false,
    systemMessageMode: 'system',
    reasoningEfforts: undefined,
    samplingWithEffortNone: false,
    supportsFlexProcessing: false,
    supportsPriorityProcessing: priority,
    supportsPromptCacheRetention: true,
    logprobsRequireNonReasoning: false,
    supportsConfigurationUpdates: false,
    supportsAsyncToolCalling: false,
  };
}

/** GPT-6: configuration updates, async tools, no prompt cache retention, no logprobs while reasoning. */
function gpt6(efforts: readonly string[], flex: boolean): ModelCapabilities {
  return reasoning(efforts, {
    samplingWithEffortNone: efforts[0] === 'none',
    supportsFlexProcessing: flex,
    supportsPriorityProcessing: true,
    supportsPromptCacheRetention: false,
    logprobsRequireNonReasoning: true,
    supportsConfigurationUpdates: true,
    supportsAsyncToolCalling: true,
  });
}

const BOTH_TIERS = { flex: true, priority: true };
const FLEX_ONLY = { flex: true, priority: false };
const NO_TIERS = { flex: false, priority: false };

/** Rows that several ids share, by what they are. */
const ROWS = {
  gpt62: gpt6(EFFORTS.upToMax, false),
  gpt6: gpt6(EFFORTS.upToMax, true),
  gpt6Configurable: gpt6(EFFORTS.noneToMax, true),
  gpt56: gpt5(EFFORTS.noneToMax, BOTH_TIERS, true),
  noneToXhigh: gpt5(EFFORTS.noneToXhigh, BOTH_TIERS),
  noneToXhighNoPriority: gpt5(EFFORTS.noneToXhigh, FLEX_ONLY),
  pro: gpt5(EFFORTS.mediumToXhigh, BOTH_TIERS),
  chat: gpt5(['medium'], BOTH_TIERS),
  noneToHigh: gpt5(EFFORTS.noneToHigh, BOTH_TIERS),
  highOnly: gpt5(['high'], BOTH_TIERS),
  minimalToHigh: gpt5(EFFORTS.minimalToHigh, BOTH_TIERS),
  minimalToHighNoPriority: gpt5(EFFORTS.minimalToHigh, FLEX_ONLY),
  lowToHigh: gpt5(EFFORTS.lowToHigh, BOTH_TIERS),
  lowToHighNoTiers: gpt5(EFFORTS.lowToHigh, NO_TIERS),
  lowToXhigh: gpt5(EFFORTS.lowToXhigh, BOTH_TIERS),
  plain: nonReasoning(false),
  plainPriority: nonReasoning(true),
} satisfies Record<string, ModelCapabilities>;

const GPT4O_FAMILY = [
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4o-audio-preview',
  'gpt-4o-audio-preview-2025-06-03',
  'gpt-4o-mini-audio-preview',
  'gpt-4o-mini-search-preview',
  'gpt-4o-search-preview',
];

/** Listed model ids by row (dated snapshots resolve to their base id unless listed here). */
const LISTED: Record<keyof typeof ROWS, readonly string[]> = {
  gpt62: ['gpt-6.2-astra', 'gpt-6.2-sol'],
  gpt6: ['gpt-6-astra', 'gpt-6.1-sol'],
  gpt6Configurable: ['gpt-6.1-terra', 'gpt-6-luna', 'gpt-6-sol'],
  gpt56: ['gpt-5.6', 'gpt-5.6-luna', 'gpt-5.6-sol', 'gpt-5.6-terra'],
  noneToXhigh: [
    'gpt-5.5',
    'gpt-5.4',
    'gpt-5.4-mini',
    'gpt-5.4-nano',
    'gpt-5.2',
    'gpt-5.1-codex-max',
    'gpt-5.3-codex',
  ],
  noneToXhighNoPriority: ['gpt-5.4-nano-2026-03-17'],
  pro: ['gpt-5.4-pro', 'gpt-5.2-pro'],
  chat: ['gpt-5.3-chat-latest', 'gpt-5.2-chat-latest', 'gpt-5.1-chat-latest'],
  noneToHigh: ['gpt-5.1-codex-mini', 'gpt-5.1-codex', 'gpt-5.1'],
  highOnly: ['gpt-5-pro'],
  minimalToHigh: ['gpt-5', 'gpt-5-mini', 'gpt-5-nano'],
  minimalToHighNoPriority: ['gpt-5-nano-2025-08-07'],
  // Plain 'o3' and 'o1' are not listed: they count as new reasoning models, as in the reference.
  lowToHigh: ['gpt-5-codex', 'o3-2025-04-16', 'o3-mini', 'o4-mini'],
  lowToHighNoTiers: ['o1-2024-12-17'],
  lowToXhigh: ['gpt-5.2-codex'],
  plain: [
    'gpt-5-chat-latest',
    'gpt-3.5-turbo',
    'gpt-3.5-turbo-0125',
    'gpt-3.5-turbo-1106',
    'gpt-3.5-turbo-16k',
    'gpt-3.5-turbo-instruct',
    'gpt-3.5-turbo-instruct-0914',
  ],
  plainPriority: GPT4O_FAMILY,
};

const byId = new Map<string, ModelCapabilities>();
for (const [row, ids] of Object.entries(LISTED)) {
  for (const id of ids) byId.set(id, ROWS[row as keyof typeof ROWS]);
}

/** A new OpenAI reasoning model not listed yet: the newest listed reasoning models' row. */
const UNLISTED_REASONING = ROWS.gpt6;
/** Nothing known: the standard request, no model-specific features. */
const UNKNOWN = ROWS.plain;

function isUnlistedReasoningModelId(modelId: string): boolean {
  if (/^o\d+(?:-|$)/.test(modelId)) return true;
  // 'gpt-5-chat-latest' is a chat model; 'gpt-5.1-chat-latest' (with a minor) reasons.
  const gpt = /^gpt-(\d+)(\.\d+)?(?:-(.+))?$/.exec(modelId);
  return gpt != null && Number(gpt[1]) >= 5 && !(gpt[2] == null && gpt[3]?.startsWith('chat'));
}

export function getModelCapabilities(modelId: string): ModelCapabilities {
  return (
    byId.get(modelId) ??
    byId.get(modelId.replace(/-\d{4}-\d{2}-\d{2}$/, '')) ??
    (isUnlistedReasoningModelId(modelId) ? UNLISTED_REASONING : UNKNOWN)
  );
}
