import type { Source } from '../../types';
import type { Annotation } from './schemas/event-schemas';

/** A source part for one `output_text` annotation, shaped as `@ai-sdk/openai` shapes it. */
export function mapAnnotationToSource(
  annotation: Annotation,
  providerOptionsName: string,
  id: string,
): Source {
  if (annotation.type === 'url_citation') {
    return {
      type: 'source',
      sourceType: 'url',
      id,
      url: annotation.url,
      ...(annotation.title != null && { title: annotation.title }),
    };
  }

  const filename =
    annotation.type === 'file_path'
      ? annotation.file_id
      : (annotation.filename ?? annotation.file_id);
  return {
    type: 'source',
    sourceType: 'document',
    id,
    mediaType: annotation.type === 'file_path' ? 'application/octet-stream' : 'text/plain',
    title: filename,
    filename,
    providerMetadata: {
      [providerOptionsName]: {
        type: annotation.type,
        fileId: annotation.file_id,
        ...(annotation.type === 'container_file_citation'
          ? { containerId: annotation.container_id }
          : { index: annotation.index }),
      },
    },
  };
}

/**
 * Which citations give source parts, and when. Retrieval gives better sources than a citation
 * (a web search's action sources, a file search's results), so `url_citation` /
 * `file_citation` sources are given only when the response has none: decided at the end of a
 * stream (the results may still follow the citation), at once for a finished response whose
 * output is known (`known`, doGenerate). Other annotations give their source at once.
 */
export class CitationSources {
  private readonly deferred: Annotation[] = [];

  constructor(
    private readonly retrieval: {
      hasWebSearchActionSources: boolean;
      hasFileSearchResults: boolean;
    },
    private readonly known: { webSearchSources: boolean; fileSearchResults: boolean } | undefined,
  ) {}

  /** Whether this annotation gives its source now. */
  add(annotation: Annotation): boolean {
    const citing = annotation.type === 'url_citation' || annotation.type === 'file_citation';
    if (!citing) return true;
    if (this.known === undefined) {
      this.deferred.push(annotation);
      return false;
    }
    return !(annotation.type === 'url_citation'
      ? this.known.webSearchSources
      : this.known.fileSearchResults);
  }

  /** At the end of the stream: the deferred citations whose sources are still wanted. */
  remaining(): Annotation[] {
    return this.deferred.filter((annotation) =>
      annotation.type === 'url_citation'
        ? !this.retrieval.hasWebSearchActionSources
        : !this.retrieval.hasFileSearchResults,
    );
  }
}
