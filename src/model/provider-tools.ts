import type { FunctionTool, ProviderTool } from '../types';
import { type ToolNameMapping, toolNameMappingOf } from '../util/tool-name-mapping';

/**
 * The one table of OpenAI provider tools: the AI SDK tool id → its Responses wire type. The wire
 * type is the tool's `type` in the request (`request/tools/` builds each) and the name under
 * which the server emits its items; `toolNameMapping` maps it back to the SDK name, the key the
 * caller gave the tool (`{ search: openai.tools.webSearch() }`). `openai.custom` is not in it:
 * a custom tool is sent, and called, under its SDK name.
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

/** Every provider tool id this package sends: the table plus the custom (free-form) tool. */
export const PROVIDER_TOOL_IDS: readonly string[] = [
  ...Object.keys(PROVIDER_TOOL_TYPES),
  'openai.custom',
];

/** The wire type of a provider tool id, undefined for ids this package does not know. */
export function providerToolType(id: string): string | undefined {
  return Object.hasOwn(PROVIDER_TOOL_TYPES, id) ? PROVIDER_TOOL_TYPES[id] : undefined;
}

type Tools = Array<FunctionTool | ProviderTool> | undefined;

/** Whether the call declares a provider tool of one of these wire types. */
export function hasProviderTool(tools: Tools, ...types: string[]): boolean {
  return firstProviderTool(tools, ...types) !== undefined;
}

/** The first provider tool of one of these wire types (as @ai-sdk/openai looks them up). */
export function firstProviderTool(tools: Tools, ...types: string[]): ProviderTool | undefined {
  for (const tool of tools ?? []) {
    if (tool.type !== 'provider') continue;
    const type = providerToolType(tool.id);
    if (type !== undefined && types.includes(type)) return tool;
  }
  return undefined;
}

/** The SDK ↔ wire name mapping of a call's provider tools. */
export function toolNameMapping(tools: Tools): ToolNameMapping {
  const entries: Array<[string, string]> = [];
  for (const tool of tools ?? []) {
    if (tool.type !== 'provider') continue;
    const wireName = providerToolType(tool.id);
    if (wireName !== undefined) entries.push([tool.name, wireName]);
  }
  return toolNameMappingOf(entries);
}
