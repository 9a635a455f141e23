import type { ConversionState } from '../../convert/convert-prompt';
import type { CallOptions, InputItem, JsonObject, Prompt, Warning } from '../../types';
import { applyModelLimits } from './apply-model-limits';
import {
  buildInput,
  type ConversionOptions,
  type PrefixSource,
  type PromptPrefix,
} from './build-input';
import { buildSettings, compactSettings, type ReasoningRequest } from './build-settings';
import { getModelCapabilities, type ModelCapabilities } from './model-capabilities';
import { type OpenAIOptions, parseOpenAIOptions } from './openai-options';
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
  /** The call's prompt, its reused prefix as the chain head held it (build-input.ts). */
  prompt: Prompt;
  warnings: Warning[];
  /** providerOptions.openai.conversationId */
  conversationId: string | undefined;
  /** providerOptions.openai.previousResponseId (user-supplied): a key of the chain lookup. */
  previousResponseId: string | undefined;
  /** Effective store: the user's value, else true (the server default). */
  store: boolean;
  /** `logprobs` was asked for: the response's logprobs go into the finish metadata. */
  logprobs: boolean;
  isReasoningModel: boolean;
  /** The options the messages were converted with, and their fingerprint. */
  conversion: ConversionOptions;
  conversionKey: string;
  /** Warnings of the input conversion alone (kept with a chain head for reuse). */
  inputWarnings: Warning[];
  /** What conversion remembered at the end of the prompt (kept with a chain head for reuse). */
  conversionState: ConversionState;
  /** The input was composed from a reused prefix plus the converted rest. */
  prefixReused: boolean;
};

/**
 * Call options → the Responses request `@ai-sdk/openai`'s Responses model would send for them
 * (same settings, same input items, same warnings in the same order), split into the parts the
 * turn planner needs: settings (fingerprinted), input items (delta-planned), and the
 * conversation key.
 */
export async function buildRequest(args: {
  modelId: string;
  options: CallOptions;
  providerOptionsName?: string;
  /** Leading messages already converted under the same conversion options (a chain head's), or a source of them. */
  prefix?: PromptPrefix | PrefixSource;
}): Promise<ResponsesRequest> {
  const { modelId, options, providerOptionsName = 'openai', prefix } = args;
  const warnings: Warning[] = [];
  const capabilities = getModelCapabilities(modelId);
  warnUnsupportedSettings(options, warnings);
  const openai = await parseOpenAIOptions(options.providerOptions, providerOptionsName);
  const reasoning = resolveReasoning(openai, options, capabilities, warnings);
  if (openai?.conversation && openai?.previousResponseId)
    warnings.push({ ...CONVERSATION_CONFLICT });
  const tools = await prepareTools({
    tools: options.tools,
    toolChoice: options.toolChoice,
    allowedTools: openai?.allowedTools,
    supportsAsyncToolCalling: capabilities.supportsAsyncToolCalling,
    providerOptionsName,
  });
  const { input, ...converted } = await buildInput({
    modelId,
    options,
    openai,
    capabilities,
    isReasoningModel: reasoning.isReasoningModel,
    providerOptionsName,
    tools,
    prefix,
    warnings,
  });
  const settings = buildSettings({ modelId, options, openai, reasoning, warnings });
  applyModelLimits({
    settings,
    input,
    openai,
    capabilities,
    isReasoningModel: reasoning.isReasoningModel,
    reasoningEffort: reasoning.effort,
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
    store: converted.conversion.store,
    logprobs: Boolean(openai?.logprobs),
    isReasoningModel: reasoning.isReasoningModel,
    ...converted,
  };
}

const CONVERSATION_CONFLICT: Warning = {
  type: 'unsupported',
  feature: 'conversation',
  details: 'conversation and previousResponseId cannot be used together',
};

/** Call settings the Responses API has no equivalent for (as @ai-sdk/openai warns). */
function warnUnsupportedSettings(options: CallOptions, warnings: Warning[]): void {
  for (const feature of [
    'topK',
    'seed',
    'presencePenalty',
    'frequencyPenalty',
    'stopSequences',
  ] as const) {
    if (options[feature] != null) warnings.push({ type: 'unsupported', feature });
  }
}

/** Whether the model reasons, at which effort, and with which summary. */
function resolveReasoning(
  openai: OpenAIOptions | undefined,
  options: CallOptions,
  capabilities: ModelCapabilities,
  warnings: Warning[],
): ReasoningRequest {
  const effort = resolveReasoningEffort({
    providerOptionsEffort: openai?.reasoningEffort,
    reasoning: options.reasoning,
    supportedEfforts: capabilities.reasoningEfforts,
    warnings,
  });
  // Asking for an effort also asks for summaries, unless the user says otherwise.
  const summary =
    openai?.reasoningSummary !== undefined
      ? openai.reasoningSummary
      : effort != null && effort !== 'none'
        ? 'detailed'
        : undefined;
  return {
    isReasoningModel: openai?.forceReasoning ?? capabilities.isReasoningModel,
    effort,
    summary,
  };
}
