/*
 * Function-call arguments up to the order of their keys.
 *
 * The server holds a function call's arguments as the model emitted them; the AI SDK parses them
 * with the tool's schema and puts the input as the schema parsed it into the next prompt. A zod
 * object builds its output in the order of its shape, so `{"limit":5,"q":"ws"}` comes back as
 * `{"q":"ws","limit":5}`: the same JSON value, with its keys in another order. Read as JSON, it is
 * the call the server holds, so the two count as the same: on this instance when the prompt's
 * items are compared with a head's (history-prefix.ts), and on any other because the digest
 * hashes a function call's arguments in this form (item-chain.ts). It is the second of the two
 * ways a tool input comes back other than the model emitted it; the first, schema defaults the
 * model left out, is in tool-input-defaults.ts, and a call may differ both ways. Anything else
 * (a value, an array's order, a key more or less) leaves them apart.
 */

/**
 * The arguments as JSON with the keys of every object sorted: equal for two argument strings
 * exactly when they are the same JSON value up to key order. Text that is not JSON stays as it
 * is (only the same text matches it).
 */
export function keyOrderFree(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return sortedJson(value);
}

// Written out rather than rebuilt as objects: a parsed `__proto__` key stays a plain key.
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson(object[key])}`).join(',')}}`;
}
