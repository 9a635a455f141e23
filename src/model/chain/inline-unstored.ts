import type { Message, Prompt } from '../../types';
import type { HeadStore } from './head-store';

type AssistantPart = Extract<Message, { role: 'assistant' }>['content'][number];

/**
 * The prompt with the items the server never stored sent inline: their parts lose their item id,
 * so they convert to their content instead of an `item_reference` (a text part to its text, a
 * reasoning part to its encrypted content, or nothing); a hosted tool's result, which has no
 * inline form, is left out. Only messages that hold such an item are copied; while no such item
 * is known the prompt is returned as it is, at no cost.
 */
export function inlineUnstoredItems(
  prompt: Prompt,
  heads: HeadStore,
  scope: string,
  name: string,
): Prompt {
  if (!heads.knowsUnstoredItems) return prompt;
  const isUnstored = (id: unknown) => typeof id === 'string' && heads.isUnstored(scope, id);
  const idOf = (part: AssistantPart) => part.providerOptions?.[name]?.itemId;
  // A hosted tool's result is referenced by its item id, else by its call id.
  const droppedResult = (part: AssistantPart) =>
    part.type === 'tool-result' && (isUnstored(idOf(part)) || isUnstored(part.toolCallId));
  let result: Prompt | undefined;
  for (let i = 0; i < prompt.length; i++) {
    const message = prompt[i];
    if (message.role !== 'assistant') continue;
    if (!message.content.some((part) => isUnstored(idOf(part)) || droppedResult(part))) continue;
    const content: AssistantPart[] = [];
    for (const part of message.content) {
      if (droppedResult(part)) continue;
      content.push(isUnstored(idOf(part)) ? withoutItemId(part, name) : part);
    }
    result ??= [...prompt];
    result[i] = { ...message, content };
  }
  return result ?? prompt;
}

/**
 * The response an item of the prompt came from and the ids of all its items: an item the server
 * does not know comes from a response that broke off, and so do its siblings. Undefined when no
 * assistant part refers to `itemId` (by item id, or a hosted tool result by call id).
 */
export function responseOfItem(
  prompt: Prompt,
  itemId: string,
  name: string,
): { responseId: string | undefined; itemIds: string[] } | undefined {
  const parts = prompt.flatMap((message) => (message.role === 'assistant' ? message.content : []));
  const refersTo = (part: AssistantPart) =>
    part.providerOptions?.[name]?.itemId === itemId ||
    (part.type === 'tool-result' && part.toolCallId === itemId);
  const found = parts.find(refersTo);
  if (!found) return undefined;
  const responseId = found.providerOptions?.[name]?.responseId;
  if (typeof responseId !== 'string') return { responseId: undefined, itemIds: [itemId] };
  const itemIds = new Set([itemId]);
  for (const part of parts) {
    const options = part.providerOptions?.[name];
    if (options?.responseId !== responseId) continue;
    if (typeof options.itemId === 'string') itemIds.add(options.itemId);
    if (part.type === 'tool-result') itemIds.add(part.toolCallId);
  }
  return { responseId, itemIds: [...itemIds] };
}

function withoutItemId(part: AssistantPart, name: string): AssistantPart {
  const { itemId: _dropped, ...rest } = part.providerOptions?.[name] ?? {};
  return { ...part, providerOptions: { ...part.providerOptions, [name]: rest } };
}
