import type { JsonObject, ProviderOptions } from '../types';

/** `providerOptions[name][key]` of a message or part (undefined when absent). */
export function getPartOption(
  providerOptions: ProviderOptions | undefined,
  name: string,
  key: string,
): unknown {
  return providerOptions?.[name]?.[key];
}

/**
 * `prompt_cache_breakpoint` of a part (GPT-5.6+ explicit prompt caching), passed through as the
 * user wrote it under `providerOptions.openai.promptCacheBreakpoint`.
 */
export function getPromptCacheBreakpoint(
  providerOptions: ProviderOptions | undefined,
  name: string,
): JsonObject | undefined {
  return getPartOption(providerOptions, name, 'promptCacheBreakpoint') as JsonObject | undefined;
}

/** Adds `prompt_cache_breakpoint` to a content entry when one is set (key last, as upstream). */
export function withBreakpoint(entry: JsonObject, breakpoint: JsonObject | undefined): JsonObject {
  if (breakpoint != null) entry.prompt_cache_breakpoint = breakpoint;
  return entry;
}
