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
  const content: Content[] = [];
  const openBlocks = new Map<string, TextContent>();
  const reasoningBlocks: TextContent[] = [];
  let finishReason: FinishReason = { unified: 'other', raw: undefined };
  let usage: Usage = unknownUsage();
  let providerMetadata: ProviderOptions | undefined;
  let response: ResponseMetadata = {};
  let error: unknown;

  const open = (kind: 'text' | 'reasoning', id: string, metadata: ProviderOptions | undefined) => {
    // A copy: metadata is merged and rewritten below, the emitted parts must stay untouched.
    const block: TextContent = {
      type: kind,
      text: '',
      ...(metadata != null && { providerMetadata: { ...metadata } }),
    };
    content.push(block);
    openBlocks.set(`${kind}:${id}`, block);
    if (kind === 'reasoning') reasoningBlocks.push(block);
    return block;
  };

  for (const part of parts) {
    switch (part.type) {
      case 'response-metadata':
        response = {
          ...(part.id !== undefined && { id: part.id }),
          ...(part.timestamp !== undefined && { timestamp: part.timestamp }),
          ...(part.modelId !== undefined && { modelId: part.modelId }),
        };
        break;
      case 'text-start':
      case 'reasoning-start':
        open(part.type === 'text-start' ? 'text' : 'reasoning', part.id, part.providerMetadata);
        break;
      case 'text-delta':
      case 'reasoning-delta': {
        const kind = part.type === 'text-delta' ? 'text' : 'reasoning';
        const block =
          openBlocks.get(`${kind}:${part.id}`) ?? open(kind, part.id, part.providerMetadata);
        block.text += part.delta;
        break;
      }
      case 'text-end':
      case 'reasoning-end': {
        const key = `${part.type === 'text-end' ? 'text' : 'reasoning'}:${part.id}`;
        const block = openBlocks.get(key);
        if (block == null) break;
        const metadata = mergeMetadata(block.providerMetadata, part.providerMetadata);
        if (metadata != null) block.providerMetadata = metadata;
        openBlocks.delete(key);
        break;
      }
      case 'tool-call':
      case 'tool-result':
      case 'tool-approval-request':
      case 'source':
        content.push(part);
        break;
      case 'finish':
        finishReason = part.finishReason;
        usage = part.usage;
        providerMetadata = part.providerMetadata;
        break;
      case 'error':
        if (error === undefined) error = part.error;
        break;
    }
  }

  shareFinalEncryptedContent(reasoningBlocks);
  return { content, finishReason, usage, providerMetadata, response, error };
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
