import type { ServerEvent } from './schemas/event-schemas';

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
  const value = event as Record<string, unknown>;
  if (typeof value.delta !== 'string' || typeof value.output_index !== 'number') return false;
  if (args) return true;
  if (typeof value.item_id !== 'string') return false;
  if (reasoning) return typeof value.summary_index === 'number';
  const { logprobs } = value;
  return logprobs === undefined || (Array.isArray(logprobs) && logprobs.length === 0);
}
