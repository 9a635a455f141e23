import { convertPrompt } from '../../convert/convert-prompt';
import type { CallOptions, InputItem, Warning } from '../../types';
import type { ModelCapabilities } from './model-capabilities';
import type { OpenAIOptions } from './openai-options';

/** The options a prompt is converted with (everything besides the messages themselves). */
export type ConversionOptions = Omit<Parameters<typeof convertPrompt>[0], 'prompt'>;

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
 * A prefix made on demand, once the conversion options are known (a digest claim converts the
 * messages it covers this way, and the request reuses them). Called only when the options allow
 * reusing a prefix at all.
 */
export type PrefixSource = (
  conversion: ConversionOptions,
  conversionKey: string,
) => Promise<PromptPrefix | undefined>;

export type BuiltInput = {
  input: InputItem[];
  conversion: ConversionOptions;
  conversionKey: string;
  /** Warnings of the conversion alone (a chain head keeps them for reuse). */
  inputWarnings: Warning[];
  prefixReused: boolean;
};

/**
 * The request's input items: the prompt converted (from a reusable prefix on when one fits),
 * then the request controls that are input items too (a configuration update first, a
 * compaction trigger last). Conversion warnings, then control warnings, go to `warnings`.
 */
export async function buildInput({
  modelId,
  options,
  openai,
  capabilities,
  isReasoningModel,
  providerOptionsName,
  prefix,
  warnings,
}: {
  modelId: string;
  options: CallOptions;
  openai: OpenAIOptions | undefined;
  capabilities: ModelCapabilities;
  isReasoningModel: boolean;
  providerOptionsName: string;
  prefix: PromptPrefix | PrefixSource | undefined;
  warnings: Warning[];
}): Promise<BuiltInput> {
  const conversion = {
    systemMessageMode:
      openai?.systemMessageMode ??
      (isReasoningModel ? 'developer' : capabilities.systemMessageMode),
    store: openai?.store ?? true,
    isReasoningModel,
    providerOptionsName,
    passThroughUnsupportedFiles: openai?.passThroughUnsupportedFiles ?? false,
    hasConversation: openai?.conversation != null,
    hasPreviousResponseId: openai?.previousResponseId != null,
  } as const;
  const conversionKey = JSON.stringify(conversion);
  const candidate =
    typeof prefix === 'function'
      ? reusableOptions(openai)
        ? await prefix(conversion, conversionKey)
        : undefined
      : prefix;
  const reuse = reusable(candidate, conversionKey, openai) ? candidate : undefined;
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
  return { input, conversion, conversionKey, inputWarnings, prefixReused: reuse !== undefined };
}

/**
 * Conversion is message by message, so a known prefix converts to the items it did before. The
 * options that make items depend on other messages or on the request rule reuse out.
 */
function reusable(
  prefix: PromptPrefix | undefined,
  conversionKey: string,
  openai: OpenAIOptions | undefined,
): prefix is PromptPrefix {
  return prefix !== undefined && prefix.conversionKey === conversionKey && reusableOptions(openai);
}

function reusableOptions(openai: OpenAIOptions | undefined): boolean {
  return (
    openai?.conversation == null &&
    openai?.previousResponseId == null &&
    openai?.reasoningEffortUpdate == null &&
    !openai?.compactionTrigger
  );
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
  capabilities: ModelCapabilities;
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
