import { validateTypes } from '@ai-sdk/provider-utils';
import type { JsonObject, ProviderTool } from '../../../types';
import {
  codeInterpreterArgs,
  fileSearchArgs,
  imageGenerationArgs,
  type NetworkPolicy,
  webSearchArgs,
  webSearchPreviewArgs,
} from './provider-tool-args';

/*
 * The tools OpenAI runs itself (web search, file search, code interpreter, image generation):
 * their arguments validated, and the Responses tool built, as `@ai-sdk/openai` does it. Values
 * may be undefined: the caller drops them.
 */

export async function prepareWebSearch(tool: ProviderTool): Promise<JsonObject> {
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

export async function prepareWebSearchPreview(tool: ProviderTool): Promise<JsonObject> {
  const args = await validateTypes({ value: tool.args, schema: webSearchPreviewArgs });
  return {
    type: 'web_search_preview',
    search_context_size: args.searchContextSize,
    user_location: args.userLocation,
  };
}

export async function prepareFileSearch(tool: ProviderTool): Promise<JsonObject> {
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

export async function prepareCodeInterpreter(tool: ProviderTool): Promise<JsonObject> {
  const { container } = await validateTypes({ value: tool.args, schema: codeInterpreterArgs });
  if (container == null) return { type: 'code_interpreter', container: { type: 'auto' } };
  if (typeof container === 'string') return { type: 'code_interpreter', container };
  return {
    type: 'code_interpreter',
    container: {
      type: 'auto',
      file_ids: container.fileIds,
      memory_limit: container.memoryLimit,
      network_policy: mapNetworkPolicy(container.networkPolicy),
    },
  };
}

/** A container's network policy in wire form (code interpreter, shell containers). */
export function mapNetworkPolicy(policy: NetworkPolicy): JsonObject | undefined {
  if (policy == null) return undefined;
  if (policy.type === 'disabled') return { type: 'disabled' };
  return {
    type: 'allowlist',
    allowed_domains: policy.allowedDomains,
    domain_secrets: policy.domainSecrets,
  };
}

export async function prepareImageGeneration(tool: ProviderTool): Promise<JsonObject> {
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
