import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { FilePart, JsonObject, TextPart } from '../types';
import { getTopLevelMediaType, isFileId, resolveFullMediaType, toDataUrl } from './file-data';
import { getPartOption, getPromptCacheBreakpoint, withBreakpoint } from './part-options';

/**
 * One user content part → one Responses content entry (`input_text`, `input_image`,
 * `input_file`), shaped and keyed exactly like `@ai-sdk/openai`'s:
 * - images: URL → `image_url`; `file-…` id → `file_id`; inline data → data URL;
 * - other files: URL → `file_url`; `file-…` id → `file_id`; inline data → `file_data` + a
 *   filename (`part-<index>.pdf` when unnamed). Inline non-PDF files are refused unless
 *   `passThroughUnsupportedFiles` (the API only reads PDFs inline by default).
 */
export function convertUserPart({
  part,
  index,
  providerOptionsName,
  passThroughUnsupportedFiles,
}: {
  part: TextPart | FilePart;
  index: number;
  providerOptionsName: string;
  passThroughUnsupportedFiles: boolean;
}): JsonObject {
  const breakpoint = getPromptCacheBreakpoint(part.providerOptions, providerOptionsName);

  if (part.type === 'text') {
    return withBreakpoint({ type: 'input_text', text: part.text }, breakpoint);
  }
  if (part.type !== 'file') {
    throw new UnsupportedFunctionalityError({
      functionality: `user content part type ${(part as { type: string }).type}`,
    });
  }

  const entry =
    getTopLevelMediaType(part.mediaType) === 'image'
      ? imageEntry(part, providerOptionsName)
      : fileEntry(part, index, passThroughUnsupportedFiles);
  return withBreakpoint(entry, breakpoint);
}

function imageEntry(part: FilePart, providerOptionsName: string): JsonObject {
  const { data, mediaType } = part;
  const detail = getPartOption(part.providerOptions, providerOptionsName, 'imageDetail') as
    | string
    | undefined;
  const source: JsonObject =
    data instanceof URL
      ? { image_url: data.toString() }
      : isFileId(data) || part.providerReference === true
        ? { file_id: data as string }
        : { image_url: toDataUrl(resolveFullMediaType(mediaType, data), data) };
  return { type: 'input_image', ...source, ...(detail !== undefined && { detail }) };
}

function fileEntry(
  part: FilePart,
  index: number,
  passThroughUnsupportedFiles: boolean,
): JsonObject {
  const { data, mediaType } = part;
  if (data instanceof URL) return { type: 'input_file', file_url: data.toString() };
  // A file id is a reference to an uploaded file: the API checks its type, so the inline
  // media-type check below does not apply (as for V4 provider references upstream).
  if (isFileId(data) || part.providerReference === true) {
    return { type: 'input_file', file_id: data as string };
  }

  const fullMediaType = resolveFullMediaType(mediaType, data);
  const isPdf = fullMediaType === 'application/pdf';
  if (!isPdf && !passThroughUnsupportedFiles) {
    throw new UnsupportedFunctionalityError({
      functionality: `file part media type ${fullMediaType}`,
    });
  }
  return {
    type: 'input_file',
    filename: part.filename ?? (isPdf ? `part-${index}.pdf` : `part-${index}`),
    file_data: toDataUrl(fullMediaType, data),
  };
}
