import {
  type LoadableTools,
  type LoadableToolsSource,
  NO_LOADABLE_TOOLS,
  type ToolResolution,
} from '../../../convert/additional-tools';
import type { CallOptions, FunctionTool, JsonObject, Warning } from '../../../types';
import type { ToolNameMapping } from '../../../util/tool-name-mapping';
import type { OpenAIOptions } from '../openai-options';
import {
  type FunctionToolOptions,
  functionToolOptions,
  prepareFunctionTool,
} from './prepare-function-tool';

type LoadableArgs = {
  tools: NonNullable<CallOptions['tools']>;
  names: ToolNameMapping;
  providerOptionsName: string;
  allowedTools: OpenAIOptions['allowedTools'] | undefined;
  /** The prepared `custom` tools of the call, by name. */
  customTools: ReadonlyMap<string, JsonObject>;
};

/**
 * The call's loadable tools (`loadableTools`), resolved the first time an `additionalTools`
 * entry of the prompt asks, then kept for the call, with their JSON as fingerprint.
 */
export function loadableToolsSource(args: LoadableArgs): LoadableToolsSource {
  let resolved: ReturnType<LoadableToolsSource> | undefined;
  return () => {
    if (resolved === undefined) {
      const tools = loadableTools(args);
      resolved = { tools, key: tools ? JSON.stringify(tools) : NO_LOADABLE_TOOLS };
    }
    return resolved;
  };
}

/**
 * What each tool of the call gives an `additionalTools` entry of the history that names it, by
 * `@ai-sdk/openai`'s rules (4.0.119 on): its own definition (name, description, input schema,
 * `strict`, `defer_loading`), never the entry's; nothing, with a warning, when `allowedTools`
 * leaves it out or it restricts its callers (a definition loaded from history cannot say so).
 * Resolved for every tool at once rather than per entry, so that the result is plain data a
 * converted prefix can be checked against (its fingerprint).
 */
function loadableTools(args: LoadableArgs): LoadableTools | undefined {
  const { tools, names, allowedTools } = args;
  const allowed = allowedTools && new Set(allowedTools.toolNames.map(names.toWireName));
  const loadable: LoadableTools = { function: {}, namespace: {}, custom: {} };
  let any = false;
  for (const tool of tools) {
    if (tool.type === 'function') {
      const options = functionToolOptions(tool, args.providerOptionsName);
      const namespace = options?.namespace?.name;
      if (namespace !== undefined) {
        loadable.namespace[namespace] ??= resolveNamespace(namespace, args, allowed);
      } else {
        loadable.function[tool.name] ??= resolveFunction(tool, options, allowed);
      }
      any = true;
    } else if (tool.type === 'provider' && tool.id === 'openai.custom') {
      const prepared = args.customTools.get(tool.name);
      if (prepared === undefined) continue;
      loadable.custom[tool.name] ??= notAllowed(tool.name, allowed) ?? {
        definition: {
          type: 'custom',
          name: tool.name,
          description: prepared.description,
          format: prepared.format,
        },
        warnings: [],
      };
      any = true;
    }
  }
  return any ? loadable : undefined;
}

function resolveFunction(
  tool: FunctionTool,
  options: FunctionToolOptions | undefined,
  allowed: ReadonlySet<string> | undefined,
): ToolResolution {
  const refused = notAllowed(tool.name, allowed);
  if (refused) return refused;
  if (options?.allowedCallers != null) {
    return refusal(
      `additionalTools entry "${tool.name}"`,
      'the registered tool restricts allowed callers, which a definition loaded from history cannot express; the entry is not loaded',
    );
  }
  // A tool of the request's `tools` gave its schema warnings there; a hidden one gives them here.
  const warnings: Warning[] = [];
  const definition = asLoaded(tool, options, warnings);
  return { definition, warnings: options?.omitFromRequestTools === true ? warnings : [] };
}

function resolveNamespace(
  name: string,
  { tools, providerOptionsName }: LoadableArgs,
  allowed: ReadonlySet<string> | undefined,
): ToolResolution {
  const warnings: Warning[] = [];
  const members: JsonObject[] = [];
  let description: string | undefined;
  for (const tool of tools) {
    if (tool.type !== 'function') continue;
    const options = functionToolOptions(tool, providerOptionsName);
    const namespace = options?.namespace;
    if (namespace?.name !== name) continue;
    if (description === undefined) description = namespace.description;
    else if (description !== namespace.description) {
      warnings.push({
        type: 'unsupported',
        feature: `conflicting descriptions for OpenAI tool namespace "${name}"`,
        details: 'the first registered description is used for the loaded namespace',
      });
    }
    if (options?.allowedCallers != null) {
      warnings.push({
        type: 'unsupported',
        feature: `additionalTools namespace "${name}"`,
        details: `tool "${tool.name}" restricts allowed callers, which a definition loaded from history cannot express; it is not loaded`,
      });
      continue;
    }
    const hidden = options?.omitFromRequestTools === true;
    members.push(asLoaded(tool, options, hidden ? warnings : []));
  }
  if (allowed !== undefined) {
    return refusal(
      `additionalTools namespace "${name}"`,
      'tool namespaces cannot be loaded while allowedTools restricts the callable tools; the entry is not loaded',
    );
  }
  if (members.length === 0) return { warnings };
  return {
    definition: { type: 'namespace', name, description: description as string, tools: members },
    warnings,
  };
}

/** The definition an `additional_tools` item carries for a function tool. */
function asLoaded(
  tool: FunctionTool,
  options: FunctionToolOptions | undefined,
  warnings: Warning[],
): JsonObject {
  const prepared = prepareFunctionTool(tool, options, undefined, warnings);
  return {
    type: 'function',
    name: prepared.name,
    ...(prepared.description !== undefined && { description: prepared.description }),
    parameters: prepared.parameters,
    strict: prepared.strict,
    ...(prepared.defer_loading != null && { defer_loading: prepared.defer_loading }),
  };
}

function notAllowed(name: string, allowed: ReadonlySet<string> | undefined) {
  if (allowed === undefined || allowed.has(name)) return undefined;
  return refusal(
    `additionalTools entry "${name}"`,
    'the tool is not part of allowedTools for this request; the entry is not loaded',
  );
}

function refusal(feature: string, details: string): ToolResolution {
  return { warnings: [{ type: 'unsupported', feature, details }] };
}
