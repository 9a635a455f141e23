import { z } from 'zod';
import { networkPolicy } from './provider-tool-args';

/*
 * Arguments of the provider tools that act for an agent (shell, MCP, custom, tool search), as
 * the user's tool factories write them. Shapes and refinements follow `@ai-sdk/openai`'s tool
 * definitions, so the same arguments are accepted and refused (provider-tool-args.ts has the
 * hosted search and generation tools).
 */

const containerSkills = z
  .array(
    z.discriminatedUnion('type', [
      z.object({
        type: z.literal('skillReference'),
        providerReference: z.record(z.string(), z.string()),
        version: z.string().optional(),
      }),
      z.object({
        type: z.literal('inline'),
        name: z.string(),
        description: z.string(),
        source: z.object({
          type: z.literal('base64'),
          mediaType: z.literal('application/zip'),
          data: z.string(),
        }),
      }),
    ]),
  )
  .optional();

export const shellArgs = z.object({
  environment: z
    .union([
      z.object({
        type: z.literal('containerAuto'),
        fileIds: z.array(z.string()).optional(),
        memoryLimit: z.enum(['1g', '4g', '16g', '64g']).optional(),
        networkPolicy,
        skills: containerSkills,
      }),
      z.object({ type: z.literal('containerReference'), containerId: z.string() }),
      z.object({
        type: z.literal('local').optional(),
        skills: z
          .array(z.object({ name: z.string(), description: z.string(), path: z.string() }))
          .optional(),
      }),
    ])
    .optional(),
});

export const mcpArgs = z
  .object({
    serverLabel: z.string(),
    allowedTools: z
      .union([
        z.array(z.string()),
        z.object({
          readOnly: z.boolean().optional(),
          toolNames: z.array(z.string()).optional(),
        }),
      ])
      .optional(),
    authorization: z.string().optional(),
    connectorId: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    requireApproval: z
      .union([
        z.enum(['always', 'never']),
        z.object({
          never: z.object({ toolNames: z.array(z.string()).optional() }).optional(),
        }),
      ])
      .optional(),
    serverDescription: z.string().optional(),
    serverUrl: z.string().optional(),
    tunnelId: z.string().optional(),
  })
  .refine(
    (v) => v.serverUrl != null || v.connectorId != null || v.tunnelId != null,
    'One of serverUrl, connectorId, or tunnelId must be provided.',
  )
  .refine(
    (v) => v.tunnelId == null || (v.serverUrl == null && v.connectorId == null),
    'tunnelId cannot be combined with serverUrl or connectorId.',
  );

export const customArgs = z.object({
  description: z.string().optional(),
  async: z.boolean().optional(),
  format: z
    .union([
      z.object({
        type: z.literal('grammar'),
        syntax: z.enum(['regex', 'lark']),
        definition: z.string(),
      }),
      z.object({ type: z.literal('text') }),
    ])
    .optional(),
});

export const toolSearchArgs = z.object({
  execution: z.enum(['server', 'client']).optional(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
