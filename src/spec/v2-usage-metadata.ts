import type { SharedV2ProviderMetadata } from '@ai-sdk/provider-v2';
import type { Usage } from '../types';

/** Key of this provider's metadata (the core writes `providerMetadata.openai`). */
const PROVIDER_METADATA_NAME = 'openai';

type RawUsage = {
  input_tokens_details?: {
    cache_write_tokens?: number | null;
    orchestration_input_tokens?: number | null;
    orchestration_input_cached_tokens?: number | null;
  } | null;
  output_tokens_details?: { orchestration_output_tokens?: number | null } | null;
};

/**
 * The token counts V2's flat usage has no field for, under `openai.usage` in the result's
 * metadata, where `@ai-sdk/openai` 2 (ai@5's) puts them; only those the server reported.
 */
function usageMetadata(usage: Usage): Record<string, number> | undefined {
  const raw = usage.raw as RawUsage | undefined;
  const counts = {
    cacheWriteTokens: raw?.input_tokens_details?.cache_write_tokens,
    orchestrationInputTokens: raw?.input_tokens_details?.orchestration_input_tokens,
    orchestrationInputCachedTokens: raw?.input_tokens_details?.orchestration_input_cached_tokens,
    orchestrationOutputTokens: raw?.output_tokens_details?.orchestration_output_tokens,
  };
  const reported = Object.entries(counts).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return reported.length > 0 ? Object.fromEntries(reported) : undefined;
}

/** A result's (or finish part's) metadata with the V2 usage counts added. */
export function withUsageMetadata(
  metadata: SharedV2ProviderMetadata | undefined,
  usage: Usage,
): SharedV2ProviderMetadata | undefined {
  const counts = usageMetadata(usage);
  if (counts === undefined) return metadata;
  return {
    ...metadata,
    [PROVIDER_METADATA_NAME]: { ...metadata?.[PROVIDER_METADATA_NAME], usage: counts },
  };
}
