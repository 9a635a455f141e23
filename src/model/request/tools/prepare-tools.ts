import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { validateTypes } from '@ai-sdk/provider-utils';
import { normalizeJsonSchema } from '../../../convert/normalize-json-schema';
import type {
  CallOptions,
  FunctionTool,
  JsonObject,
  JsonValue,
  ProviderTool,
  ToolChoice,
  Warning,
} from '../../../types';
import { dropUndefined } from '../drop-undefined';
import type { OpenAIOptions } from '../openai-options';
import {
  codeInterpreterArgs,
  fileSearchArgs,
  imageGenerationArgs,
  webSearchArgs,
  webSearchPreviewArgs,
} from './provider-tool-args';

/** Provider tool ids this package sends, and their Responses tool type. */
export const providerToolTypes: Record<string, string> = {
  'openai.web_search': 'web_search',
  'openai.web_search_preview': 'web_search_preview',
  'openai.file_search': 'file_search',
  'openai.code_interpreter': 'code_interpreter',
  'openai.image_generation': 'image_generation',
};

export type PreparedTools = {
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
  for (const tool of tools) {
    if (tool.type === 'function') {
      openaiTools.push(prepareFunctionTool(tool, strictJsonSchema, warnings));
    } else if (tool.type === 'provider') {
      const prepared = await prepareProviderTool(tool);
      if (prepared != null) {
        openaiTools.push(dropUndefined(prepared));
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

  /** The tool's Responses type when `name` is one of the call's provider tools. */
  const providerTypeOf = (name: string): string | undefined => {
    const tool = tools.find((t) => t.type === 'provider' && t.name === name) as
      | ProviderTool
      | undefined;
    return tool == null ? undefined : providerToolTypes[tool.id];
  };

  if (allowedTools != null) {
    return {
      tools: openaiTools,
      toolChoice: prepareAllowedTools(allowedTools, tools, providerTypeOf, warnings),
      warnings,
    };
  }

  if (toolChoice == null) return { tools: openaiTools, toolChoice: undefined, warnings };

  switch (toolChoice.type) {
    case 'auto':
    case 'none':
    case 'required':
      return { tools: openaiTools, toolChoice: toolChoice.type, warnings };
    case 'tool': {
      const providerType = providerTypeOf(toolChoice.toolName);
      return {
        tools: openaiTools,
        toolChoice:
          providerType != null
            ? { type: providerType }
            : { type: 'function', name: toolChoice.toolName },
        warnings,
      };
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

async function prepareProviderTool(tool: ProviderTool): Promise<JsonObject | undefined> {
  switch (tool.id) {
    case 'openai.web_search': {
      const args = await validateTypes({ value: tool.args, schema: webSearchArgs });
      return {
        type: 'web_search',
        filters:
          args.filters != null
            ? {
                allowed_domains: args.filters.allowedDomains,
                blocked_domains: args.filters.blockedDomains,
              }
            : undefined,
        external_web_access: args.externalWebAccess,
        search_context_size: args.searchContextSize,
        user_location: args.userLocation,
      };
    }
    case 'openai.web_search_preview': {
      const args = await validateTypes({ value: tool.args, schema: webSearchPreviewArgs });
      return {
        type: 'web_search_preview',
        search_context_size: args.searchContextSize,
        user_location: args.userLocation,
      };
    }
    case 'openai.file_search': {
      const args = await validateTypes({ value: tool.args, schema: fileSearchArgs });
      return {
        type: 'file_search',
        vector_store_ids: args.vectorStoreIds,
        max_num_results: args.maxNumResults,
        ranking_options: args.ranking
          ? { ranker: args.ranking.ranker, score_threshold: args.ranking.scoreThreshold }
          : undefined,
        filters: args.filters as JsonObject | undefined,
      };
    }
    case 'openai.code_interpreter': {
      const { container } = await validateTypes({ value: tool.args, schema: codeInterpreterArgs });
      const policy = typeof container === 'object' ? container.networkPolicy : undefined;
      return {
        type: 'code_interpreter',
        container:
          container == null
            ? { type: 'auto', file_ids: undefined }
            : typeof container === 'string'
              ? container
              : {
                  type: 'auto',
                  file_ids: container.fileIds,
                  memory_limit: container.memoryLimit,
                  network_policy:
                    policy == null
                      ? undefined
                      : policy.type === 'disabled'
                        ? { type: 'disabled' }
                        : {
                            type: 'allowlist',
                            allowed_domains: policy.allowedDomains,
                            domain_secrets: policy.domainSecrets,
                          },
                },
      };
    }
    case 'openai.image_generation': {
      const args = await validateTypes({ value: tool.args, schema: imageGenerationArgs });
      return {
        type: 'image_generation',
        action: args.action,
        background: args.background,
        input_fidelity: args.inputFidelity,
        input_image_mask: args.inputImageMask
          ? { file_id: args.inputImageMask.fileId, image_url: args.inputImageMask.imageUrl }
          : undefined,
        model: args.model,
        moderation: args.moderation,
        partial_images: args.partialImages,
        quality: args.quality,
        output_compression: args.outputCompression,
        output_format: args.outputFormat,
        size: args.size,
      };
    }
    default:
      return undefined;
  }
}

/**
 * `allowedTools` → `tool_choice: { type: 'allowed_tools', mode, tools }`: restricts the callable
 * tools while the `tools` list (and so the prompt cache) stays the same.
 */
function prepareAllowedTools(
  allowedTools: NonNullable<OpenAIOptions['allowedTools']>,
  tools: NonNullable<CallOptions['tools']>,
  providerTypeOf: (name: string) => string | undefined,
  warnings: Warning[],
): JsonObject {
  const entries: JsonObject[] = [];
  for (const name of allowedTools.toolNames) {
    // A provider tool by its name in the call, or by its Responses type ('web_search').
    const providerType =
      providerTypeOf(name) ??
      tools
        .map((t) => (t.type === 'provider' ? providerToolTypes[t.id] : undefined))
        .find((type) => type === name);
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
