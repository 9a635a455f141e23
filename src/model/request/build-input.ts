import { droppedToolsWarning, loadsSameTools } from '../../convert/additional-tools';
import {
  type ConversionState,
  type ConvertOptions,
  convertPrompt,
} from '../../convert/convert-prompt';
import type { CallOptions, InputItem, Message, Prompt, Warning } from '../../types';
import { applyInputControls, configurationUpdateUnsupportedReason } from './input-controls';
import type { ModelCapabilities } from './model-capabilities';
import type { OpenAIOptions } from './openai-options';
import type { PreparedTools } from './tools/prepare-tools';

/** The options a prompt is converted with (everything besides the messages themselves). */
export type ConversionOptions = ConvertOptions;

/**
 * The first `messageCount` messages of a prompt, already converted to `items` (with `warnings`)
 * under the conversion options fingerprinted by `conversionKey`. Lets a long history be
 * converted once: each call converts only the messages after it.
 */
export type PromptPrefix = {
  messageCount: number;
  /**
   * The messages `items` were converted from, as a chain head holds them: structurally equal to
   * the prompt's first `messageCount`. The request's `prompt` starts with these instead of the
   * call's copies, so the next head shares them.
   */
  messages?: readonly Message[];
  items: readonly InputItem[];
  warnings: readonly Warning[];
  conversionKey: string;
  /** What conversion remembered at the end of the prefix (approvals answered, …). */
  state?: ConversionState;
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
  /**
   * The prompt the input was converted from, its reused prefix as the chain head held it. The AI
   * SDK builds fresh message objects for every step: a head that kept the call's copies would
   * keep a second copy of a long history per step, all of it surviving into the old generation.
   */
  prompt: Prompt;
  conversion: ConversionOptions;
  conversionKey: string;
  /** Warnings of the conversion alone (a chain head keeps them for reuse). */
  inputWarnings: Warning[];
  /** What conversion remembered at the end of the prompt (a chain head keeps it for reuse). */
  conversionState: ConversionState;
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
  tools,
  prefix,
  warnings,
}: {
  modelId: string;
  options: CallOptions;
  openai: OpenAIOptions | undefined;
  capabilities: ModelCapabilities;
  isReasoningModel: boolean;
  providerOptionsName: string;
  /** The prepared tools: how their calls and results convert depends on them. */
  tools: Pick<PreparedTools, 'names' | 'customToolNames' | 'outputSchemaToolNames' | 'loadable'>;
  prefix: PromptPrefix | PrefixSource | undefined;
  warnings: Warning[];
}): Promise<BuiltInput> {
  const unsupportedReason = configurationUpdateUnsupportedReason(capabilities, openai);
  const conversion: ConversionOptions = {
    systemMessageMode:
      openai?.systemMessageMode ??
      (isReasoningModel ? 'developer' : capabilities.systemMessageMode),
    store: openai?.store ?? true,
    isReasoningModel,
    providerOptionsName,
    passThroughUnsupportedFiles: openai?.passThroughUnsupportedFiles ?? false,
    hasConversation: openai?.conversation != null,
    hasPreviousResponseId: openai?.previousResponseId != null,
    providerTools: tools.names.entries,
    customToolNames: tools.customToolNames,
    outputSchemaToolNames: tools.outputSchemaToolNames,
    configurationUpdateUnsupportedReason: unsupportedReason,
    loadableTools: tools.loadable,
  };
  // The loadable tools are a function: the key leaves them out (a prefix checks them itself).
  const conversionKey = JSON.stringify(conversion);
  const candidate =
    typeof prefix === 'function'
      ? reusableOptions(openai)
        ? await prefix(conversion, conversionKey)
        : undefined
      : prefix;
  const reuse = reusable(candidate, conversion, conversionKey, openai) ? candidate : undefined;
  const converted = await convertPrompt({
    prompt: reuse ? options.prompt.slice(reuse.messageCount) : options.prompt,
    state: reuse?.state,
    ...conversion,
  });
  const input = reuse ? [...reuse.items, ...converted.input] : converted.input;
  const inputWarnings = reuse ? [...reuse.warnings, ...converted.warnings] : converted.warnings;
  warnings.push(...inputWarnings);
  // Named once for the whole prompt, after its other warnings, so never part of a prefix's.
  const dropped = droppedToolsWarning(converted.state.loading?.droppedNames);
  if (dropped !== undefined) warnings.push(dropped);

  applyInputControls({ modelId, openai, capabilities, unsupportedReason, input, warnings });
  return {
    input,
    prompt: reuse?.messages
      ? [...reuse.messages, ...options.prompt.slice(reuse.messageCount)]
      : options.prompt,
    conversion,
    conversionKey,
    inputWarnings,
    conversionState: converted.state,
    prefixReused: reuse !== undefined,
  };
}

/**
 * Conversion is message by message, so a known prefix converts to the items it did before. The
 * options that make items depend on other messages or on the request rule reuse out.
 */
function reusable(
  prefix: PromptPrefix | undefined,
  conversion: ConversionOptions,
  conversionKey: string,
  openai: OpenAIOptions | undefined,
): prefix is PromptPrefix {
  return (
    prefix !== undefined &&
    convertsAlike(prefix, conversion, conversionKey) &&
    reusableOptions(openai)
  );
}

/** Whether `prefix` was converted as a call with these conversion options would convert it. */
export function convertsAlike(
  prefix: Pick<PromptPrefix, 'conversionKey' | 'state'>,
  conversion: ConversionOptions,
  conversionKey: string,
): boolean {
  return (
    prefix.conversionKey === conversionKey && loadsSameTools(prefix.state, conversion.loadableTools)
  );
}

function reusableOptions(openai: OpenAIOptions | undefined): boolean {
  return (
    openai?.conversation == null &&
    openai?.previousResponseId == null &&
    openai?.reasoningEffortUpdate == null &&
    !openai?.compactionTrigger
  );
}
