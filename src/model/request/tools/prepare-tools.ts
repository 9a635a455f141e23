import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { normalizeJsonSchema } from '../../../convert/normalize-json-schema';
import type {
  CallOptions,
  FunctionTool,
  JsonObject,
  JsonValue,
  ToolChoice,
  Warning,
} from '../../../types';
import { dropUndefined } from '../drop-undefined';
import type { OpenAIOptions } from '../openai-options';
import { prepareProviderTool } from './prepare-provider-tool';

type PreparedTools = {
  tools: JsonObject[] | undefined;
  toolChoice: JsonValue | undefined;
  warnings: Warning[];
};

/**
 * Call tools and tool choice → Responses `tools` / `tool_choice`, as `@ai-sdk/openai` sends
 * them. Function tools are `strict` when the tool says so, else when the user set
 * `strictJsonSchema` explicitly (what `@ai-sdk/openai` v2 did, for tools of ai@5, which have no
 * `strict`), else not. Unknown provider tools are left out with a warning.
 */
export async function prepareTools({
  tools,
  toolChoice,
  allowedTools,
  strictJsonSchema,
}: {
  tools: CallOptions['tools'];
  toolChoice: ToolChoice | undefined;
  allowedTools?: OpenAIOptions['allowedTools'];
  /** `providerOptions.openai.strictJsonSchema` as given by the user (undefined when not). */
  strictJsonSchema?: boolean | null;
}): Promise<PreparedTools> {
  const warnings: Warning[] = [];
  if (tools == null || tools.length === 0) {
    return { tools: undefined, toolChoice: undefined, warnings };
  }

  const openaiTools: JsonObject[] = [];
  /** SDK name → Responses type of the provider tools that are sent. */
  const providerTypes = new Map<string, string>();
  for (const tool of tools) {
    if (tool.type === 'function') {
      openaiTools.push(prepareFunctionTool(tool, strictJsonSchema, warnings));
    } else if (tool.type === 'provider') {
      const prepared = await prepareProviderTool(tool);
      if (prepared != null) {
        openaiTools.push(dropUndefined(prepared));
        if (!providerTypes.has(tool.name)) providerTypes.set(tool.name, prepared.type as string);
      } else {
        warnings.push({ type: 'unsupported', feature: `provider-defined tool ${tool.id}` });
      }
    } else {
      warnings.push({
        type: 'unsupported',
        feature: `tool type ${(tool as { type: string }).type}`,
      });
    }
  }

  const choice =
    allowedTools != null
      ? prepareAllowedTools(allowedTools, tools, providerTypes, warnings)
      : prepareToolChoice(toolChoice, providerTypes);
  return { tools: openaiTools, toolChoice: choice, warnings };
}

function prepareToolChoice(
  toolChoice: ToolChoice | undefined,
  providerTypes: ReadonlyMap<string, string>,
): JsonValue | undefined {
  if (toolChoice == null) return undefined;
  switch (toolChoice.type) {
    case 'auto':
    case 'none':
    case 'required':
      return toolChoice.type;
    case 'tool': {
      const providerType = providerTypes.get(toolChoice.toolName);
      return providerType != null
        ? { type: providerType }
        : { type: 'function', name: toolChoice.toolName };
    }
    default:
      throw new UnsupportedFunctionalityError({
        functionality: `tool choice type: ${(toolChoice as { type: string }).type}`,
      });
  }
}

function prepareFunctionTool(
  tool: FunctionTool,
  strictJsonSchema: boolean | null | undefined,
  warnings: Warning[],
): JsonObject {
  const parameters = normalizeJsonSchema(tool.inputSchema);
  warnings.push(...parameters.warnings);
  return {
    type: 'function',
    name: tool.name,
    ...(tool.description !== undefined && { description: tool.description }),
    // Cached per schema object: the same object is passed on, not copied, on every call.
    parameters: parameters.schema,
    strict: tool.strict ?? strictJsonSchema ?? false,
  };
}

/**
 * `allowedTools` → `tool_choice: { type: 'allowed_tools', mode, tools }`: restricts the callable
 * tools while the `tools` list (and so the prompt cache) stays the same.
 */
function prepareAllowedTools(
  allowedTools: NonNullable<OpenAIOptions['allowedTools']>,
  tools: NonNullable<CallOptions['tools']>,
  providerTypes: ReadonlyMap<string, string>,
  warnings: Warning[],
): JsonObject {
  const sentTypes = new Set(providerTypes.values());
  const entries: JsonObject[] = [];
  for (const name of allowedTools.toolNames) {
    // A provider tool by its name in the call, or by its Responses type ('web_search').
    const providerType = providerTypes.get(name) ?? (sentTypes.has(name) ? name : undefined);
    if (providerType != null) {
      entries.push({ type: providerType });
      continue;
    }
    if (!tools.some((t) => t.type === 'function' && t.name === name)) {
      warnings.push({
        type: 'unsupported',
        feature: `allowedTools entry "${name}"`,
        details:
          'the tool is not part of the tools for this request and is sent as a function tool',
      });
    }
    entries.push({ type: 'function', name });
  }
  return { type: 'allowed_tools', mode: allowedTools.mode ?? 'auto', tools: entries };
}
