import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { LoadableToolsSource } from '../../../convert/additional-tools';
import type {
  CallOptions,
  FunctionTool,
  JsonObject,
  JsonValue,
  ToolChoice,
  Warning,
} from '../../../types';
import type { ToolNameMapping } from '../../../util/tool-name-mapping';
import { toolNameMapping } from '../../provider-tools';
import { dropUndefined } from '../drop-undefined';
import type { OpenAIOptions } from '../openai-options';
import { AllowedTools } from './allowed-tools';
import { loadableToolsSource } from './loadable-tools';
import { resolveAsyncOption, type ToolContext } from './prepare-agent-tool';
import { functionToolOptions, prepareFunctionTool } from './prepare-function-tool';
import { prepareProviderTool } from './prepare-provider-tool';

export type PreparedTools = {
  tools: JsonObject[] | undefined;
  toolChoice: JsonValue | undefined;
  warnings: Warning[];
  /** SDK ↔ wire names of the provider tools (the prompt converter maps names the same way). */
  names: ToolNameMapping;
  /** Custom (free-form) tools: their calls and results have their own item types. */
  customToolNames: string[];
  /** Function tools with an `outputSchema`: their results are sent as JSON. */
  outputSchemaToolNames: string[];
  /** What `additionalTools` entries of the history may load (loadable-tools.ts). */
  loadable?: LoadableToolsSource;
};

/** Wire types a forced tool choice names by type alone (`{ type: 'mcp' }`). */
const FORCED_BY_TYPE = new Set([
  'code_interpreter',
  'file_search',
  'image_generation',
  'web_search_preview',
  'web_search',
  'mcp',
  'apply_patch',
  'computer',
  'programmatic_tool_calling',
]);

/**
 * Call tools and tool choice → Responses `tools` / `tool_choice`, as `@ai-sdk/openai` sends
 * them: every provider tool it knows, function tools with their OpenAI options (namespaces,
 * deferred loading, callers, output schemas, async), `allowedTools` resolved by its rules.
 * Provider tools no package knows are left out with a warning.
 */
export async function prepareTools(args: {
  tools: CallOptions['tools'];
  toolChoice: ToolChoice | undefined;
  allowedTools?: OpenAIOptions['allowedTools'];
  /** Default true, as upstream. */
  supportsAsyncToolCalling?: boolean;
  providerOptionsName?: string;
}): Promise<PreparedTools> {
  const { tools, toolChoice, allowedTools } = args;
  const names = toolNameMapping(tools);
  const prepared: PreparedTools = {
    tools: undefined,
    toolChoice: undefined,
    warnings: [],
    names,
    customToolNames: [],
    outputSchemaToolNames: [],
  };
  if (tools == null || tools.length === 0) return prepared;

  const context: ToolContext = {
    supportsAsyncToolCalling: args.supportsAsyncToolCalling ?? true,
    warnings: prepared.warnings,
  };
  const forced = forcedFunction(toolChoice, allowedTools);
  const providerOptionsName = args.providerOptionsName ?? 'openai';
  const list = new ToolList(context, providerOptionsName, forced);
  const customTools = new Map<string, JsonObject>();
  for (const tool of tools) {
    if (tool.type === 'function') list.addFunction(tool, prepared);
    else if (tool.type === 'provider') {
      const openaiTool = await prepareProviderTool(tool, context);
      if (openaiTool == null) {
        prepared.warnings.push({
          type: 'unsupported',
          feature: `provider-defined tool ${tool.id}`,
        });
        continue;
      }
      const clean = dropUndefined(openaiTool) as JsonObject;
      list.items.push(clean);
      list.allowed.provider(tool.name, names.toWireName(tool.name), clean);
      if (tool.id === 'openai.custom') {
        prepared.customToolNames.push(tool.name);
        customTools.set(tool.name, clean);
      }
    } else {
      prepared.warnings.push({
        type: 'unsupported',
        feature: `tool type ${(tool as { type: string }).type}`,
      });
    }
  }

  prepared.tools = list.items;
  prepared.loadable = loadableToolsSource({
    tools,
    names,
    providerOptionsName,
    allowedTools,
    customTools,
  });
  prepared.toolChoice =
    allowedTools != null
      ? list.allowed.toolChoice(allowedTools, names, prepared.warnings)
      : prepareToolChoice(toolChoice, names, prepared.customToolNames);
  return prepared;
}

/** The function a plain tool choice forces (forcing an omitted tool is refused). */
function forcedFunction(
  toolChoice: ToolChoice | undefined,
  allowedTools: OpenAIOptions['allowedTools'],
): string | undefined {
  return allowedTools == null && toolChoice?.type === 'tool' ? toolChoice.toolName : undefined;
}

/** The `tools` list under construction: namespaces gather their functions in place. */
class ToolList {
  readonly items: JsonObject[] = [];
  readonly allowed = new AllowedTools();
  private readonly namespaces = new Map<string, JsonObject & { tools: JsonObject[] }>();

  constructor(
    private readonly context: ToolContext,
    private readonly providerOptionsName: string,
    private readonly forced: string | undefined,
  ) {}

  addFunction(tool: FunctionTool, prepared: PreparedTools): void {
    const options = functionToolOptions(tool, this.providerOptionsName);
    if (options?.outputSchema != null) prepared.outputSchemaToolNames.push(tool.name);
    if (options?.omitFromRequestTools === true) {
      this.allowed.function(
        tool.name,
        'tools omitted from the request tools array cannot be allow-listed',
      );
      if (this.forced === tool.name) {
        throw new UnsupportedFunctionalityError({
          functionality: `forcing tool "${tool.name}" omitted from the request tools array; use automatic tool choice for history-loaded tools`,
        });
      }
      return;
    }
    const async = resolveAsyncOption(options?.async, tool.name, this.context);
    const openaiTool = prepareFunctionTool(tool, options, async, this.context.warnings);
    const namespace = options?.namespace;
    if (namespace == null) this.items.push(openaiTool);
    else this.inNamespace(namespace, openaiTool);
    this.allowed.function(
      tool.name,
      namespace != null
        ? 'tools inside an OpenAI tool namespace are not visible to tool_choice.allowed_tools'
        : options?.deferLoading === true
          ? 'deferred tools are not visible to tool_choice.allowed_tools'
          : undefined,
    );
  }

  private inNamespace(namespace: { name: string; description: string }, tool: JsonObject) {
    let group = this.namespaces.get(namespace.name);
    if (group == null) {
      group = {
        type: 'namespace',
        name: namespace.name,
        description: namespace.description,
        tools: [],
      };
      this.namespaces.set(namespace.name, group);
      this.items.push(group);
    } else if (group.description !== namespace.description) {
      throw new UnsupportedFunctionalityError({
        functionality: `conflicting descriptions for OpenAI tool namespace "${namespace.name}"`,
      });
    }
    group.tools.push(tool);
  }
}

function prepareToolChoice(
  toolChoice: ToolChoice | undefined,
  names: ToolNameMapping,
  customToolNames: readonly string[],
): JsonValue | undefined {
  if (toolChoice == null) return undefined;
  switch (toolChoice.type) {
    case 'auto':
    case 'none':
    case 'required':
      return toolChoice.type;
    case 'tool': {
      const name = names.toWireName(toolChoice.toolName);
      if (FORCED_BY_TYPE.has(name)) return { type: name };
      if (customToolNames.includes(name)) return { type: 'custom', name };
      return { type: 'function', name };
    }
    default:
      throw new UnsupportedFunctionalityError({
        functionality: `tool choice type: ${(toolChoice as { type: string }).type}`,
      });
  }
}
