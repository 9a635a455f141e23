import type { JsonObject, ProviderTool } from '../../../types';
import { providerToolType } from '../../provider-tools';
import {
  prepareCustom,
  prepareMcp,
  prepareShell,
  prepareToolSearch,
  type ToolContext,
} from './prepare-agent-tool';
import {
  prepareCodeInterpreter,
  prepareFileSearch,
  prepareImageGeneration,
  prepareWebSearch,
  prepareWebSearchPreview,
} from './prepare-hosted-tool';

/**
 * A provider tool → its Responses tool, as `@ai-sdk/openai` sends it (its arguments validated
 * like there); undefined for a provider tool id neither package knows (upstream drops those
 * silently; the caller warns). Every one of @ai-sdk/openai's provider tools is sent.
 */
export async function prepareProviderTool(
  tool: ProviderTool,
  context: ToolContext,
): Promise<JsonObject | undefined> {
  if (tool.id === 'openai.custom') return prepareCustom(tool, context);
  switch (providerToolType(tool.id)) {
    case 'web_search':
      return prepareWebSearch(tool);
    case 'web_search_preview':
      return prepareWebSearchPreview(tool);
    case 'file_search':
      return prepareFileSearch(tool);
    case 'code_interpreter':
      return prepareCodeInterpreter(tool);
    case 'image_generation':
      return prepareImageGeneration(tool);
    case 'mcp':
      return prepareMcp(tool);
    case 'shell':
      return prepareShell(tool);
    case 'tool_search':
      return prepareToolSearch(tool);
    // No arguments: the tool is its type.
    case 'local_shell':
    case 'apply_patch':
    case 'computer':
    case 'programmatic_tool_calling':
      return { type: providerToolType(tool.id) as string };
    default:
      return undefined;
  }
}
