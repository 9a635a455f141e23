import type { StreamPart } from '../../types';
import type { HeadStore } from './head-store';

/**
 * Remembers a response that did not complete, so that the next call of its conversation
 * continues the last good response before it (find-head.ts) instead of this one. Unless it
 * stopped incomplete (the server stores an incomplete response), the server kept none of its
 * items: their ids go to the unstored list, and the next prompts send those items inline
 * rather than as `item_reference`s the server would answer with `Item with id '…' not found`.
 */
export function recordNotCompleted(
  heads: HeadStore,
  scope: string,
  parts: readonly StreamPart[],
  terminalType: string | undefined,
  providerOptionsName: string,
): void {
  let responseId: string | undefined;
  const itemIds = new Set<string>();
  for (const part of parts) {
    if (part.type === 'response-metadata' && part.id) responseId ??= part.id;
    const itemId =
      'providerMetadata' in part && part.providerMetadata?.[providerOptionsName]?.itemId;
    if (typeof itemId === 'string') itemIds.add(itemId);
    // A hosted tool's result is referenced by its call id when it names no item.
    if (part.type === 'tool-result') itemIds.add(part.toolCallId);
  }
  if (!responseId) return;
  heads.markNotCompleted(scope, responseId, terminalType === 'response.incomplete' ? [] : itemIds);
}
