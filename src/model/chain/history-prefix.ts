import { asObject } from '../../util/as-object';
import { keyOrderFree } from './tool-input-order';

/**
 * Structural equality of two input items (JSON values). Strings are compared with `===`, which
 * V8 answers in O(1) when both sides are the same string instance — the common case, because the
 * AI SDK hands the same history strings back call after call. That keeps the prefix check of a
 * long history cheap without hashing or re-serialising it.
 */
export function sameItem(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameItem(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const objectA = a as Record<string, unknown>;
  const objectB = b as Record<string, unknown>;
  let countA = 0;
  for (const key in objectA) {
    if (objectA[key] === undefined) continue;
    countA++;
    if (!sameItem(objectA[key], objectB[key])) return false;
  }
  let countB = 0;
  for (const key in objectB) if (objectB[key] !== undefined) countB++;
  return countA === countB;
}

/**
 * Held elements that count as the same as a second form too: a response's output message and its
 * function-call items, whose tool inputs the next prompt may carry with the schema defaults the
 * model left out filled in (tool-input-defaults.ts). Looked up only where an element differs.
 * Either form of a function call also matches with its arguments' keys in another order
 * (tool-input-order.ts); in a message, a tool input is an object, which `sameItem` compares
 * without regard to key order anyway.
 */
const equivalentForms = new WeakMap<object, unknown>();

/** Registers `form` as a form of `held` that counts as the same. */
export function addEquivalentForm(held: object, form: unknown): void {
  equivalentForms.set(held, form);
}

function sameAsHeld(held: unknown, item: unknown): boolean {
  if (sameItem(held, item)) return true;
  const form = typeof held === 'object' && held !== null ? equivalentForms.get(held) : undefined;
  if (form !== undefined && sameItem(form, item)) return true;
  return (
    sameCallUpToKeyOrder(held, item) || (form !== undefined && sameCallUpToKeyOrder(form, item))
  );
}

/** A function-call item with its arguments as text, else undefined. */
function asFunctionCall(value: unknown): { arguments: string } | undefined {
  const call = asObject(value);
  if (call?.type !== 'function_call' || typeof call.arguments !== 'string') return undefined;
  return call as { arguments: string };
}

/** Two function calls alike but for the order of their arguments' keys. */
function sameCallUpToKeyOrder(held: unknown, item: unknown): boolean {
  const [a, b] = [asFunctionCall(held), asFunctionCall(item)];
  if (!a || !b) return false;
  return (
    keyOrderFree(a.arguments) === keyOrderFree(b.arguments) &&
    sameItem({ ...a, arguments: undefined }, { ...b, arguments: undefined })
  );
}

/** True when `items` starts with every item of `held` and has at least one more. */
export function extendsHistory(held: readonly unknown[], items: readonly unknown[]): boolean {
  if (items.length <= held.length) return false;
  // Compare from the end of the held part: an edit is most likely near the tail, and the tail
  // holds the strings that changed instance (streamed text), so a mismatch shows up early.
  for (let i = held.length - 1; i >= 0; i--) if (!sameAsHeld(held[i], items[i])) return false;
  return true;
}
