import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { InputItem, JsonObject, Warning } from '../../types';
import type { ModelCapabilities } from './model-capabilities';
import type { OpenAIOptions } from './openai-options';

/**
 * Why the model takes no `configuration_update` items (GPT-6+ only, in standard reasoning mode
 * without automatic compaction or truncation), as `@ai-sdk/openai` words it; undefined when it
 * takes them.
 */
export function configurationUpdateUnsupportedReason(
  capabilities: ModelCapabilities,
  openai: OpenAIOptions | undefined,
): string | undefined {
  if (!capabilities.supportsConfigurationUpdates) {
    return 'Configuration updates are only supported by GPT-6 and later models';
  }
  if (
    openai?.reasoningMode === 'pro' ||
    openai?.contextManagement != null ||
    openai?.truncation === 'auto'
  ) {
    return 'Configuration updates require standard reasoning mode without automatic compaction or automatic truncation';
  }
  return undefined;
}

/**
 * The request controls that are input items, checked and placed as `@ai-sdk/openai` does:
 * message-level effort updates the model cannot run are refused; `reasoningEffortUpdate` puts a
 * `configuration_update` first (unless the first item already sets that effort), or warns when
 * the model cannot take it; two adjacent updates are refused; a compaction trigger goes last.
 */
export function applyInputControls({
  modelId,
  openai,
  capabilities,
  unsupportedReason,
  input,
  warnings,
}: {
  modelId: string;
  openai: OpenAIOptions | undefined;
  capabilities: ModelCapabilities;
  unsupportedReason: string | undefined;
  input: InputItem[];
  warnings: Warning[];
}): void {
  const efforts = capabilities.reasoningEfforts;
  const effortUnsupported = (effort: string | undefined) =>
    effort != null && efforts?.includes(effort) === false
      ? `${modelId} only supports the following reasoning efforts: ${efforts.join(', ')}`
      : undefined;

  for (const item of input) {
    if (item.type !== 'configuration_update') continue;
    const reason = effortUnsupported(effortOf(item));
    if (reason != null) {
      throw new UnsupportedFunctionalityError({
        functionality: 'Message-level reasoningEffortUpdate',
        message: reason,
      });
    }
  }

  const update = openai?.reasoningEffortUpdate;
  const updateUnsupported = unsupportedReason ?? effortUnsupported(update);
  if (update != null && updateUnsupported != null) {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoningEffortUpdate',
      details: updateUnsupported,
    });
  } else if (update != null) {
    const first = input[0];
    if (first?.type !== 'configuration_update' || effortOf(first) !== update) {
      input.unshift({ type: 'configuration_update', reasoning: { effort: update } });
    }
  }

  for (let i = 1; i < input.length; i++) {
    if (input[i - 1].type === 'configuration_update' && input[i].type === 'configuration_update') {
      throw new UnsupportedFunctionalityError({
        functionality: 'Adjacent configuration updates',
        message:
          'Configuration updates cannot be consecutive. Set reasoningEffortUpdate and textFormatUpdate in the same empty system message, and omit request-level reasoningEffortUpdate when using message-level updates.',
      });
    }
  }

  // A request control, not history: OpenAI requires it to be the last item. A request that
  // carries one is therefore not a prefix of the next one.
  if (openai?.compactionTrigger) input.push({ type: 'compaction_trigger' });
}

function effortOf(item: InputItem): string | undefined {
  return (item.reasoning as JsonObject | undefined)?.effort as string | undefined;
}
