import { parseProviderOptions } from '@ai-sdk/provider-utils';
import { z } from 'zod';
import { textFormatSchema } from '../../convert/message-options';
import type { ProviderOptions } from '../../types';

/** Upper bound of `top_logprobs` in the Responses API (`logprobs: true` asks for this many). */
export const TOP_LOGPROBS_MAX = 20;

const reasoningUpdateEffort = z.enum(['none', 'low', 'medium', 'high', 'xhigh', 'max']);

/**
 * `providerOptions.openai` of a call. The option names (and their nullish-ness) are those of
 * `@ai-sdk/openai`'s Responses model, so switching providers needs no code change; validation
 * failures surface as `InvalidArgumentError`, as there.
 *
 * Added by this package: `conversationId`.
 */
const openaiOptionsSchema = z.object({
  conversation: z.string().nullish(),
  include: z
    .array(
      z.enum([
        'reasoning.encrypted_content',
        'file_search_call.results',
        'web_search_call.results',
        'message.output_text.logprobs',
      ]),
    )
    .nullish(),
  includeWebSearchSources: z.boolean().optional(),
  instructions: z.string().nullish(),
  logprobs: z.union([z.boolean(), z.number().min(1).max(TOP_LOGPROBS_MAX)]).optional(),
  maxToolCalls: z.number().nullish(),
  metadata: z.any().nullish(),
  parallelToolCalls: z.boolean().nullish(),
  previousResponseId: z.string().nullish(),
  promptCacheKey: z.string().nullish(),
  promptCacheOptions: z
    .object({
      mode: z.enum(['implicit', 'explicit']).optional(),
      ttl: z.enum(['30m', '12h']).optional(),
      prewarm: z.boolean().optional(),
      comparisonResponseId: z.string().optional(),
    })
    .optional(),
  promptCacheRetention: z.enum(['in_memory', '24h']).nullish(),
  reasoningEffort: z.string().nullish(),
  reasoningEffortUpdate: reasoningUpdateEffort.optional(),
  reasoningMode: z.enum(['standard', 'pro']).optional(),
  reasoningContext: z.enum(['auto', 'current_turn', 'all_turns']).optional(),
  reasoningSummary: z.string().nullish(),
  safetyIdentifier: z.string().nullish(),
  serviceTier: z.enum(['auto', 'flex', 'priority', 'fast', 'ultrafast', 'default']).nullish(),
  store: z.boolean().nullish(),
  passThroughUnsupportedFiles: z.boolean().optional(),
  strictJsonSchema: z.boolean().nullish(),
  textVerbosity: z.enum(['low', 'medium', 'high']).nullish(),
  textFormat: textFormatSchema.optional(),
  truncation: z.enum(['auto', 'disabled']).nullish(),
  user: z.string().nullish(),
  systemMessageMode: z.enum(['system', 'developer', 'remove']).optional(),
  forceReasoning: z.boolean().optional(),
  contextManagement: z
    .array(z.object({ type: z.literal('compaction'), compactThreshold: z.number() }))
    .nullish(),
  compactionTrigger: z.boolean().optional(),
  allowedTools: z
    .object({
      toolNames: z.array(z.string()).min(1),
      mode: z.enum(['auto', 'required']).optional(),
    })
    .optional(),

  // --- this package ---
  /** Explicit conversation key for the turn planner; never sent to the API. */
  conversationId: z.string().optional(),
});

export type OpenAIOptions = z.infer<typeof openaiOptionsSchema>;
/** The options as a user writes them (before defaults and coercion). */
export type OpenAIOptionsInput = z.input<typeof openaiOptionsSchema>;

/**
 * Parses the call's provider options. `providerOptionsName` and `'openai'` are alternatives,
 * the first present one wins as a whole (as in `@ai-sdk/openai`), so an Azure-style name can
 * still read options written under `openai`.
 *
 * @throws InvalidArgumentError when the options do not match the schema.
 */
export async function parseOpenAIOptions(
  providerOptions: ProviderOptions | undefined,
  providerOptionsName = 'openai',
): Promise<OpenAIOptions | undefined> {
  for (const provider of new Set([providerOptionsName, 'openai'])) {
    // Absent: nothing to parse (as parseProviderOptions would answer, without its awaits).
    if (providerOptions?.[provider] == null) continue;
    const options = await parseProviderOptions({
      provider,
      providerOptions,
      schema: openaiOptionsSchema,
    });
    if (options != null) return options;
  }
  return undefined;
}
