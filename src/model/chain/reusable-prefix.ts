import type { Prompt } from '../../types';
import type { PromptPrefix } from '../request/build-input';
import type { HeadForm } from './head-form';
import type { ChainHead } from './head-store';
import { extendsHistory } from './history-prefix';

/**
 * The part of a prompt whose conversion a chain head already holds: the head's messages, when the
 * prompt starts with them (compared structurally; the AI SDK hands the same history strings and
 * objects back, so this is mostly pointer checks). Only the messages after it are converted. The
 * plain form is tried (and made, the first time) only when the form with metadata does not fit.
 */
export async function reusablePrefix(
  head: ChainHead | undefined,
  prompt: Prompt,
): Promise<PromptPrefix | undefined> {
  if (!head) return undefined;
  return heldPrefix(head, prompt) ?? prefixOf(head, await head.plain.load(head), prompt);
}

/** The same, for the head's messages with their metadata only (the form its `chain` hashes). */
export function heldPrefix(head: ChainHead, prompt: Prompt): PromptPrefix | undefined {
  return prefixOf(head, head, prompt);
}

function prefixOf(head: ChainHead, form: HeadForm, prompt: Prompt): PromptPrefix | undefined {
  if (form.messages.length === 0 || !extendsHistory(form.messages, prompt)) return undefined;
  return {
    messageCount: form.messages.length,
    messages: form.messages,
    items: form.items,
    warnings: head.inputWarnings,
    conversionKey: head.conversionKey,
    state: form.conversionState,
  };
}
