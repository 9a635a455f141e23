import { secureJsonParse, stringifyWithBigIntAndCycles } from '@ai-sdk/provider-utils';

/**
 * JSON serialisation of prompt values, cached per value object.
 *
 * The AI SDK hands the provider the full prompt on every step, built from the same message
 * objects; a tool loop would otherwise re-serialise every earlier (possibly large) tool output
 * and tool input on every step. Values are assumed not to be mutated once they are part of a
 * prompt (the AI SDK treats messages as immutable too).
 *
 * Serialisation is `stringifyWithBigIntAndCycles`, as in `@ai-sdk/openai`, so the text is the
 * same as that package sends.
 */
const valueCache = new WeakMap<object, string>();
const errorCache = new WeakMap<object, string>();

function cached(cache: WeakMap<object, string>, key: unknown, compute: () => string): string {
  if (typeof key !== 'object' || key === null) return compute();
  let text = cache.get(key);
  if (text === undefined) {
    text = compute();
    cache.set(key, text);
  }
  return text;
}

/**
 * `stringifyWithBigIntAndCycles`, native first: its replacer changes nothing but bigints and
 * cycles, on which plain `JSON.stringify` throws, so where that succeeds the text is the same —
 * at a fraction of the cost of a replacer called for every value.
 */
function stringify(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return stringifyWithBigIntAndCycles(value);
  }
}

/** JSON text of a value. */
export function stringifyJson(value: unknown): string {
  return cached(valueCache, value, () => stringify(value));
}

/** JSON text of `{ error: value }` (error tool outputs). */
export function stringifyError(value: unknown): string {
  return cached(errorCache, value, () => stringify({ error: value }));
}

/**
 * `function_call.arguments`: a string input that already is JSON is sent verbatim (the model's
 * own text, byte for byte); any other input is serialised (undefined → `{}`).
 */
export function serializeToolCallArguments(input: unknown): string {
  if (typeof input === 'string') {
    try {
      secureJsonParse(input);
      return input;
    } catch {
      return stringifyWithBigIntAndCycles(input);
    }
  }
  return stringifyJson(input === undefined ? {} : input);
}
