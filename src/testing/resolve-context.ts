import { type Item, itemType } from './items';
import { type MockError, mockErrors } from './mock-errors';
import type { ResponseStore, StoredResponse } from './response-store';

export type ResolvedContext = {
  parent: StoredResponse | null;
  parentSource: 'socket-cache' | 'store' | null;
  /** What the parent contributes: its context, then its output. */
  parentItems: Item[];
  /** The request's input with `item_reference` items replaced by the items they name. */
  newItems: Item[];
  context: Item[];
};

/**
 * Rebuild the context a request runs on, with the real server's rules:
 * `previous_response_id` must name the socket's latest response (fast path, works with
 * `store: false`) or a stored response (reloaded; HTTP requests only have this path).
 */
export function resolveContext(args: {
  previousResponseId: string | null;
  input: Item[];
  /** The socket's cached latest response; always `null` over HTTP. */
  socketLatest: StoredResponse | null;
  store: ResponseStore;
}): { ok: true; value: ResolvedContext } | { ok: false; error: MockError } {
  const { previousResponseId, input, socketLatest, store } = args;

  let parent: StoredResponse | null = null;
  let parentSource: ResolvedContext['parentSource'] = null;
  if (previousResponseId !== null) {
    if (socketLatest?.id === previousResponseId) {
      parent = socketLatest;
      parentSource = 'socket-cache';
    } else {
      const stored = store.get(previousResponseId);
      if (!stored)
        return { ok: false, error: mockErrors.previousResponseNotFound(previousResponseId) };
      parent = stored;
      parentSource = 'store';
    }
  }

  const parentItems = parent ? [...parent.context, ...parent.output] : [];
  const newItems: Item[] = [];
  for (const item of input) {
    if (itemType(item) !== 'item_reference') {
      newItems.push(item);
      continue;
    }
    const id = String(item.id);
    // A reference may name an item of the chain being continued (even with store: false) or any
    // stored item.
    const found = parentItems.find((candidate) => candidate.id === id) ?? store.findItem(id);
    if (!found) return { ok: false, error: mockErrors.itemNotFound(id) };
    newItems.push(found);
  }

  return {
    ok: true,
    value: { parent, parentSource, parentItems, newItems, context: [...parentItems, ...newItems] },
  };
}
