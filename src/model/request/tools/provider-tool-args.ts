import { z } from 'zod';

/*
 * Arguments of the OpenAI provider tools (`openai.web_search` & co.) as the user's tool
 * factories write them. The shapes (and key order: zod emits keys in schema order, and nested
 * objects are passed through to the wire) follow `@ai-sdk/openai`'s tool definitions, so the
 * request is byte-identical.
 */

const userLocation = z
  .object({
    type: z.literal('approximate'),
    country: z.string().optional(),
    city: z.string().optional(),
    region: z.string().optional(),
    timezone: z.string().optional(),
  })
  .optional();

/** A container's network access (code interpreter, shell containers). */
export const networkPolicy = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('disabled') }),
    z.object({
      type: z.literal('allowlist'),
      allowedDomains: z.array(z.string()),
      domainSecrets: z
        .array(z.object({ domain: z.string(), name: z.string(), value: z.string() }))
        .optional(),
    }),
  ])
  .optional();

export type NetworkPolicy = z.infer<typeof networkPolicy>;

const searchContextSize = z.enum(['low', 'medium', 'high']).optional();

export const webSearchArgs = z.object({
  externalWebAccess: z.boolean().optional(),
  filters: z
    .object({
      allowedDomains: z.array(z.string()).optional(),
      blockedDomains: z.array(z.string()).optional(),
    })
    .optional(),
  searchContextSize,
  userLocation,
});

export const webSearchPreviewArgs = z.object({ searchContextSize, userLocation });

const comparisonFilter = z.object({
  key: z.string(),
  type: z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin']),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]),
});

type CompoundFilter = {
  type: 'and' | 'or';
  filters: Array<z.infer<typeof comparisonFilter> | CompoundFilter>;
};

const compoundFilter: z.ZodType<CompoundFilter> = z.object({
  type: z.enum(['and', 'or']),
  filters: z.array(z.union([comparisonFilter, z.lazy(() => compoundFilter)])),
});

export const fileSearchArgs = z.object({
  vectorStoreIds: z.array(z.string()),
  maxNumResults: z.number().optional(),
  ranking: z
    .object({ ranker: z.string().optional(), scoreThreshold: z.number().optional() })
    .optional(),
  filters: z.union([comparisonFilter, compoundFilter]).optional(),
});

export const codeInterpreterArgs = z.object({
  container: z
    .union([
      z.string(),
      z.object({
        fileIds: z.array(z.string()).optional(),
        memoryLimit: z.enum(['1g', '4g', '16g', '64g']).optional(),
        networkPolicy,
      }),
    ])
    .optional(),
});

export const imageGenerationArgs = z
  .object({
    action: z.enum(['generate', 'edit', 'auto']).optional(),
    background: z.enum(['auto', 'opaque', 'transparent']).optional(),
    inputFidelity: z.enum(['low', 'high']).optional(),
    inputImageMask: z
      .object({ fileId: z.string().optional(), imageUrl: z.string().optional() })
      .optional(),
    model: z.string().optional(),
    moderation: z.enum(['auto', 'low']).optional(),
    outputCompression: z.number().int().min(0).max(100).optional(),
    outputFormat: z.enum(['png', 'jpeg', 'webp']).optional(),
    partialImages: z.number().int().min(0).max(3).optional(),
    quality: z.enum(['auto', 'low', 'medium', 'high', 'xhigh', 'max']).optional(),
    size: z
      .union([
        z.enum(['1024x1024', '1024x1536', '1536x1024', 'auto']),
        z.string().regex(/^\d+x\d+$/),
      ])
      .optional(),
  })
  .strict();
