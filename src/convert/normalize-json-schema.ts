import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { JsonObject, JsonValue, Warning } from '../types';

/**
 * Makes a JSON Schema acceptable to OpenAI structured outputs, with the same result as
 * `@ai-sdk/openai` (so requests match byte for byte):
 * - `propertyNames` is removed (names are strings anyway; a non-string one throws),
 * - `pattern`s with regex lookaround are removed (OpenAI rejects them),
 * - a one-item `allOf: [{ $ref }]` (zod 4's recursive references) becomes a direct `$ref`
 *   (expanded at the root, where OpenAI needs an object).
 * Key order is preserved, and a (sub)schema that needs no change is passed on as it is. Results
 * are cached per schema object: a tool defined with `jsonSchema()` (as MCP tools are) hands the
 * same object to every step of a tool loop; a zod tool's is made anew for every step.
 */
export function normalizeJsonSchema(schema: JsonObject): {
  schema: JsonObject;
  warnings: Warning[];
} {
  const cached = cache.get(schema);
  if (cached != null) return { schema: cached.schema, warnings: [...cached.warnings] };

  const state = { removedPropertyNames: false, removedLookaround: false };
  const normalized = normalizeSchema(schema, true, state);
  const warnings: Warning[] = [];
  if (state.removedPropertyNames) {
    warnings.push({
      type: 'compatibility',
      feature: 'JSON Schema propertyNames',
      details:
        'OpenAI does not support JSON Schema propertyNames. It was removed before sending the schema, so OpenAI will not enforce property-name constraints.',
    });
  }
  if (state.removedLookaround) {
    warnings.push({
      type: 'compatibility',
      feature: 'JSON Schema pattern with regex lookaround',
      details:
        'OpenAI does not support regex lookaround in JSON Schema patterns. The pattern was removed before sending the schema, so OpenAI will not enforce that constraint.',
    });
  }
  cache.set(schema, { schema: normalized, warnings });
  return { schema: normalized, warnings: [...warnings] };
}

const cache = new WeakMap<object, { schema: JsonObject; warnings: Warning[] }>();

type State = { removedPropertyNames: boolean; removedLookaround: boolean };

const schemaRecordKeys = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const schemaKeys = new Set([
  'additionalProperties',
  'additionalItems',
  'contains',
  'not',
  'if',
  'then',
  'else',
]);
const schemaArrayKeys = new Set(['allOf', 'anyOf', 'oneOf']);

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value != null && !Array.isArray(value);
}

function normalizeDefinition(definition: JsonValue | undefined, state: State) {
  return isObject(definition) ? normalizeSchema(definition, false, state) : definition;
}

function normalizeSchema(schema: JsonObject, isRoot: boolean, state: State): JsonObject {
  const propertyNames = schema.propertyNames;
  if (propertyNames != null) {
    if (
      typeof propertyNames === 'boolean' ||
      (isObject(propertyNames) && propertyNames.type != null && propertyNames.type !== 'string')
    ) {
      throw new UnsupportedFunctionalityError({
        functionality: 'JSON Schema propertyNames that does not use a string schema',
      });
    }
    state.removedPropertyNames = true;
  }

  // Copy on write: most schemas need no change, and a schema of a zod tool is a new object on
  // every step (the per-object cache misses), so an unchanged (sub)schema is passed on as it is.
  const result = mapRecord(schema, (value, key) => normalizeValue(key, value, state));
  return withReference(result, isRoot);
}

const REMOVED = Symbol('removed');

/** The first `count` keys of `schema`, copied as they are. */
function copyKeys(schema: JsonObject, keys: string[], count: number): JsonObject {
  const copy: JsonObject = {};
  for (let i = 0; i < count; i++) copy[keys[i]] = schema[keys[i]];
  return copy;
}

