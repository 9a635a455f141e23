import type { JsonObject, JsonValue } from '../../types';

/**
 * A copy of a plain JSON-like value without `undefined` object entries (recursively), so the
 * request settings carry no undefined keys and fingerprint / serialise the same however they
 * were built. Arrays keep their length (an undefined element becomes null, as JSON does).
 */
export function dropUndefined<T extends JsonValue | undefined>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((entry) => (entry === undefined ? null : dropUndefined(entry))) as T;
  }
  if (typeof value !== 'object' || value === null) return value;
  const result: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined) result[key] = dropUndefined(entry);
  }
  return result as T;
}
