import type { FunctionTool, ProviderTool } from '../types';

/**
 * The one table of OpenAI provider tools: the AI SDK tool id → its Responses wire type. The wire
 * type is the tool's `type` in the request (`request/tools/` builds the five it can send) and the
 * name under which the server emits its items; `events/tools/tool-names.ts` maps that name back
 * to the SDK name, the key the caller gave the tool (`{ search: openai.tools.webSearch() }`).
 */
const PROVIDER_TOOL_TYPES: Readonly<Record<string, string>> = {
  'openai.code_interpreter': 'code_interpreter',
  'openai.computer': 'computer',
  'openai.file_search': 'file_search',
  'openai.image_generation': 'image_generation',
  'openai.local_shell': 'local_shell',
  'openai.shell': 'shell',
  'openai.web_search': 'web_search',
  'openai.web_search_preview': 'web_search_preview',
  'openai.mcp': 'mcp',
  'openai.apply_patch': 'apply_patch',
  'openai.tool_search': 'tool_search',
  'openai.programmatic_tool_calling': 'programmatic_tool_calling',
};

/** The wire type of a provider tool id, undefined for ids this package does not know. */
export function providerToolType(id: string): string | undefined {
  return Object.hasOwn(PROVIDER_TOOL_TYPES, id) ? PROVIDER_TOOL_TYPES[id] : undefined;
}

/** Whether the call declares a provider tool of one of these wire types. */
export function hasProviderTool(
  tools: Array<FunctionTool | ProviderTool> | undefined,
  ...types: string[]
): boolean {
  return (
    tools?.some((tool) => {
      if (tool.type !== 'provider') return false;
      const type = providerToolType(tool.id);
      return type !== undefined && types.includes(type);
    }) ?? false
  );
}
