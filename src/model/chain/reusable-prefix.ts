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
  const forms = [
    { messages: head.messages, items: head.items, state: head.conversionState },
    { messages: head.plainMessages, items: head.plainItems, state: head.plainConversionState },
  ];
  for (const { messages, items, state } of forms) {
    if (messages.length > 0 && extendsHistory(messages, prompt)) {
      return {
        messageCount: messages.length,
        items,
        warnings: head.inputWarnings,
        conversionKey: head.conversionKey,
        state,
      };
    }
  }
  return undefined;
}
