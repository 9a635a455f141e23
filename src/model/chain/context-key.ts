import type { JsonObject } from '../../types';

/**
 * The settings that say what a response's context is, or where it lives: the model that read it,
 * whether it is stored, the server-side conversation it belongs to, and the rules by which the
 * server may shorten or compact it. The rest (tools, tool choice, instructions, sampling, output
 * limits, reasoning effort, text format, include, metadata, …) shapes only the next response, and
 * the Responses API takes a new value of each with `previous_response_id`: a step whose
 * `prepareStep` changes its tools or tool choice still continues by delta, with the context the
 * same as the full input would give the server (docs/architecture.md, "The delta rule").
 */
const CONTEXT_SETTINGS = ['model', 'store', 'conversation', 'truncation', 'context_management'];

/** The fingerprint a continuation's context settings must share with its head's. */
export function contextKey(settings: JsonObject): string {
  return JSON.stringify(CONTEXT_SETTINGS.map((name) => settings[name] ?? null));
}
