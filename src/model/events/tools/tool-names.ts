import type { FunctionTool, ProviderTool } from '../../../types';

/** Provider tool ids of the OpenAI tools whose items the server emits under a fixed name. */
const providerToolNames: Record<string, string> = {
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
    const serverName = providerToolNames[tool.id];
    if (serverName !== undefined) sdkNameByServerName.set(serverName, tool.name);
    if (tool.id === 'openai.web_search' || tool.id === 'openai.web_search_preview') {
      webSearch ??= tool.name;
    }
    if (tool.id === 'openai.shell') {
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
