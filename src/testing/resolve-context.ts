import { type Item, itemType } from './items';
import { type MockError, mockErrors } from './mock-errors';
import type { ResponseStore, StoredResponse } from './response-store';

export type ResolvedContext = {
  parent: StoredResponse | null;
  parentSource: 'socket-cache' | 'store' | null;
  /** The parent came from another lane's cache. */
  forked: boolean;
  /** What the parent contributes: its context, then its output. */
  parentItems: Item[];
  /** The request's input with `item_reference` items replaced by the items they name. */
  newItems: Item[];
  context: Item[];
};

/**
 * Rebuild the context a request runs on, with the real server's rules: `previous_response_id`
 * must name a response the connection holds in memory — its lane's latest (a continuation) or
 * another lane's latest (a fork); both work with `store: false` — or a stored response
 * (reloaded; HTTP requests only have this path).
 */
export function resolveContext(args: {
  previousResponseId: string | null;
  input: Item[];
  /** Looks the parent up in the connection's lane caches; `null` over HTTP. */
  memory: ((id: string) => { parent: StoredResponse; forked: boolean } | null) | null;
  store: ResponseStore;
}): { ok: true; value: ResolvedContext } | { ok: false; error: MockError } {
  const { previousResponseId, input, memory, store } = args;

  let parent: StoredResponse | null = null;
  let parentSource: ResolvedContext['parentSource'] = null;
  let forked = false;
  if (previousResponseId !== null) {
    const cached = memory?.(previousResponseId) ?? null;
    if (cached) {
      parent = cached.parent;
      parentSource = 'socket-cache';
      forked = cached.forked;
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
    value: {
      parent,
      parentSource,
      forked,
      parentItems,
      newItems,
      context: [...parentItems, ...newItems],
    },
  };
}
