import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { ResponsesWebSocketModel } from '../model/responses-websocket-model';
import type { CallOptions, FinishReason, StreamPart } from '../model/types';
import { SUPPORTED_URLS } from './supported-urls';

/**
 * `LanguageModelV3` over the neutral model. The neutral types are V3-shaped, so this adapter only
 * narrows types and maps V4's 'interrupted' finish reason, which V3 lacks.
 */
export class OpenAIWebSocketLanguageModelV3 implements LanguageModelV3 {
  readonly specificationVersion = 'v3';
  readonly supportedUrls = SUPPORTED_URLS;

  constructor(private readonly model: ResponsesWebSocketModel) {}

  get provider(): string {
    return this.model.provider;
  }

  get modelId(): string {
    return this.model.modelId;
  }

  async doGenerate(options: LanguageModelV3CallOptions) {
    const result = await this.model.doGenerate(options as CallOptions);
    return {
      ...result,
      content: result.content as LanguageModelV3Content[],
      finishReason: toV3FinishReason(result.finishReason),
      providerMetadata: result.providerMetadata as SharedV3ProviderMetadata | undefined,
      warnings: result.warnings as SharedV3Warning[],
    };
  }

  async doStream(options: LanguageModelV3CallOptions) {
    const result = await this.model.doStream(options as CallOptions);
    return {
      ...result,
      stream: result.stream.pipeThrough(
        new TransformStream<StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            controller.enqueue(
              (part.type === 'finish'
                ? { ...part, finishReason: toV3FinishReason(part.finishReason) }
                : part) as LanguageModelV3StreamPart,
            );
          },
        }),
      ),
    };
  }
}

function toV3FinishReason(reason: FinishReason): LanguageModelV3FinishReason {
  return reason.unified === 'interrupted'
    ? { unified: 'other', raw: reason.raw }
    : (reason as LanguageModelV3FinishReason);
}
