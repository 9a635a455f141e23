import { validateTypes } from '@ai-sdk/provider-utils';
import type { JsonObject, ProviderTool } from '../../../types';
import { providerToolType } from '../../provider-tools';
import {
  codeInterpreterArgs,
  fileSearchArgs,
  imageGenerationArgs,
  webSearchArgs,
  webSearchPreviewArgs,
} from './provider-tool-args';

/**
 * A provider tool → its Responses tool, as `@ai-sdk/openai` sends it (its arguments validated
 * like there); undefined for a provider tool this package cannot send. Values may be undefined:
 * the caller drops them.
 */
export async function prepareProviderTool(tool: ProviderTool): Promise<JsonObject | undefined> {
  switch (providerToolType(tool.id)) {
    case 'web_search': {
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
    case 'web_search_preview': {
      const args = await validateTypes({ value: tool.args, schema: webSearchPreviewArgs });
      return {
        type: 'web_search_preview',
        search_context_size: args.searchContextSize,
        user_location: args.userLocation,
      };
    }
    case 'file_search': {
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
    case 'code_interpreter':
      return prepareCodeInterpreter(tool);
    case 'image_generation':
      return prepareImageGeneration(tool);
    default:
      return undefined;
  }
}

async function prepareCodeInterpreter(tool: ProviderTool): Promise<JsonObject> {
  const { container } = await validateTypes({ value: tool.args, schema: codeInterpreterArgs });
  if (container == null) return { type: 'code_interpreter', container: { type: 'auto' } };
  if (typeof container === 'string') return { type: 'code_interpreter', container };
  const policy = container.networkPolicy;
  return {
    type: 'code_interpreter',
    container: {
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

async function prepareImageGeneration(tool: ProviderTool): Promise<JsonObject> {
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
