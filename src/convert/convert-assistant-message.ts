import type {
  InputItem,
  JsonObject,
  Message,
  ProviderOptions,
  TextPart,
  ToolCallPart,
  ToolResultPart,
  Warning,
} from '../types';
import { convertReasoningPart, type ReasoningItems } from './convert-reasoning';
import { serializeToolCallArguments } from './json-cache';
import { findParallelGroup, type ParallelGroup } from './parallel-tool-calls';
import { getPartOption } from './part-options';

export type AssistantContext = {
  store: boolean;
  isReasoningModel: boolean;
  providerOptionsName: string;
  /** `conversation` is set: the server holds every item that has an id; do not resend it. */
  hasConversation: boolean;
  /** A user-supplied `previousResponseId` is set: reasoning with an id is already held. */
  hasPreviousResponseId: boolean;
  /** `parallel` wrappers to fold back (see parallel-tool-calls.ts), and those already sent. */
  parallelGroups: Map<string, ParallelGroup>;
  emittedParallelCalls: Set<string>;
};

/**
 * One assistant message → input items, following `@ai-sdk/openai`'s rules:
 * - text with an item id and `store` → `item_reference` (once per id); on reasoning models only
 *   when a reasoning part precedes it in the same message (a stored message cannot be
 *   referenced without its reasoning item); otherwise the text itself;
 * - reasoning parts with the same item id merge into one item (one summary entry each);
 *   `store` → `item_reference`; else a full item with `encrypted_content`; no id → the
 *   encrypted content alone, or skipped with a warning;
 * - client tool calls → `function_call` (never referenced: outputs pair by `call_id`);
 *   provider-executed calls / results → `item_reference` when stored, else skipped.
 *
 * Every rule looks at this message only, so the items of a message never depend on what
 * follows it (prefix stability).
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
        convertToolCallPart(part, context, input);
        break;
      // Results of provider-executed tools (web search, code interpreter, ...).
      case 'tool-result':
        convertToolResultPart(part, context, input, warnings);
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

function convertToolCallPart(part: ToolCallPart, context: AssistantContext, input: InputItem[]) {
  const { providerOptionsName: name, hasConversation } = context;
  const options = part.providerOptions;
  const group = findParallelGroup(context.parallelGroups, options, name);
  if (group != null) {
    const wrapper = group.metadata;
    if (context.emittedParallelCalls.has(wrapper.toolCallId)) return;
    context.emittedParallelCalls.add(wrapper.toolCallId);
    // A conversation already holds the wrapper call itself.
    if (!hasConversation) {
      input.push({
        type: 'function_call',
        call_id: wrapper.toolCallId,
        name: wrapper.toolName,
        arguments: wrapper.input,
      });
    }
    return;
  }
  const id = getPartOption(options, name, 'itemId') as string | undefined;
  if (hasConversation && id != null) return;
  if (part.providerExecuted) {
    if (context.store && id != null) input.push({ type: 'item_reference', id });
    return;
  }
  const isAsync = getPartOption(options, name, 'async') as boolean | undefined;
  const namespace = getPartOption(options, name, 'namespace') as string | undefined;
  const caller = mapToolCaller(getPartOption(options, name, 'caller'));
  input.push({
    type: 'function_call',
    call_id: part.toolCallId,
    name: part.toolName,
    arguments: serializeToolCallArguments(part.input),
    ...(isAsync != null && { async: isAsync }),
    ...(namespace != null && { namespace }),
    ...(caller != null && { caller }),
  });
}

function convertToolResultPart(
  part: ToolResultPart,
  context: AssistantContext,
  input: InputItem[],
  warnings: Warning[],
): void {
  const output = part.output;
  // Synthetic results of denied approvals: the server has no such item.
  const denied =
    output.type === 'execution-denied' ||
    (output.type === 'json' &&
      typeof output.value === 'object' &&
      output.value != null &&
      !Array.isArray(output.value) &&
      output.value.type === 'execution-denied');
  if (denied || context.hasConversation) return;
  if (context.store) {
    const id =
      (getPartOption(part.providerOptions, context.providerOptionsName, 'itemId') as
        | string
        | undefined) ?? part.toolCallId;
    input.push({ type: 'item_reference', id });
    return;
  }
  // Upstream rebuilds web_search_call items from the output here; this package does not.
  warnings.push({
    type: 'other',
    message: `Results for OpenAI tool ${part.toolName} are not sent to the API when store is false`,
  });
}

/** Parts outside the neutral types that may still arrive at runtime (V4 custom parts). */
function convertOtherPart(
  part: { type: string; kind?: string; providerOptions?: ProviderOptions },
  context: AssistantContext,
  input: InputItem[],
  warnings: Warning[],
): void {
  if (part.type === 'custom' && part.kind === 'openai.compaction') {
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
  warnings.push({
    type: 'other',
    message: `unsupported assistant content part type: ${part.type}`,
  });
}

/** `{ type: 'program', callerId }` → `{ type: 'program', caller_id }`; direct as is. */
export function mapToolCaller(caller: unknown): JsonObject | undefined {
  if (caller == null || typeof caller !== 'object') return undefined;
  const { type, callerId } = caller as { type?: string; callerId?: string };
  return type === 'program' ? { type: 'program', caller_id: callerId } : (caller as JsonObject);
}