/** A schema keyword's value normalised (the same value when unchanged), or `REMOVED`. */
function normalizeValue(
  key: string,
  value: JsonValue | undefined,
  state: State,
): JsonValue | undefined | typeof REMOVED {
  if (key === 'propertyNames') return REMOVED;
  if (key === 'pattern' && typeof value === 'string' && containsRegexLookaround(value)) {
    state.removedLookaround = true;
    return REMOVED;
  }
  if (value == null) return value;
  if (schemaRecordKeys.has(key) && isObject(value)) {
    return mapRecord(value, (entry) => normalizeDefinition(entry, state));
  }
  if (schemaKeys.has(key)) return normalizeDefinition(value, state);
  if (key === 'items') {
    return Array.isArray(value)
      ? mapArray(value, (entry) => normalizeDefinition(entry, state) ?? null)
      : normalizeDefinition(value, state);
  }
  if (schemaArrayKeys.has(key) && Array.isArray(value)) {
    return mapArray(value, (entry) => normalizeDefinition(entry, state) ?? null);
  }
  if (key === 'dependencies' && isObject(value)) {
    return mapRecord(value, (entry) =>
      Array.isArray(entry) ? entry : normalizeDefinition(entry, state),
    );
  }
  return value;
}

/** A one-item `allOf: [{ $ref }]` becomes the reference itself (expanded at the root). */
function withReference(result: JsonObject, isRoot: boolean): JsonObject {
  const reference = getSingletonReference(result);
  if (reference == null) return result;

  const { allOf: _allOf, ...withoutAllOf } = result;
  if (!isRoot) return { ...withoutAllOf, $ref: reference };

  // OpenAI needs an object at the root, so a local root reference is expanded instead.
  const referenced = getLocalReference(reference, result);
  return referenced == null ? result : { ...referenced, ...withoutAllOf };
}

/**
 * `record` with `map` applied to each value (a key mapped to `REMOVED` is left out): `record`
 * itself when no value changes.
 */
function mapRecord(
  record: JsonObject,
  map: (value: JsonValue | undefined, key: string) => JsonValue | undefined | typeof REMOVED,
): JsonObject {
  let result: JsonObject | undefined;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const value = record[keys[i]];
    const next = map(value, keys[i]);
    if (next === value && result === undefined) continue;
    result ??= copyKeys(record, keys, i);
    if (next !== REMOVED) result[keys[i]] = next;
  }
  return result ?? record;
}

/** `array` with `map` applied to each entry: `array` itself when no entry changes. */
function mapArray(array: JsonValue[], map: (value: JsonValue) => JsonValue): JsonValue[] {
  let result: JsonValue[] | undefined;
  for (let i = 0; i < array.length; i++) {
    const next = map(array[i]);
    if (next === array[i] && result === undefined) continue;
    result ??= array.slice(0, i);
    result.push(next);
  }
  return result ?? array;
}

function getSingletonReference(schema: JsonObject): string | undefined {
  const allOf = schema.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 1) return undefined;
  const [only] = allOf;
  return isObject(only) && Object.keys(only).length === 1 && typeof only.$ref === 'string'
    ? only.$ref
    : undefined;
}

function getLocalReference(reference: string, schema: JsonObject): JsonObject | undefined {
  const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(reference);
  if (match == null) return undefined;
  const name = match[2].replace(/~1/g, '/').replace(/~0/g, '~');
  const container = schema[match[1]];
  const definition = isObject(container) ? container[name] : undefined;
  return isObject(definition) ? definition : undefined;
}

/** Whether a regex source contains (?=, (?!, (?<= or (?<! outside a character class. */
function containsRegexLookaround(pattern: string): boolean {
  let escaped = false;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (escaped) {
      escaped = false;
    } else if (char === '\\') {
      escaped = true;
    } else if (char === '[') {
      inClass = true;
    } else if (char === ']') {
      inClass = false;
    } else if (!inClass && char === '(' && pattern[i + 1] === '?') {
      const next = pattern[i + 2];
      if (next === '=' || next === '!') return true;
      if (next === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!')) return true;
    }
  }
  return false;
}
