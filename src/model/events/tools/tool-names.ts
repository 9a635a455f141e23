import type { FunctionTool, ProviderTool } from '../../../types';
import { firstProviderTool, toolNameMapping } from '../../provider-tools';

export type ToolNames = {
  /** The name the caller gave a provider tool (`{ search: openai.tools.webSearch() }` → 'search'). */
  toSdkName(serverName: string): string;
  /** SDK name of the web search tool (either id), `web_search` when none was declared. */
  webSearch: string;
  /** Shell calls run in an OpenAI container (not on the caller's machine). */
  shellProviderExecuted: boolean;
  /** Names of the declared function tools (for the `parallel` wrapper). */
  functionTools: ReadonlySet<string>;
};

export function createToolNames(tools: Array<FunctionTool | ProviderTool> | undefined): ToolNames {
  const functionTools = new Set<string>();
  for (const tool of tools ?? []) if (tool.type === 'function') functionTools.add(tool.name);
  // The first tool of a kind decides, as @ai-sdk/openai looks it up.
  const webSearch = firstProviderTool(tools, 'web_search', 'web_search_preview')?.name;
  const shell = firstProviderTool(tools, 'shell');
  const environment = (shell?.args as { environment?: { type?: unknown } } | undefined)
    ?.environment;
  return {
    toSdkName: toolNameMapping(tools).toSdkName,
    webSearch: webSearch ?? 'web_search',
    shellProviderExecuted:
      environment?.type === 'containerAuto' || environment?.type === 'containerReference',
    functionTools,
  };
}
