import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Citation,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
  SharedV4ProviderMetadata,
  SharedV4Warning,
} from '@ai-sdk/provider-v4';
import { textCitations } from '../model/citations';
import { asProviderStreamError } from '../model/provider-stream-error';
import type { CallOptions, ProviderOptions, StreamPart } from '../types';
import { SpecModel } from './spec-model';
import { toNeutralPrompt } from './v4-prompt';

/** Key of this provider's metadata (the core writes `providerMetadata.openai`). */
const PROVIDER_OPTIONS_NAME = 'openai';

/**
 * `LanguageModelV4` over the neutral model. In: the prompt's tagged file data. Out: V4 is a
 * superset of the neutral results, so parts pass as they are, plus the one V4-only field the
 * events give, `citations` on a text block (from the annotations the core keeps in its metadata),
 * and a server error after output in the form ai@7 raises as its `StreamProviderError`.
 */
export class OpenAIWebSocketLanguageModelV4 extends SpecModel implements LanguageModelV4 {
  readonly specificationVersion = 'v4';

  async doGenerate(options: LanguageModelV4CallOptions) {
    const result = await this.model.doGenerate(toNeutralOptions(options));
    return {
      ...result,
      content: result.content.map((part) =>
        part.type === 'text' ? withCitations(part) : part,
      ) as LanguageModelV4Content[],
      providerMetadata: result.providerMetadata as SharedV4ProviderMetadata | undefined,
      warnings: result.warnings as SharedV4Warning[],
    };
  }

  async doStream(options: LanguageModelV4CallOptions) {
    return this.streamAs(toNeutralOptions(options), toV4StreamPart);
  }
}

function toV4StreamPart(part: StreamPart): LanguageModelV4StreamPart {
  if (part.type === 'text-end') return withCitations(part) as LanguageModelV4StreamPart;
  if (part.type === 'error') return { type: 'error', error: asProviderStreamError(part.error) };
  return part as LanguageModelV4StreamPart;
}

// V4's `reasoning` option has the neutral name and values ('max' included); only the prompt differs.
function toNeutralOptions(options: LanguageModelV4CallOptions): CallOptions {
  return {
    ...(options as unknown as CallOptions),
    prompt: toNeutralPrompt(options.prompt, PROVIDER_OPTIONS_NAME),
  };
}

/** Adds V4 `citations` to a text block whose annotations cite something (not `file_path`). */
function withCitations<T extends { providerMetadata?: ProviderOptions }>(
  part: T,
): T & { citations?: LanguageModelV4Citation[] } {
  const citations = textCitations(part.providerMetadata, PROVIDER_OPTIONS_NAME);
  if (citations === undefined) return part;
  return { ...part, citations: citations as LanguageModelV4Citation[] };
}
