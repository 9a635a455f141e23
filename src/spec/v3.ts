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
import { untagV3FileData } from './v4-prompt';

/**
 * `LanguageModelV3` over the neutral model. The neutral types are V3-shaped, so this adapter only
 * narrows types, maps V4's 'interrupted' finish reason, which V3 lacks, drops V4's custom
 * (compaction) parts, and reads the file references ai@7 passes to V3 models still tagged.
 */
export class OpenAIWebSocketLanguageModelV3 extends SpecModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3';

  async doGenerate(options: LanguageModelV3CallOptions) {
    const { structuredOutputText: _v4Only, ...result } = await this.model.doGenerate(
      toNeutralOptions(options),
    );
    return {
      ...result,
      content: result.content.filter((part) => part.type !== 'custom') as LanguageModelV3Content[],
      finishReason: toV3FinishReason(result.finishReason),
      providerMetadata: result.providerMetadata as SharedV3ProviderMetadata | undefined,
      warnings: result.warnings as SharedV3Warning[],
    };
  }

  async doStream(options: LanguageModelV3CallOptions) {
    return this.streamAs(toNeutralOptions(options), (part) => {
      if (part.type === 'custom') return undefined;
      return (
        part.type === 'finish'
          ? { ...part, finishReason: toV3FinishReason(part.finishReason) }
          : part
      ) as LanguageModelV3StreamPart;
    });
  }
}

function toNeutralOptions(options: LanguageModelV3CallOptions): CallOptions {
  const neutral = options as unknown as CallOptions;
  return { ...neutral, prompt: untagV3FileData(neutral.prompt, PROVIDER_OPTIONS_NAME) };
}

/** Key of this provider's options (the core reads `providerOptions.openai`). */
const PROVIDER_OPTIONS_NAME = 'openai';

function toV3FinishReason(reason: FinishReason): LanguageModelV3FinishReason {
  return reason.unified === 'interrupted'
    ? { unified: 'other', raw: reason.raw }
    : (reason as LanguageModelV3FinishReason);
}
