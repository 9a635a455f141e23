import type { Prompt } from '../../types';
import type { PromptPrefix } from '../request/build-input';
import type { ChainHead } from './head-store';
import { extendsHistory } from './history-prefix';

/**
 * The part of a prompt whose conversion a chain head already holds: the head's messages, when the
 * prompt starts with them (compared structurally; the AI SDK hands the same history strings and
 * objects back, so this is mostly pointer checks). Only the messages after it are converted.
 */
export function reusablePrefix(
  head: ChainHead | undefined,
  prompt: Prompt,
): PromptPrefix | undefined {
  if (!head) return undefined;
  return (
    heldPrefix(head, prompt) ??
    prefixOf(head, head.plainMessages, head.plainItems, head.plainConversionState, prompt)
  );
}

/** The same, for the head's messages with their metadata only (the form its `chain` hashes). */
export function heldPrefix(head: ChainHead, prompt: Prompt): PromptPrefix | undefined {
  return prefixOf(head, head.messages, head.items, head.conversionState, prompt);
}

function prefixOf(
  head: ChainHead,
  messages: ChainHead['messages'],
  items: ChainHead['items'],
  state: ChainHead['conversionState'],
  prompt: Prompt,
): PromptPrefix | undefined {
  if (messages.length === 0 || !extendsHistory(messages, prompt)) return undefined;
  return {
    messageCount: messages.length,
    items,
    warnings: head.inputWarnings,
    conversionKey: head.conversionKey,
    state,
  };
}
