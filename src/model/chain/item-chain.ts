import type { InputItem } from '../../types';
import { extendHashChain } from '../../util/sha256';

/** The chain of no items. */
export const EMPTY_CHAIN = new Uint8Array(32);

/**
 * The hash chain of a list of input items (each item's JSON, in order), extended from the chain
 * of `items.slice(0, from)`: a chain head keeps the chain of what the server holds, and the next
 * head hashes only the items added since. Items are built by this package's own converter in a
 * fixed key order, so the same items always give the same JSON.
 */
export function extendItemChain(
  state: Uint8Array,
  items: readonly InputItem[],
  from = 0,
): Promise<Uint8Array> {
  return extendHashChain(state, itemTexts(items, from));
}

function* itemTexts(items: readonly InputItem[], from: number): Generator<string> {
  for (let i = from; i < items.length; i++) yield JSON.stringify(items[i]);
}
