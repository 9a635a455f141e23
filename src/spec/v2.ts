import type {
  LanguageModelV2,
  LanguageModelV2CallOptions,
  LanguageModelV2CallWarning,
  LanguageModelV2Content,
  LanguageModelV2FinishReason,
  LanguageModelV2StreamPart,
  LanguageModelV2Usage,
  SharedV2ProviderMetadata,
} from '@ai-sdk/provider-v2';
import type { CallOptions, Content, FinishReason, StreamPart, Usage, Warning } from '../types';
import { SpecModel } from './spec-model';
import { withUsageMetadata } from './v2-usage-metadata';

/** `LanguageModelV2` over the neutral model: converts types, nothing else. */
export class OpenAIWebSocketLanguageModelV2 extends SpecModel implements LanguageModelV2 {
  readonly specificationVersion = 'v2';

  async doGenerate(options: LanguageModelV2CallOptions) {
    const { structuredOutputText: _v4Only, ...result } = await this.model.doGenerate(
      toNeutralOptions(options),
    );
    return {
      ...result,
      content: result.content.flatMap(toV2Content),
      providerMetadata: withUsageMetadata(
        result.providerMetadata as SharedV2ProviderMetadata | undefined,
        result.usage,
      ),
      finishReason: toV2FinishReason(result.finishReason),
      usage: toV2Usage(result.usage),
      warnings: result.warnings.map(toV2Warning),
    };
  }

  async doStream(options: LanguageModelV2CallOptions) {
    return this.streamAs(toNeutralOptions(options), toV2StreamPart);
  }
}

/**
 * ai@5's tools: provider-defined tools are provider tools; function tools have no `strict` flag
 * of their own, so an explicit `strictJsonSchema` decides it, as `@ai-sdk/openai` 2 (ai@5's)
 * did. The core then sends them as `@ai-sdk/openai` 4 sends tools with that flag.
 */
function toNeutralOptions(options: LanguageModelV2CallOptions): CallOptions {
  const strict = options.providerOptions?.openai?.strictJsonSchema;
  return {
    ...options,
    prompt: options.prompt as CallOptions['prompt'],
    tools: options.tools?.map((tool) =>
      tool.type === 'provider-defined'
        ? { type: 'provider', id: tool.id, name: tool.name, args: tool.args }
        : typeof strict === 'boolean' && (tool as { strict?: boolean }).strict === undefined
          ? { ...tool, strict }
          : tool,
    ) as CallOptions['tools'],
  };
}

// V2 has no 'interrupted'; 'other' is its closest reason.
function toV2FinishReason(reason: FinishReason): LanguageModelV2FinishReason {
  return reason.unified === 'interrupted' ? 'other' : reason.unified;
}

function toV2Usage(usage: Usage): LanguageModelV2Usage {
  const input = usage.inputTokens.total;
  const output = usage.outputTokens.total;
  return {
    inputTokens: input,
    outputTokens: output,
    totalTokens: input !== undefined && output !== undefined ? input + output : undefined,
    reasoningTokens: usage.outputTokens.reasoning,
    cachedInputTokens: usage.inputTokens.cacheRead,
  };
}

function toV2Warning(warning: Warning): LanguageModelV2CallWarning {
  switch (warning.type) {
    case 'unsupported':
      return { type: 'unsupported-setting', setting: warning.feature, details: warning.details };
    case 'compatibility':
      return {
        type: 'other',
        message: `${warning.feature}${warning.details ? `: ${warning.details}` : ''}`,
      };
    default:
      return warning;
  }
}

function toV2Content(content: Content): LanguageModelV2Content[] {
  switch (content.type) {
    case 'tool-result':
      return [{ ...content, providerExecuted: true } as LanguageModelV2Content];
    case 'tool-approval-request':
    case 'custom':
      return []; // V2 has no tool approvals and no provider-specific parts
    default:
      return [content as LanguageModelV2Content];
  }
}

function toV2StreamPart(part: StreamPart): LanguageModelV2StreamPart | undefined {
  switch (part.type) {
    case 'stream-start':
      return { type: 'stream-start', warnings: part.warnings.map(toV2Warning) };
    case 'finish':
      return {
        ...part,
        finishReason: toV2FinishReason(part.finishReason),
        usage: toV2Usage(part.usage),
        providerMetadata: withUsageMetadata(
          part.providerMetadata as SharedV2ProviderMetadata | undefined,
          part.usage,
        ),
      } as LanguageModelV2StreamPart;
    case 'tool-result':
      // V2 has no partial results: the final one follows.
      if (part.preliminary) return undefined;
      return { ...part, providerExecuted: true } as LanguageModelV2StreamPart;
    case 'tool-input-start': {
      const { inputEncoding: _v3Only, ...start } = part;
      return start as LanguageModelV2StreamPart;
    }
    case 'tool-approval-request':
    case 'custom':
      return undefined;
    default:
      return part as LanguageModelV2StreamPart;
  }
}
