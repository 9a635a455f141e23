import type {
  InputItem,
  Message,
  ProviderOptions,
  TextPart,
  ToolCallPart,
  Warning,
} from '../types';
import type { AssistantContext } from './assistant-context';
import { convertProviderResult } from './convert-provider-result';
import { convertReasoningPart, type ReasoningItems } from './convert-reasoning';
import { convertToolCall } from './convert-tool-call';
import { findParallelGroup } from './parallel-tool-calls';
import { getPartOption } from './part-options';

/**
 * One assistant message → input items, following `@ai-sdk/openai`'s rules:
 * - text with an item id and `store` → `item_reference` (once per id); on reasoning models only
 *   when a reasoning part precedes it in the same message (a stored message cannot be
 *   referenced without its reasoning item); otherwise the text itself;
 * - reasoning parts with the same item id merge into one item (one summary entry each);
 *   `store` → `item_reference`; else a full item with `encrypted_content`; no id → the
 *   encrypted content alone, or skipped with a warning;
 * - tool calls: see convert-tool-call.ts; results of tools OpenAI ran: see
 *   convert-provider-result.ts;
 * - `openai.compaction` parts → `item_reference` when stored, else the compaction item.
 *
 * Every rule looks at this message (and what came before it) only, so the items of a message
 * never depend on what follows it (prefix stability).
 */
export async function convertAssistantMessage(
  message: Extract<Message, { role: 'assistant' }>,
  context: AssistantContext,
  input: InputItem[],
  warnings: Warning[],
): Promise<void> {
  const state: MessageState = {
    reasoningItems: new Map(),
    referencedTextIds: new Set(),
    hasPrecedingReasoning: false,
  };
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        convertTextPart(part, context, state, input);
        break;
      case 'tool-call':
        if (!foldParallelCall(part, context, input)) await convertToolCall(part, context, input);
        break;
      // Results of provider-executed tools (web search, code interpreter, ...).
      case 'tool-result':
        await convertProviderResult(part, context, input, warnings);
        break;
      case 'reasoning':
        state.hasPrecedingReasoning = true;
        await convertReasoningPart(part, context, state.reasoningItems, input, warnings);
        break;
      case 'file':
        // Upstream drops these silently; a warning says why the model does not see the file.
        warnings.push({
          type: 'other',
          message:
            'assistant file parts are not supported by the Responses API input. Skipping file part.',
        });
        break;
      default:
        convertOtherPart(
          part as { type: string; kind?: string; providerOptions?: ProviderOptions },
          context,
          input,
          warnings,
        );
    }
  }
}

/** What the parts of one assistant message share while it is converted. */
type MessageState = {
  reasoningItems: ReasoningItems;
  referencedTextIds: Set<string>;
  hasPrecedingReasoning: boolean;
};

function convertTextPart(
  part: TextPart,
  context: AssistantContext,
  state: MessageState,
  input: InputItem[],
): void {
  const { store, isReasoningModel, providerOptionsName: name } = context;
  const id = getPartOption(part.providerOptions, name, 'itemId') as string | undefined;
  const phase = getPartOption(part.providerOptions, name, 'phase') as string | null | undefined;
  // The conversation already holds it; resending would duplicate the item.
  if (context.hasConversation && id != null) return;
  if (store && id != null && (!isReasoningModel || state.hasPrecedingReasoning)) {
    if (!state.referencedTextIds.has(id)) {
      state.referencedTextIds.add(id);
      input.push({ type: 'item_reference', id });
    }
    return;
  }
  input.push({ role: 'assistant', content: part.text, ...(phase != null && { phase }) });
}

/** A child of a folded `parallel` wrapper: the wrapper call is sent once instead. */
function foldParallelCall(
  part: ToolCallPart,
  context: AssistantContext,
  input: InputItem[],
): boolean {
  const group = findParallelGroup(
    context.parallelGroups,
    part.providerOptions,
    context.providerOptionsName,
  );
  if (group == null) return false;
  const wrapper = group.metadata;
  if (context.emittedParallelCalls.has(wrapper.toolCallId)) return true;
  context.emittedParallelCalls.add(wrapper.toolCallId);
  // A conversation already holds the wrapper call itself.
  if (!context.hasConversation) {
    input.push({
      type: 'function_call',
      call_id: wrapper.toolCallId,
      name: wrapper.toolName,
      arguments: wrapper.input,
    });
  }
  return true;
}

/** Parts outside the neutral types that may still arrive at runtime (V4 custom parts). */
function convertOtherPart(
  part: { type: string; kind?: string; providerOptions?: ProviderOptions },
  context: AssistantContext,
  input: InputItem[],
  warnings: Warning[],
): void {
  if (part.type === 'custom') {
    // Other custom kinds belong to other providers: skipped, as upstream does.
    if (part.kind !== 'openai.compaction') return;
    const id = getPartOption(part.providerOptions, context.providerOptionsName, 'itemId') as
      | string
      | undefined;
    if (id == null || context.hasConversation) return;
    if (context.store) {
      input.push({ type: 'item_reference', id });
      return;
    }
    const encryptedContent = getPartOption(
      part.providerOptions,
      context.providerOptionsName,
      'encryptedContent',
    ) as string | undefined;
    input.push({ type: 'compaction', id, encrypted_content: encryptedContent });
    return;
  }
  // A V4 reasoning file has no Responses input either.
  if (part.type === 'reasoning-file') return;
  warnings.push({
    type: 'other',
    message: `unsupported assistant content part type: ${part.type}`,
  });
}
