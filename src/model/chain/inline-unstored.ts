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

/** Whether an assistant part of the prompt refers to item `itemId` (by item id or hosted call id). */
export function promptRefersTo(prompt: Prompt, itemId: string, name: string): boolean {
  return prompt.some(
    (message) =>
      message.role === 'assistant' &&
      message.content.some(
        (part) =>
          part.providerOptions?.[name]?.itemId === itemId ||
          (part.type === 'tool-result' && part.toolCallId === itemId),
      ),
  );
}

function withoutItemId(part: AssistantPart, name: string): AssistantPart {
  const { itemId: _dropped, ...rest } = part.providerOptions?.[name] ?? {};
  return { ...part, providerOptions: { ...part.providerOptions, [name]: rest } };
}
