/*
 * Hand checks for the plain shapes of the events that make up nearly every response: its deltas,
 * and what it carries once (created, output_item.added / .done for messages, reasoning and
 * function calls, the terminal event). A value that passes is read as it came: its schema would
 * only strip keys the mapper never reads. Anything else (a field of another type, an optional
 * structure that is present) goes through the schema as before, so validation is the same; the
 * checks only keep zod's object walk off the path of a normal response.
 */

import { type EventType, eventSchemas, type ServerEvent } from './event-schemas';
import { type ItemType, itemSchemas } from './output-item-schemas';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
// JSON.parse gives Infinity for 1e999, which z.number() rejects.
const isNumber = (value: unknown): value is number => Number.isFinite(value);
const nullishString = (value: unknown) => value == null || typeof value === 'string';
const nullishNumber = (value: unknown) => value == null || isNumber(value);
const nullishBoolean = (value: unknown) => value == null || typeof value === 'boolean';
const nullishObject = (value: unknown): value is Json | null | undefined =>
  value == null || isObject(value);

function isPlainCreated(response: unknown): boolean {
  return (
    isObject(response) &&
    nullishString(response.id) &&
    nullishNumber(response.created_at) &&
    nullishString(response.model) &&
    nullishBoolean(response.store) &&
    nullishString(response.service_tier)
  );
}

function isPlainTerminal(response: unknown): boolean {
  if (!isObject(response)) return false;
  const { incomplete_details: details, reasoning, error } = response;
  return (
    nullishString(response.id) &&
    (response.output == null || Array.isArray(response.output)) &&
    nullishObject(details) &&
    nullishString(details?.reason) &&
    nullishString(response.service_tier) &&
    nullishObject(reasoning) &&
    nullishString(reasoning?.context) &&
    nullishObject(response.prompt_cache_diagnostics) &&
    // Present only when the server changed the input: its schema reads it.
    response.input_transformations == null &&
    // A terminal error is rare: its schema reads it.
    error == null
  );
}

/**
 * A delta event whose fields already have the shapes its schema would accept (strings for ids
 * and text, numbers for indexes, no logprobs to read): it can be dispatched without the schema.
 * Deltas are nearly every event of a stream, so this keeps zod off the hot path; anything that
 * does not fit takes the schema as before.
 */
export function isPlainDelta(
  type: unknown,
  event: unknown,
): event is ServerEvent & Record<string, unknown> {
  // Plain comparisons, text deltas first: cheaper than hashing a fresh string for a lookup.
  const text = type === 'response.output_text.delta';
  const args = !text && type === 'response.function_call_arguments.delta';
  const reasoning = !text && !args && type === 'response.reasoning_summary_text.delta';
  if (!text && !args && !reasoning) return false;
  const value = event as Json;
  if (typeof value.delta !== 'string' || !isNumber(value.output_index)) return false;
  if (args) return true;
  if (typeof value.item_id !== 'string') return false;
  if (reasoning) return isNumber(value.summary_index);
  const { logprobs } = value;
  return logprobs === undefined || (Array.isArray(logprobs) && logprobs.length === 0);
}

/** True when the event has the plain shape of its type's schema (for the types checked here). */
export function isPlainEvent(type: unknown, event: unknown): event is Json {
  const value = event as Json;
  switch (type) {
    case 'response.created':
      return isPlainCreated(value.response);
    case 'response.output_item.added':
    case 'response.output_item.done':
      return (
        isNumber(value.output_index) && isObject(value.item) && typeof value.item.type === 'string'
      );
    case 'response.completed':
    case 'response.incomplete':
      return isPlainTerminal(value.response);
    default:
      return false;
  }
}

/** True when the output item has the plain shape of its type's schema (for the types checked here). */
export function isPlainItem(type: string, item: Json): boolean {
  switch (type) {
    case 'message':
      return typeof item.id === 'string' && nullishString(item.phase);
    case 'reasoning':
      return typeof item.id === 'string' && nullishString(item.encrypted_content);
    case 'function_call':
      return (
        typeof item.id === 'string' &&
        typeof item.call_id === 'string' &&
        typeof item.name === 'string' &&
        nullishString(item.arguments) &&
        nullishBoolean(item.async) &&
        nullishString(item.namespace) &&
        // A program caller is rare: its schema reads it.
        item.caller == null &&
        nullishString(item.status)
      );
    default:
      return false;
  }
}

/** A parse result: the value to read, or why it does not fit its schema. */
type Read = { success: true; data: unknown } | { success: false; error: unknown };

/** A known event as the mapper reads it: as it came when plain, else its schema's parse. */
export function readEvent(type: EventType, event: unknown): Read {
  return isPlainEvent(type, event)
    ? { success: true, data: event }
    : eventSchemas[type].safeParse(event);
}

/** A known output item as the mapper reads it: as it came when plain, else its schema's parse. */
export function readItem(type: ItemType, item: Json): Read {
  return isPlainItem(type, item)
    ? { success: true, data: item }
    : itemSchemas[type].safeParse(item);
}
