import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { convertBase64ToUint8Array, convertToBase64 } from '@ai-sdk/provider-utils';

/** `image/png` → `image`; `image` → `image`. */
export function getTopLevelMediaType(mediaType: string): string {
  const slash = mediaType.indexOf('/');
  return slash === -1 ? mediaType : mediaType.substring(0, slash);
}

function isFullMediaType(mediaType: string): boolean {
  const slash = mediaType.indexOf('/');
  if (slash === -1) return false;
  const subtype = mediaType.substring(slash + 1);
  return subtype.length > 0 && subtype !== '*';
}

/**
 * OpenAI file ids (`file-…`) given as file data are sent by id, as `@ai-sdk/openai` does with
 * its `fileIdPrefixes: ['file-']` (the V4 adapter turns provider references into such ids).
 */
export function isFileId(data: unknown): data is string {
  return typeof data === 'string' && data.startsWith('file-');
}

const base64Cache = new WeakMap<Uint8Array, string>();

/**
 * Base64 of file data. Strings are passed through as they are; bytes are encoded once per
 * `Uint8Array` object (the AI SDK hands the same bytes to every step), not on every call.
 */
function toBase64(data: string | Uint8Array): string {
  if (typeof data === 'string') return data;
  let base64 = base64Cache.get(data);
  if (base64 === undefined) {
    base64 = convertToBase64(data);
    base64Cache.set(data, base64);
  }
  return base64;
}

/** `data:<media type>;base64,<data>` */
export function toDataUrl(mediaType: string, data: string | Uint8Array): string {
  return `data:${mediaType};base64,${toBase64(data)}`;
}

const signatures: Record<string, Array<{ mediaType: string; prefix: Array<number | null> }>> = {
  image: [
    { mediaType: 'image/gif', prefix: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] },
    { mediaType: 'image/gif', prefix: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] },
    { mediaType: 'image/png', prefix: [0x89, 0x50, 0x4e, 0x47] },
    { mediaType: 'image/jpeg', prefix: [0xff, 0xd8] },
    {
      mediaType: 'image/webp',
      prefix: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
    },
    { mediaType: 'image/bmp', prefix: [0x42, 0x4d, null, null, null, null, 0, 0, 0, 0] },
    { mediaType: 'image/tiff', prefix: [0x49, 0x49, 0x2a, 0x00] },
    { mediaType: 'image/tiff', prefix: [0x4d, 0x4d, 0x00, 0x2a] },
    {
      mediaType: 'image/avif',
      prefix: [0, 0, 0, null, 0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69, 0x66],
    },
    {
      mediaType: 'image/heic',
      prefix: [0, 0, 0, null, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63],
    },
  ],
  application: [{ mediaType: 'application/pdf', prefix: [0x25, 0x50, 0x44, 0x46] }],
};

function detectMediaType(data: string | Uint8Array, topLevel: string): string | undefined {
  const table = Object.hasOwn(signatures, topLevel) ? signatures[topLevel] : undefined;
  if (table == null) return undefined;
  // The longest signature is 12 bytes: decode 16 base64 characters at most, not the file.
  const bytes = typeof data === 'string' ? convertBase64ToUint8Array(data.slice(0, 16)) : data;
  return table.find(
    ({ prefix }) =>
      bytes.length >= prefix.length &&
      prefix.every((byte, i) => byte === null || bytes[i] === byte),
  )?.mediaType;
}

/**
 * The full `type/subtype` the API needs in data URLs. A top-level-only or wildcard media type
 * (`image`, `image/*`) is completed by sniffing inline bytes, with the same errors as
 * `@ai-sdk/openai` when that is impossible. (Audio/video sniffing is not needed: the Responses
 * API takes neither as input files.)
 */
export function resolveFullMediaType(mediaType: string, data: string | Uint8Array | URL): string {
  if (isFullMediaType(mediaType)) return mediaType;
  if (!(data instanceof URL)) {
    const detected = detectMediaType(data, getTopLevelMediaType(mediaType));
    if (detected != null) return detected;
    throw new UnsupportedFunctionalityError({
      functionality: `file of media type "${mediaType}" must specify subtype since it could not be auto-detected`,
    });
  }
  throw new UnsupportedFunctionalityError({
    functionality: `file of media type "${mediaType}" must specify subtype since it is not passed as inline bytes`,
  });
}
