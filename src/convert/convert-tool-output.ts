import type {
  JsonObject,
  JsonValue,
  ProviderOptions,
  ToolResultContentItem,
  ToolResultOutput,
  Warning,
} from '../types';
import { NoSuchProviderReferenceError } from '../util/no-such-provider-reference-error';
import { getTopLevelMediaType, resolveFullMediaType, toDataUrl } from './file-data';
import { stringifyError, stringifyJson } from './json-cache';
import { getPartOption, getPromptCacheBreakpoint, withBreakpoint } from './part-options';

/**
 * `function_call_output.output` (or, for a custom tool, `custom_tool_call_output.output`) for a
 * tool result, as `@ai-sdk/openai` builds it: a string for text / json / error / denied outputs
 * (json via the per-object cache; text as a JSON string when the function declares an output
 * schema, which makes OpenAI parse the output), a list of `input_text` / `input_image` /
 * `input_file` entries for content outputs (custom tools take no file ids).
 */
export function convertToolOutput({
  output,
  resultProviderOptions,
  providerOptionsName,
  warnings,
  scalarBreakpoints = true,
  hasOutputSchema = false,
  custom = false,
}: {
  output: ToolResultOutput;
  /** The tool-result part's own provider options (fallback for the cache breakpoint). */
  resultProviderOptions: ProviderOptions | undefined;
  providerOptionsName: string;
  warnings: Warning[];
  /** false: a scalar output stays a plain string (the caller places its breakpoint). */
  scalarBreakpoints?: boolean;
  /** The function declares an output schema. */
  hasOutputSchema?: boolean;
  /** The output of a custom (free-form) tool. */
  custom?: boolean;
}): JsonValue {
  if (output.type === 'content') {
    const entries: JsonObject[] = [];
    for (const item of output.value) {
      const entry = convertContentItem(item, providerOptionsName, warnings, custom);
      if (entry != null) entries.push(entry);
    }
    return entries;
  }

  const text = scalarOutputText(output, hasOutputSchema && !custom);
  const breakpoint = scalarBreakpoints
    ? getScalarBreakpoint(output, resultProviderOptions, providerOptionsName)
    : undefined;
  return breakpoint == null
    ? text
    : [{ type: 'input_text', text, prompt_cache_breakpoint: breakpoint }];
}

/** Cache breakpoint of a non-content output: the output's own, else its tool-result part's. */
export function getScalarBreakpoint(
  output: ToolResultOutput,
  resultProviderOptions: ProviderOptions | undefined,
  providerOptionsName: string,
): JsonObject | undefined {
  if (output.type === 'content') return undefined;
  return (
    getPromptCacheBreakpoint(output.providerOptions, providerOptionsName) ??
    getPromptCacheBreakpoint(resultProviderOptions, providerOptionsName)
  );
}

function scalarOutputText(
  output: Exclude<ToolResultOutput, { type: 'content' }>,
  asJson: boolean,
): string {
  switch (output.type) {
    case 'text':
      return asJson ? stringifyJson(output.value) : output.value;
    case 'json':
      return stringifyJson(output.value);
    case 'error-text':
    case 'error-json':
      return stringifyError(output.value);
    case 'execution-denied': {
      const reason = output.reason ?? 'Tool call execution denied.';
      return asJson ? stringifyJson(reason) : reason;
    }
  }
}

type ItemWithOptions = ToolResultContentItem & { providerOptions?: ProviderOptions };

function convertContentItem(
  item: ItemWithOptions,
  providerOptionsName: string,
  warnings: Warning[],
  custom: boolean,
): JsonObject | undefined {
  const breakpoint = getPromptCacheBreakpoint(item.providerOptions, providerOptionsName);
  const detail = getPartOption(item.providerOptions, providerOptionsName, 'imageDetail') as
    | string
    | undefined;
  const image = (source: JsonObject): JsonObject =>
    withBreakpoint(
      { type: 'input_image', ...source, ...(detail !== undefined && { detail }) },
      breakpoint,
    );
  const file = (source: JsonObject): JsonObject =>
    withBreakpoint({ type: 'input_file', ...source }, breakpoint);

  switch (item.type) {
    case 'text':
      return withBreakpoint({ type: 'input_text', text: item.text as string }, breakpoint);

    // Inline data: images become input_image, anything else an input_file (named 'data' when
    // unnamed, as upstream). 'media' is V2's name for the same thing.
    case 'image-data':
    case 'file-data':
    case 'media': {
      const data = item.data as string;
      const mediaType = resolveFullMediaType(item.mediaType as string, data);
      const dataUrl = toDataUrl(mediaType, data);
      return getTopLevelMediaType(mediaType) === 'image'
        ? image({ image_url: dataUrl })
        : file({
            filename: (item as { filename?: string }).filename ?? 'data',
            file_data: dataUrl,
          });
    }

    case 'image-url':
      return image({ image_url: item.url as string });
    case 'file-url': {
      const mediaType = item.mediaType as string | undefined;
      return mediaType != null && getTopLevelMediaType(mediaType) === 'image'
        ? image({ image_url: item.url as string })
        : file({ file_url: item.url as string });
    }

    // V3 file-id items (V4 file references): a plain id or a provider → id map.
    case 'image-file-id':
    case 'file-id': {
      if (custom) {
        warnings.push({
          type: 'other',
          message: 'unsupported custom tool content part type: file with data type: reference',
        });
        return undefined;
      }
      const fileId = resolveFileId(item, providerOptionsName);
      if (fileId == null) break;
      return item.type === 'image-file-id' ? image({ file_id: fileId }) : file({ file_id: fileId });
    }
  }

  const kind = custom ? 'custom tool' : 'tool';
  // A V4 file item whose data kind (text) has no tool-output form.
  const dataKind = ((item as { data?: unknown }).data as { type?: unknown } | undefined)?.type;
  const suffix = item.type === 'file' && dataKind != null ? ` with data type: ${dataKind}` : '';
  warnings.push({
    type: 'other',
    message: `unsupported ${kind} content part type: ${item.type}${suffix}`,
  });
  return undefined;
}

/**
 * The id of a file-id item: a plain id or a provider → id map. A V4 reference must name this
 * provider (upstream refuses it); a V3 map without it is skipped with a warning.
 */
function resolveFileId(item: ItemWithOptions, providerOptionsName: string): string | undefined {
  const { fileId } = item as { fileId?: unknown };
  if (typeof fileId === 'string') return fileId;
  if (typeof fileId === 'object' && fileId != null) {
    const id = (fileId as Record<string, unknown>)[providerOptionsName];
    if (typeof id === 'string') return id;
    if ((item as { providerReference?: boolean }).providerReference === true) {
      throw new NoSuchProviderReferenceError({
        provider: providerOptionsName,
        reference: fileId as Record<string, string>,
      });
    }
  }
  return undefined;
}
