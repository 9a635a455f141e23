import { parseProviderOptions, stringifyWithBigIntAndCycles } from '@ai-sdk/provider-utils';
import { z } from 'zod';
import type { InputItem, JsonObject, ReasoningPart, Warning } from '../types';

const reasoningOptionsSchema = z.object({
  itemId: z.string().nullish(),
  reasoningEncryptedContent: z.string().nullish(),
});

type ReasoningItem = {
  type: 'reasoning';
  id?: string;
  encrypted_content?: string | null;
  summary: Array<{ type: 'summary_text'; text: string }>;
};

/** What reasoning conversion needs of the assistant message's context. */
type ReasoningContext = {
  providerOptionsName: string;
  store: boolean;
  hasConversation: boolean;
  hasPreviousResponseId: boolean;
};

/** The reasoning items of one assistant message so far, by item id. */
export type ReasoningItems = Map<string, ReasoningItem>;

/**
 * One reasoning part → input items, as `@ai-sdk/openai` converts it: parts with the same item id
 * merge into one item (one summary entry each); `store` → one `item_reference`; else the full
 * item with its `encrypted_content`; no id → the encrypted content alone, or skipped with a
 * warning. With a server-side history (`conversation`, `previousResponseId`) an item with an id
 * is already held and not sent.
 */
export async function convertReasoningPart(
  part: ReasoningPart,
  context: ReasoningContext,
  reasoningItems: ReasoningItems,
  input: InputItem[],
  warnings: Warning[],
): Promise<void> {
  const options = await parseProviderOptions({
    provider: context.providerOptionsName,
    providerOptions: part.providerOptions,
    schema: reasoningOptionsSchema,
  });
  const id = options?.itemId;
  const encryptedContent = options?.reasoningEncryptedContent;
  const summary: ReasoningItem['summary'] =
    part.text.length > 0 ? [{ type: 'summary_text', text: part.text }] : [];

  if (id == null) {
    // Without an id the API still accepts the reasoning by its encrypted content.
    if (encryptedContent != null) {
      input.push({ type: 'reasoning', encrypted_content: encryptedContent, summary });
    } else {
      warnings.push({
        type: 'other',
        message: `Non-OpenAI reasoning parts are not supported. Skipping reasoning part: ${stringifyWithBigIntAndCycles(part)}.`,
      });
    }
    return;
  }
  if (context.hasConversation || context.hasPreviousResponseId) return;

  const existing = reasoningItems.get(id);
  if (context.store) {
    // One reference for all summary parts of the item.
    if (existing === undefined) {
      input.push({ type: 'item_reference', id });
      reasoningItems.set(id, { type: 'reasoning', id, summary: [] });
    }
    return;
  }
  if (existing === undefined) {
    const item: ReasoningItem = {
      type: 'reasoning',
      id,
      encrypted_content: encryptedContent,
      summary,
    };
    reasoningItems.set(id, item);
    input.push(item as JsonObject);
    return;
  }
  appendReasoningPart(existing, part, summary, encryptedContent, warnings);
}

/** A further summary part of a reasoning item that is sent whole (store false). */
function appendReasoningPart(
  existing: ReasoningItem,
  part: ReasoningPart,
  summary: ReasoningItem['summary'],
  encryptedContent: string | null | undefined,
  warnings: Warning[],
): void {
  if (part.text.length === 0) {
    warnings.push({
      type: 'other',
      message: `Cannot append empty reasoning part to existing reasoning sequence. Skipping reasoning part: ${stringifyWithBigIntAndCycles(part)}.`,
    });
  }
  existing.summary.push(...summary);
  // The encrypted content may be carried by any (usually the last) part of the item.
  if (encryptedContent != null) existing.encrypted_content = encryptedContent;
}
