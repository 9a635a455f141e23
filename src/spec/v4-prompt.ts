import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { convertUint8ArrayToBase64 } from '@ai-sdk/provider-utils';
import type { LanguageModelV4Prompt, SharedV4FileData } from '@ai-sdk/provider-v4';
import type {
  FilePart,
  Prompt,
  ProviderOptions,
  ToolResultContentItem,
  ToolResultOutput,
} from '../types';
import { NoSuchProviderReferenceError } from '../util/no-such-provider-reference-error';

/**
 * V4's prompt differs from the neutral (V3-shaped) one only in its tagged file data. Everything
 * else (custom compaction parts and reasoning files too, which the converter reads or skips) is
 * passed through untouched, so the strings the delta planner compares stay the same instances.
 */
export function toNeutralPrompt(prompt: LanguageModelV4Prompt, providerName: string): Prompt {
  return prompt.map((message) => {
    if (message.role === 'system') return message;
    const parts = message.content as Array<{ type: string; output?: ToolResultOutput }>;
    // Most messages need nothing: pass them on as they are (no copy per call of a long history).
    if (!parts.some(needsConversion)) return message as Prompt[number];
    const content = parts.flatMap((part): unknown[] => {
      switch (part.type) {
        case 'file':
          return [toNeutralFile(part as unknown as V4File, providerName, message.role === 'user')];
        case 'tool-result':
          return [toNeutralToolResult(part as unknown as { output: ToolResultOutput })];
        default:
          return [part];
      }
    });
    return { ...message, content } as Prompt[number];
  });
}

function needsConversion(part: { type: string; output?: ToolResultOutput }): boolean {
  switch (part.type) {
    case 'file':
      return true;
    case 'tool-result':
      return part.output?.type === 'content';
    default:
      return false;
  }
}

type V4File = {
  type: 'file';
  data: SharedV4FileData;
  mediaType: string;
  filename?: string;
  providerOptions?: FilePart['providerOptions'];
};

/**
 * A V3 prompt as ai@7 hands it to a V3 model: file data ai@7 cannot express in V3 (provider
 * references, text) arrives still tagged. Those become a file id or base64 text, as in V4.
 */
export function untagV3FileData(prompt: Prompt, providerName: string): Prompt {
  return prompt.map((message) => {
    if (message.role === 'system' || !message.content.some(isTaggedFile)) return message;
    const content = message.content.map((part) =>
      isTaggedFile(part)
        ? {
            ...part,
            data: fileData((part as FilePart).data as unknown as SharedV4FileData, providerName),
          }
        : part,
    );
    return { ...message, content } as Prompt[number];
  });
}

function isTaggedFile(part: { type: string; data?: unknown }): boolean {
  const { data } = part;
  return (
    part.type === 'file' &&
    typeof data === 'object' &&
    data !== null &&
    !(data instanceof URL) &&
    !(data instanceof Uint8Array) &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}

function fileData(data: SharedV4FileData, providerName: string): string | Uint8Array | URL {
  switch (data.type) {
    case 'data':
      return data.data;
    case 'url':
      return data.url;
    case 'reference':
      // A provider file id ("file-…"): the converter sends it as file_id.
      return data.reference[providerName] ?? Object.values(data.reference)[0] ?? '';
    case 'text':
      return convertUint8ArrayToBase64(new TextEncoder().encode(data.text));
  }
}

/**
 * A V4 file part as a neutral one. A user's file is checked as upstream checks it (assistant
 * files are skipped by the converter whatever their data): text data is refused, a reference
 * must name this provider, and its id is sent as `file_id` whatever its prefix.
 */
function toNeutralFile(part: V4File, providerName: string, isUser: boolean): FilePart {
  const { data } = part;
  if (isUser && data.type === 'text') {
    throw new UnsupportedFunctionalityError({ functionality: 'text file parts' });
  }
  if (isUser && data.type === 'reference' && data.reference[providerName] == null) {
    throw new NoSuchProviderReferenceError({ provider: providerName, reference: data.reference });
  }
  return {
    type: 'file',
    data: fileData(data, providerName),
    mediaType: part.mediaType,
    ...(part.filename !== undefined && { filename: part.filename }),
    ...(part.providerOptions !== undefined && { providerOptions: part.providerOptions }),
    ...(isUser && data.type === 'reference' && { providerReference: true }),
  };
}

function toNeutralToolResult<T extends { output: ToolResultOutput }>(part: T): T {
  if (part.output.type !== 'content') return part;
  const value = part.output.value.map((item): ToolResultContentItem => {
    if (item.type !== 'file') return item;
    const { data, mediaType, filename, providerOptions } = item as unknown as {
      data: SharedV4FileData;
      mediaType: string;
      filename?: string;
      providerOptions?: ProviderOptions;
    };
    // Per-item options (imageDetail, promptCacheBreakpoint) stay on the item, as upstream reads them.
    const options = providerOptions !== undefined ? { providerOptions } : {};
    // 'image' alone is an image too (upstream compares the top-level type).
    const image = mediaType.split('/')[0] === 'image';
    switch (data.type) {
      case 'data':
        return {
          type: image ? 'image-data' : 'file-data',
          data: typeof data.data === 'string' ? data.data : convertUint8ArrayToBase64(data.data),
          mediaType,
          ...(filename !== undefined && { filename }),
          ...options,
        };
      case 'url':
        return image
          ? { type: 'image-url', url: data.url.toString(), ...options }
          : { type: 'file-url', url: data.url.toString(), mediaType, ...options };
      case 'reference':
        return {
          type: image ? 'image-file-id' : 'file-id',
          fileId: data.reference,
          providerReference: true,
          ...options,
        };
      default:
        // Text data has no tool-output form: the converter warns and drops it, as upstream.
        return item;
    }
  });
  return { ...part, output: { ...part.output, value } };
}
