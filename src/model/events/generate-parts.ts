import type { StreamPart } from '../../types';
import { asObject } from '../../util/as-object';
import { ResponseEventMapper, type ResponseEventMapperOptions } from './map-events';
import { replayResponse } from './response-replay';

/**
 * The parts `doGenerate` reports for a finished response: its terminal event's output items
 * mapped as `@ai-sdk/openai`'s doGenerate maps a response object (see response-replay.ts).
 * Undefined when the terminal event holds no output items: then the streamed parts are all
 * there is (some servers send the output only item by item).
 */
export function generateParts(
  options: ResponseEventMapperOptions,
  terminal: Record<string, unknown>,
): StreamPart[] | undefined {
  const output = asObject(terminal.response)?.output;
  if (!Array.isArray(output) || output.length === 0) return undefined;
  const items = output.map((item) => asObject(item) ?? {});
  const mapper = new ResponseEventMapper({
    ...options,
    includeRawChunks: false,
    generate: {
      webSearchSources: items.some(
        (item) =>
          item.type === 'web_search_call' &&
          asObject(item.action)?.type === 'search' &&
          (asObject(item.action)?.sources as unknown[] | undefined)?.some(
            (source) => asObject(source)?.type === 'url',
          ) === true,
      ),
      fileSearchResults: items.some(
        (item) =>
          item.type === 'file_search_call' &&
          Array.isArray(item.results) &&
          item.results.length > 0,
      ),
    },
  });
  const parts = replayResponse(terminal).flatMap((event) => mapper.map(event));
  parts.push(...mapper.end());
  return parts;
}
