import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
  SharedV4ProviderMetadata,
  SharedV4Warning,
} from '@ai-sdk/provider-v4';
import type { ResponsesWebSocketModel } from '../model/responses-websocket-model';
import type { CallOptions, StreamPart } from '../model/types';
import { SUPPORTED_URLS } from './supported-urls';
import { toNeutralPrompt } from './v4-prompt';

/** `LanguageModelV4` over the neutral model: converts the prompt's tagged file data; results pass as they are. */
export class OpenAIWebSocketLanguageModelV4 implements LanguageModelV4 {
  readonly specificationVersion = 'v4';
  readonly supportedUrls = SUPPORTED_URLS;

  constructor(private readonly model: ResponsesWebSocketModel) {}

  get provider(): string {
    return this.model.provider;
  }

  get modelId(): string {
    return this.model.modelId;
  }

  async doGenerate(options: LanguageModelV4CallOptions) {
    const result = await this.model.doGenerate(this.toNeutral(options));
    return {
      ...result,
      content: result.content as LanguageModelV4Content[],
      providerMetadata: result.providerMetadata as SharedV4ProviderMetadata | undefined,
      warnings: result.warnings as SharedV4Warning[],
    };
  }

  async doStream(options: LanguageModelV4CallOptions) {
    const result = await this.model.doStream(this.toNeutral(options));
    return {
      ...result,
      stream: result.stream as ReadableStream<StreamPart> as unknown as ReadableStream<LanguageModelV4StreamPart>,
    };
  }

  private toNeutral(options: LanguageModelV4CallOptions): CallOptions {
    return { ...(options as unknown as CallOptions), prompt: toNeutralPrompt(options.prompt, 'openai') };
  }
}
