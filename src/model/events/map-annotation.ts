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
