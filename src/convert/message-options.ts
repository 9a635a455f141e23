import type { JSONValue } from '@ai-sdk/provider';
import { parseProviderOptions } from '@ai-sdk/provider-utils';
import { z } from 'zod';
import type { JsonObject, ProviderOptions, Warning } from '../types';
import { normalizeJsonSchema } from './normalize-json-schema';

/** A request-level or message-level text format (`textFormat`, `textFormatUpdate`). */
export const textFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({
    type: z.literal('json_schema'),
    name: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-zA-Z0-9_-]+$/),
    // Typed as the AI SDK's JSON value (which allows read-only objects), as upstream types it.
    schema: z.record(z.string(), z.json() as z.ZodType<JSONValue>),
    description: z.string().optional(),
    strict: z.boolean().optional(),
  }),
]);

type TextFormat = z.infer<typeof textFormatSchema>;

/** A text format with its JSON schema made acceptable to OpenAI (warnings as it removes things). */
export function normalizeTextFormat(format: TextFormat, warnings: Warning[]): JsonObject {
  if (format.type === 'text') return format;
  const normalized = normalizeJsonSchema(format.schema as JsonObject);
  warnings.push(...normalized.warnings);
  return { ...format, schema: normalized.schema };
}

const functionDefinition = z.strictObject({
  type: z.literal('function'),
  name: z.string().min(1),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.json()),
  strict: z.boolean().optional(),
  defer_loading: z.boolean().optional(),
});

/** A tool definition loaded into the history (`additionalTools`), as the user writes it. */
const additionalTool = z.discriminatedUnion('type', [
  functionDefinition,
  z.strictObject({
    type: z.literal('custom'),
    name: z.string().min(1),
    description: z.string().optional(),
    format: z
      .discriminatedUnion('type', [
        z.strictObject({ type: z.literal('text') }),
        z.strictObject({
          type: z.literal('grammar'),
          syntax: z.enum(['regex', 'lark']),
          definition: z.string(),
        }),
      ])
      .optional(),
  }),
  z.strictObject({
    type: z.literal('namespace'),
    name: z.string().min(1),
    description: z.string(),
    tools: z.array(functionDefinition).min(1),
  }),
]);

const systemMessageOptions = z.object({
  reasoningEffortUpdate: z.enum(['none', 'low', 'medium', 'high', 'xhigh', 'max']).optional(),
  textFormatUpdate: textFormatSchema.optional(),
  additionalTools: z.array(additionalTool).optional(),
});

const toolResultOptions = z.object({ additionalTools: z.array(additionalTool).optional() });

type SystemMessageOptions = z.infer<typeof systemMessageOptions>;

const SYSTEM_KEYS = ['reasoningEffortUpdate', 'textFormatUpdate', 'additionalTools'];

/**
 * A system message's controls (configuration updates, tools loaded at its position), read
 * under the provider's name, else under `openai`, as `@ai-sdk/openai` reads them. Only parsed
 * when one of them is set: a plain system message costs no schema run.
 */
export async function readSystemMessageOptions(
  providerOptions: ProviderOptions | undefined,
  name: string,
): Promise<SystemMessageOptions | undefined> {
  for (const provider of new Set([name, 'openai'])) {
    const options = providerOptions?.[provider];
    if (options == null) continue;
    if (!SYSTEM_KEYS.some((key) => options[key] !== undefined)) return undefined;
    return parseProviderOptions({ provider, providerOptions, schema: systemMessageOptions });
  }
  return undefined;
}

/** Tools a tool result loads right after itself (`additionalTools` of the result part). */
export async function readToolResultAdditionalTools(
  providerOptions: ProviderOptions | undefined,
  name: string,
): Promise<JsonObject[] | undefined> {
  // Under the provider's name, else (unlike system messages, even when that entry exists) `openai`.
  for (const provider of new Set([name, 'openai'])) {
    if (providerOptions?.[provider]?.additionalTools === undefined) continue;
    const options = await parseProviderOptions({
      provider,
      providerOptions,
      schema: toolResultOptions,
    });
    return options?.additionalTools as JsonObject[] | undefined;
  }
  return undefined;
}
