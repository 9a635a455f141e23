import type {
  Content,
  FinishReason,
  ProviderOptions,
  ResponseMetadata,
  StreamPart,
  Usage,
} from '../../types';
import { unknownUsage } from './convert-usage';

export type CollectedContent = {
  content: Content[];
  finishReason: FinishReason;
  usage: Usage;
  providerMetadata: ProviderOptions | undefined;
  response: ResponseMetadata;
  /** The response object the finish part carried (doGenerate's `response.body`). */
  body: unknown;
  /** The first error part's error (doGenerate throws it). */
  error: unknown | undefined;
};

type TextContent = Extract<Content, { type: 'text' | 'reasoning' }>;

/** Provider-wise shallow merge: keys of a block's end part complete those of its start part. */
function mergeMetadata(
  first: ProviderOptions | undefined,
  second: ProviderOptions | undefined,
): ProviderOptions | undefined {
  if (first == null) return second;
  if (second == null) return first;
  const merged: ProviderOptions = { ...first };
  for (const [provider, values] of Object.entries(second)) {
    merged[provider] = { ...merged[provider], ...values };
  }
  return merged;
}

/**
 * What `doGenerate` returns, built from the parts of the one event mapper, so that both calls
 * of a model share a single mapping. Text and reasoning blocks become one content part each,
 * at the position of their start part, with their start and end metadata merged.
 */
export function collectContent(parts: StreamPart[]): CollectedContent {
  const collector = new ContentCollector();
  for (const part of parts) collector.add(part);
  shareFinalEncryptedContent(collector.reasoningBlocks);
  const { content, finishReason, usage, providerMetadata, response, body, error } = collector;
  return { content, finishReason, usage, providerMetadata, response, body, error };
}

class ContentCollector {
  readonly content: Content[] = [];
  readonly reasoningBlocks: TextContent[] = [];
  finishReason: FinishReason = { unified: 'other', raw: undefined };
  usage: Usage = unknownUsage();
  providerMetadata: ProviderOptions | undefined;
  response: ResponseMetadata = {};
  body: unknown;
  error: unknown;
  /** Open blocks by id, one map per kind (no key string built per delta). */
  private readonly openBlocks = {
    text: new Map<string, TextContent>(),
    reasoning: new Map<string, TextContent>(),
  };

  add(part: StreamPart): void {
    switch (part.type) {
      case 'response-metadata':
        this.response = {
          ...(part.id !== undefined && { id: part.id }),
          ...(part.timestamp !== undefined && { timestamp: part.timestamp }),
          ...(part.modelId !== undefined && { modelId: part.modelId }),
        };
        break;
      case 'text-start':
      case 'reasoning-start':
        this.open(
          part.type === 'text-start' ? 'text' : 'reasoning',
          part.id,
          part.providerMetadata,
        );
        break;
      case 'text-delta':
      case 'reasoning-delta': {
        const kind = part.type === 'text-delta' ? 'text' : 'reasoning';
        const block =
          this.openBlocks[kind].get(part.id) ?? this.open(kind, part.id, part.providerMetadata);
        block.text += part.delta;
        break;
      }
      case 'text-end':
      case 'reasoning-end':
        this.close(part.type === 'text-end' ? 'text' : 'reasoning', part.id, part);
        break;
      // A preliminary result (a partial image) is not part of a generate result.
      case 'tool-result':
        if (!part.preliminary) this.content.push(part);
        break;
      case 'tool-call':
      case 'tool-approval-request':
      case 'source':
      case 'custom':
        this.content.push(part);
        break;
      case 'finish':
        this.finishReason = part.finishReason;
        this.usage = part.usage;
        this.providerMetadata = part.providerMetadata;
        this.body = part.responseBody;
        break;
      case 'error':
        if (this.error === undefined) this.error = part.error;
        break;
    }
  }

  private open(kind: 'text' | 'reasoning', id: string, metadata: ProviderOptions | undefined) {
    // A copy: metadata is merged and rewritten below, the emitted parts must stay untouched.
    const block: TextContent = {
      type: kind,
      text: '',
      ...(metadata != null && { providerMetadata: { ...metadata } }),
    };
    this.content.push(block);
    this.openBlocks[kind].set(id, block);
    if (kind === 'reasoning') this.reasoningBlocks.push(block);
    return block;
  }

  private close(
    kind: 'text' | 'reasoning',
    id: string,
    end: { providerMetadata?: ProviderOptions },
  ): void {
    const block = this.openBlocks[kind].get(id);
    if (block == null) return;
    const metadata = mergeMetadata(block.providerMetadata, end.providerMetadata);
    if (metadata != null) block.providerMetadata = metadata;
    this.openBlocks[kind].delete(id);
  }
}

/**
 * A reasoning item streams as several blocks (one per summary part), but only the last one
 * closes with the item's final `encrypted_content`. doGenerate puts that final value on every
 * part of the item; do the same so both results (and the prompts built from them) agree.
 */
function shareFinalEncryptedContent(blocks: TextContent[]): void {
  const finalByItem = new Map<string, { provider: string; value: unknown }>();
  for (const block of blocks) {
    for (const [provider, values] of Object.entries(block.providerMetadata ?? {})) {
      if (typeof values.itemId === 'string' && 'reasoningEncryptedContent' in values) {
        finalByItem.set(`${provider}:${values.itemId}`, {
          provider,
          value: values.reasoningEncryptedContent,
        });
      }
    }
  }
  for (const block of blocks) {
    for (const [provider, values] of Object.entries(block.providerMetadata ?? {})) {
      const final = finalByItem.get(`${provider}:${String(values.itemId)}`);
      if (final != null && block.providerMetadata != null) {
        block.providerMetadata[provider] = { ...values, reasoningEncryptedContent: final.value };
      }
    }
  }
}
