import type { ResponsesWebSocketModel } from '../model/responses-websocket-model';
import type { CallOptions, StreamPart } from '../types';

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

  /**
   * The neutral stream with each part converted (`undefined` drops a part). The conversion runs
   * inside the model's one stream as each part is enqueued: no second stream stage per part.
   */
  protected streamAs<T>(options: CallOptions, convert: (part: StreamPart) => T | undefined) {
    return this.model.doStream(options, convert);
  }
}
