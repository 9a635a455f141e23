/**
 * The tools a recorded stream was made with, as a call would declare them (neutral / V4 tool
 * shapes), read from the recording's `response.created` echo. Provider tools get SDK names that
 * differ from their wire names, so the name mapping of both packages is exercised.
 */
import type { FunctionTool, ProviderTool } from '../../src/types';

type Tool = FunctionTool | ProviderTool;
type Echoed = Record<string, unknown> & { type: string };

const anyObject = { type: 'object', properties: {}, additionalProperties: true };

export const fn = (name: string): FunctionTool => ({
  type: 'function',
  name,
  inputSchema: anyObject,
});

const provider = (id: `openai.${string}`, name: string, args: Record<string, unknown> = {}) =>
  ({ type: 'provider', id, name, args }) satisfies ProviderTool;

/** SDK names of the provider tools in recordings (never the wire name). */
export const SDK_NAMES = {
  web_search: 'webSearch',
  file_search: 'fileSearch',
  code_interpreter: 'codeInterpreter',
  image_generation: 'imageGeneration',
  apply_patch: 'applyPatch',
  shell: 'shellTool',
  local_shell: 'localShell',
  tool_search: 'toolSearch',
  programmatic_tool_calling: 'programs',
  mcp: 'mcpServer',
} as const;

function fromEcho(tool: Echoed): Tool[] {
  switch (tool.type) {
    case 'function':
      return [fn(String(tool.name))];
    case 'namespace':
      return ((tool.tools as Echoed[] | undefined) ?? []).map((inner) => fn(String(inner.name)));
    case 'custom':
      return [provider('openai.custom', String(tool.name))];
    case 'web_search':
      return [provider('openai.web_search', SDK_NAMES.web_search)];
    case 'file_search':
      return [provider('openai.file_search', SDK_NAMES.file_search, { vectorStoreIds: ['vs_1'] })];
    case 'code_interpreter':
      return [provider('openai.code_interpreter', SDK_NAMES.code_interpreter)];
    case 'image_generation':
      return [provider('openai.image_generation', SDK_NAMES.image_generation)];
    case 'apply_patch':
      return [provider('openai.apply_patch', SDK_NAMES.apply_patch)];
    case 'tool_search':
      return [provider('openai.tool_search', SDK_NAMES.tool_search, { execution: tool.execution })];
    case 'programmatic_tool_calling':
      return [provider('openai.programmatic_tool_calling', SDK_NAMES.programmatic_tool_calling)];
    case 'mcp':
      return [
        provider('openai.mcp', SDK_NAMES.mcp, {
          serverLabel: tool.server_label,
          serverUrl: 'https://mcp.example.com',
        }),
      ];
    case 'shell':
      return [provider('openai.shell', SDK_NAMES.shell, { environment: shellEnvironment(tool) })];
    default:
      return [];
  }
}

function shellEnvironment(tool: Echoed): Record<string, unknown> | undefined {
  const environment = tool.environment as Echoed | undefined;
  switch (environment?.type) {
    case 'container_reference':
      return { type: 'containerReference', containerId: String(environment.container_id) };
    case 'container_auto':
      return { type: 'containerAuto' };
    case 'local':
      return { type: 'local' };
    default:
      return undefined;
  }
}

/**
 * The tools of a recording: those its `response.created` echoes, plus what older recordings
 * trimmed from it (their calls name the tools), plus a web search tool under a caller-chosen
 * name wherever none is echoed, so the name mapping is exercised everywhere.
 */
export function recordedTools(file: string, events: Array<Record<string, unknown>>): Tool[] {
  const created = events.find((event) => event.type === 'response.created') as
    | { response?: { tools?: Echoed[] } }
    | undefined;
  const tools = (created?.response?.tools ?? []).flatMap(fromEcho);
  if (file.startsWith('openai-local-shell-tool')) {
    tools.push(provider('openai.local_shell', SDK_NAMES.local_shell));
  }
  for (const name of calledFunctions(events)) {
    if (!tools.some((tool) => tool.name === name)) tools.push(fn(name));
  }
  if (!tools.some((tool) => tool.type === 'provider' && tool.id === 'openai.web_search')) {
    tools.push(provider('openai.web_search', SDK_NAMES.web_search));
  }
  return tools;
}

/** Function names the recording calls (its own or, for the `parallel` wrapper, the nested ones). */
function calledFunctions(events: Array<Record<string, unknown>>): string[] {
  const names = new Set<string>();
  for (const event of events) {
    const item = event.item as Echoed | undefined;
    if (event.type !== 'response.output_item.done' || item?.type !== 'function_call') continue;
    if (item.name === 'parallel') {
      for (const match of String(item.arguments).matchAll(/functions\.(\w+)/g)) names.add(match[1]);
    } else names.add(String(item.name));
  }
  return [...names];
}
