import { normalizeTextFormat } from '../../convert/message-options';
import { normalizeJsonSchema } from '../../convert/normalize-json-schema';
import type { JsonObject, ResponseFormat, Warning } from '../../types';
import type { OpenAIOptions } from './openai-options';

/**
 * The request's `text` object (format and verbosity), or undefined when there is nothing to
 * say, as `@ai-sdk/openai` builds it:
 * - `providerOptions.openai.textFormat` wins (its schema normalised);
 * - a JSON response format with a schema → `json_schema` named `response` unless named, strict
 *   unless `strictJsonSchema: false`; without a schema → `json_object`;
 * - `textVerbosity` → `verbosity`.
 */
export function buildTextSettings({
  responseFormat,
  openaiOptions,
  warnings,
}: {
  responseFormat: ResponseFormat | undefined;
  openaiOptions: OpenAIOptions | undefined;
  warnings: Warning[];
}): JsonObject | undefined {
  const textFormat = openaiOptions?.textFormat;
  const verbosity = openaiOptions?.textVerbosity;

  let format: JsonObject | undefined;
  if (textFormat != null) {
    format = normalizeTextFormat(textFormat, warnings);
  } else if (responseFormat?.type === 'json') {
    if (responseFormat.schema != null) {
      const normalized = normalizeJsonSchema(responseFormat.schema);
      warnings.push(...normalized.warnings);
      format = {
        type: 'json_schema',
        strict: openaiOptions?.strictJsonSchema ?? true,
        name: responseFormat.name ?? 'response',
        ...(responseFormat.description !== undefined && {
          description: responseFormat.description,
        }),
        schema: normalized.schema,
      };
    } else {
      format = { type: 'json_object' };
    }
  }

  if (format == null && !verbosity) return undefined;
  return {
    ...(format != null && { format }),
    ...(verbosity ? { verbosity } : {}),
  };
}
