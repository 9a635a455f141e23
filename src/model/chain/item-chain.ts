import type { InputItem } from '../../types';
import { extendHashChain } from '../../util/sha256';
import { keyOrderFree } from './tool-input-order';

/** The chain of no items. */
export const EMPTY_CHAIN = new Uint8Array(32);

/**
 * The hash chain of a list of input items (each item's JSON, in order), extended from the chain
 * of `items.slice(0, from)`: a chain head keeps the chain of what the server holds, and the next
 * head hashes only the items added since. Items are built by this package's own converter in a
 * fixed key order, so the same items always give the same JSON. A function call's arguments are
 * hashed with their keys sorted: the next prompt may carry them in the tool schema's order rather
 * than the model's (tool-input-order.ts). `texts` holds the JSON of items serialised already (a
 * call's frame).
 */
export function extendItemChain(
  state: Uint8Array,
  items: readonly InputItem[],
  from = 0,
  texts?: ItemTexts,
): Promise<Uint8Array> {
  return extendHashChain(state, textsFrom(items, from, texts));
}

/**
 * The JSON texts of the items a call has serialised (its frame's input), by item: the chain that
 * hashes them when the response completes reuses them rather than serialising each item again.
 * Kept with the frame only, until the input's chain is hashed right after the send (sign-head.ts):
 * a long history's texts do not live on through the response.
 */
export type ItemTexts = Map<InputItem, string>;

function itemJson(item: InputItem, texts: ItemTexts | undefined): string {
  let text = texts?.get(item);
  if (text === undefined) {
    text = JSON.stringify(item);
    texts?.set(item, text);
  }
  return text;
}

/** A list of input items as JSON (the same text as `JSON.stringify(items)`), noting each item's. */
export function itemsJson(items: readonly InputItem[], texts: ItemTexts): string {
  let text = '[';
  for (let i = 0; i < items.length; i++) text += (i === 0 ? '' : ',') + itemJson(items[i], texts);
  return `${text}]`;
}

/** The text an item is hashed as: its JSON, a function call's with its arguments key-order free. */
function hashedJson(item: InputItem, texts: ItemTexts | undefined): string {
  if (item.type !== 'function_call' || typeof item.arguments !== 'string') {
    return itemJson(item, texts);
  }
  return JSON.stringify({ ...item, arguments: keyOrderFree(item.arguments) });
}

function* textsFrom(
  items: readonly InputItem[],
  from: number,
  texts: ItemTexts | undefined,
): Generator<string> {
  for (let i = from; i < items.length; i++) yield hashedJson(items[i], texts);
}
