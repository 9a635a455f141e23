import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { InputItem, Message, Warning } from '../types';
import {
  type LoadableToolsSource,
  type LoadingState,
  resolveAdditionalTools,
} from './additional-tools';
import { normalizeTextFormat, readSystemMessageOptions } from './message-options';
import { getPromptCacheBreakpoint } from './part-options';

type SystemMessage = Extract<Message, { role: 'system' }>;

/**
 * A system message → a `system` / `developer` message (or nothing, with a warning, when the
 * mode removes them). An empty system message may instead carry controls at its position in the
 * history, as with `@ai-sdk/openai`: `reasoningEffortUpdate` / `textFormatUpdate` become a
 * `configuration_update` item (GPT-6+; refused otherwise), `additionalTools` an
 * `additional_tools` item (the registered tools its entries name, additional-tools.ts).
 */
export async function convertSystemMessage(
  message: SystemMessage,
  settings: {
    systemMessageMode: 'system' | 'developer' | 'remove';
    providerOptionsName: string;
    configurationUpdateUnsupportedReason?: string;
  },
  tools: { loadable: LoadableToolsSource | undefined; loading: LoadingState },
  input: InputItem[],
  warnings: Warning[],
): Promise<void> {
  const mode = settings.systemMessageMode;
  const name = settings.providerOptionsName;
  const options = await readSystemMessageOptions(message.providerOptions, name);
  const effort = options?.reasoningEffortUpdate;
  const textFormat = options?.textFormatUpdate;
  const additionalTools = options?.additionalTools;
  if (effort == null && textFormat == null && additionalTools == null) {
    pushSystemText(message, mode, name, input, warnings);
    return;
  }

  const isUpdate = effort != null || textFormat != null;
  const feature =
    effort != null
      ? 'reasoningEffortUpdate'
      : textFormat != null
        ? 'textFormatUpdate'
        : 'additionalTools';
  const unsupportedReason =
    message.content !== ''
      ? `Message-level ${feature} requires empty system message content.`
      : isUpdate
        ? settings.configurationUpdateUnsupportedReason
        : undefined;
  if (unsupportedReason != null) {
    throw new UnsupportedFunctionalityError({
      functionality: `Message-level ${feature}`,
      message: unsupportedReason,
    });
  }
  if (isUpdate) {
    input.push({
      type: 'configuration_update',
      ...(effort != null && { reasoning: { effort } }),
      ...(textFormat != null && { text: { format: normalizeTextFormat(textFormat, warnings) } }),
    });
  }
  const loaded = resolveAdditionalTools(additionalTools, tools.loadable, tools.loading, warnings);
  if (loaded !== undefined)
    input.push({ type: 'additional_tools', role: 'developer', tools: loaded });
}

function pushSystemText(
  message: SystemMessage,
  mode: 'system' | 'developer' | 'remove',
  name: string,
  input: InputItem[],
  warnings: Warning[],
): void {
  if (mode === 'remove') {
    warnings.push({ type: 'other', message: 'system messages are removed for this model' });
    return;
  }
  const breakpoint = getPromptCacheBreakpoint(message.providerOptions, name);
  input.push({
    role: mode,
    content:
      breakpoint == null
        ? message.content
        : [{ type: 'input_text', text: message.content, prompt_cache_breakpoint: breakpoint }],
  });
}
