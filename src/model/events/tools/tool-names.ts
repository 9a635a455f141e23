import type { FunctionTool, ProviderTool } from '../../../types';
import { providerToolType } from '../../provider-tools';

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
  const sdkNameByServerName = new Map<string, string>();
  const functionTools = new Set<string>();
  let webSearch: string | undefined;
  let shellProviderExecuted = false;

  for (const tool of tools ?? []) {
    if (tool.type === 'function') {
      functionTools.add(tool.name);
      continue;
    }
    const serverName = providerToolType(tool.id);
    if (serverName !== undefined) sdkNameByServerName.set(serverName, tool.name);
    if (serverName === 'web_search' || serverName === 'web_search_preview') {
      webSearch ??= tool.name;
    }
    if (serverName === 'shell') {
      const environment = (tool.args as { environment?: { type?: unknown } }).environment;
      shellProviderExecuted =
        environment?.type === 'containerAuto' || environment?.type === 'containerReference';
    }
  }

  return {
    toSdkName: (serverName) => sdkNameByServerName.get(serverName) ?? serverName,
    webSearch: webSearch ?? 'web_search',
    shellProviderExecuted,
    functionTools,
  };
}
