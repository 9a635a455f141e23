import type {
  JsonObject,
  JsonValue,
  ProviderOptions,
  ToolResultContentItem,
  ToolResultOutput,
  Warning,
} from '../types';
import { getTopLevelMediaType, resolveFullMediaType, toDataUrl } from './file-data';
import { stringifyError, stringifyJson } from './json-cache';
import { getPartOption, getPromptCacheBreakpoint, withBreakpoint } from './part-options';

/**
 * `function_call_output.output` for a tool result, as `@ai-sdk/openai` builds it: a string for
 * text / json / error / denied outputs (json via the per-object cache), a list of
 * `input_text` / `input_image` / `input_file` entries for content outputs.
 */
export function convertToolOutput({
  output,
  resultProviderOptions,
  providerOptionsName,
  warnings,
  scalarBreakpoints = true,
}: {
  output: ToolResultOutput;
  /** The tool-result part's own provider options (fallback for the cache breakpoint). */
  resultProviderOptions: ProviderOptions | undefined;
  providerOptionsName: string;
  warnings: Warning[];
  /** false: a scalar output stays a plain string (the caller places its breakpoint). */
  scalarBreakpoints?: boolean;
}): JsonValue {
  if (output.type === 'content') {
    const entries: JsonObject[] = [];
    for (const item of output.value) {
      const entry = convertContentItem(item, providerOptionsName, warnings);
      if (entry != null) entries.push(entry);
    }
    return entries;
  }

  const text = scalarOutputText(output);
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

function scalarOutputText(output: Exclude<ToolResultOutput, { type: 'content' }>): string {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'json':
      return stringifyJson(output.value);
    case 'error-text':
    case 'error-json':
      return stringifyError(output.value);
    case 'execution-denied':
      return output.reason ?? 'Tool call execution denied.';
  }
}

type ItemWithOptions = ToolResultContentItem & { providerOptions?: ProviderOptions };

function convertContentItem(
  item: ItemWithOptions,
  providerOptionsName: string,
  warnings: Warning[],
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

    // V3 file-id items: a plain id or a provider → id map.
    case 'image-file-id':
    case 'file-id': {
      const fileId = resolveFileId(item.fileId, providerOptionsName);
      if (fileId == null) break;
      return item.type === 'image-file-id' ? image({ file_id: fileId }) : file({ file_id: fileId });
    }
  }

  warnings.push({ type: 'other', message: `unsupported tool content part type: ${item.type}` });
  return undefined;
}

function resolveFileId(fileId: unknown, providerOptionsName: string): string | undefined {
  if (typeof fileId === 'string') return fileId;
  if (typeof fileId === 'object' && fileId != null) {
    const id = (fileId as Record<string, unknown>)[providerOptionsName];
    return typeof id === 'string' ? id : undefined;
  }
  return undefined;
}
