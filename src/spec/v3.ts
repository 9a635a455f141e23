import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  SharedV3ProviderMetadata,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { CallOptions, FinishReason } from '../types';
import { SpecModel } from './spec-model';

/**
 * `LanguageModelV3` over the neutral model. The neutral types are V3-shaped, so this adapter only
 * narrows types and maps V4's 'interrupted' finish reason, which V3 lacks.
 */
export class OpenAIWebSocketLanguageModelV3 extends SpecModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';

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
    return this.mapStream(
      await this.model.doStream(options as CallOptions),
      (part) =>
        (part.type === 'finish'
          ? { ...part, finishReason: toV3FinishReason(part.finishReason) }
          : part) as LanguageModelV3StreamPart,
    );
  }
}

function toV3FinishReason(reason: FinishReason): LanguageModelV3FinishReason {
  return reason.unified === 'interrupted'
    ? { unified: 'other', raw: reason.raw }
    : (reason as LanguageModelV3FinishReason);
}
