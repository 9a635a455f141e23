import type { ResponsesWebSocketModel } from '../model/responses-websocket-model';
import type { StreamPart, StreamResult } from '../types';

/**
 * What every spec adapter shares: identity, supported URLs, and a stream re-typed part by part.
 * Subclasses only convert types; behaviour lives in the neutral model.
 */
export abstract class SpecModel {
  /**
   * URLs the Responses API fetches itself (so the AI SDK does not download them), as
   * @ai-sdk/openai declares them.
   */
  readonly supportedUrls: Record<string, RegExp[]> = {
    'image/*': [/^https?:\/\/.*$/],
    'application/pdf': [/^https?:\/\/.*$/],
  };

  constructor(protected readonly model: ResponsesWebSocketModel) {}

  get provider(): string {
    return this.model.provider;
  }

  get modelId(): string {
    return this.model.modelId;
  }

  /** The neutral stream result with each part converted (`undefined` drops a part). */
  protected mapStream<T>(result: StreamResult, convert: (part: StreamPart) => T | undefined) {
    return {
      ...result,
      stream: result.stream.pipeThrough(
        new TransformStream<StreamPart, T>({
          transform(part, controller) {
            const converted = convert(part);
            if (converted !== undefined) controller.enqueue(converted);
          },
        }),
      ),
    };
  }
}
