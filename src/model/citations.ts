import type { Citation, ProviderOptions } from '../types';
import { mapAnnotationToSource } from './events/map-annotation';
import type { Annotation } from './events/schemas/event-schemas';

/**
 * The citations of a text block: its annotations (kept in the block's end metadata by the event
 * mapper) that cite something, i.e. all but `file_path`, as sources with their text range.
 * Undefined when there are none. V4 is the spec that carries them on text.
 */
export function textCitations(
  providerMetadata: ProviderOptions | undefined,
  providerOptionsName: string,
): Citation[] | undefined {
  const annotations = providerMetadata?.[providerOptionsName]?.annotations as
    | Annotation[]
    | undefined;
  const citing = annotations?.filter((annotation) => annotation.type !== 'file_path') ?? [];
  if (citing.length === 0) return undefined;
  return citing.map((annotation) => toCitation(annotation, providerOptionsName));
}

function toCitation(
  annotation: Exclude<Annotation, { type: 'file_path' }>,
  providerOptionsName: string,
): Citation {
  const id = annotation.type === 'url_citation' ? annotation.url : annotation.file_id;
  const source = mapAnnotationToSource(annotation, providerOptionsName, id);
  const range =
    'start_index' in annotation && annotation.start_index != null && annotation.end_index != null
      ? { startIndex: annotation.start_index, endIndex: annotation.end_index }
      : {};
  return { source, ...range };
}
