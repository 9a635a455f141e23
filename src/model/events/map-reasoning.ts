import type { Emit, MapperScope } from './mapper-scope';
import type { ServerEvent } from './schemas/event-schemas';

type SummaryEvent = ServerEvent<
  | 'response.reasoning_summary_part.added'
  | 'response.reasoning_summary_text.delta'
  | 'response.reasoning_summary_part.done'
>;

type SummaryState = 'active' | 'can-conclude' | 'concluded';

type ReasoningItem = {
  encryptedContent: string | null | undefined;
  parts: Map<number, SummaryState>;
};

/**
 * Reasoning blocks, one per summary part (`<itemId>:<summaryIndex>`), opened and closed as
 * `@ai-sdk/openai` does. With `store: false` the last block of an item is only closed at
 * `output_item.done`, because that event carries the final `encrypted_content` the next request
 * must send back; with `store: true` a block closes as soon as its summary part is done.
 */
export class ReasoningBlocks {
  private readonly items = new Map<string, ReasoningItem>();

  constructor(private readonly scope: Pick<MapperScope, 'meta'>) {}

  itemAdded(itemId: string, encryptedContent: string | null | undefined, emit: Emit): void {
    if (this.items.has(itemId)) return;
    this.items.set(itemId, { encryptedContent, parts: new Map([[0, 'active']]) });
    emit({
      type: 'reasoning-start',
      id: `${itemId}:0`,
      providerMetadata: this.scope.meta(itemId, {
        reasoningEncryptedContent: encryptedContent ?? null,
      }),
    });
  }

  /** An event of a summary part of the item: it opens, grows or ends that part's block. */
  summaryEvent(itemId: string, event: SummaryEvent, store: boolean, emit: Emit): void {
    if (event.type === 'response.reasoning_summary_text.delta') {
      this.delta(itemId, event.summary_index, event.delta, emit);
    } else if (event.type === 'response.reasoning_summary_part.added') {
      this.partAdded(itemId, event.summary_index, emit);
    } else {
      this.partDone(itemId, event.summary_index, store, emit);
    }
  }

  partAdded(itemId: string, index: number, emit: Emit): void {
    const item = this.items.get(itemId);
    if (item == null) {
      // Never announced: open the item now so the block is well formed.
      this.openUnannounced(itemId, index, emit);
      return;
    }
    if (item.parts.has(index)) return; // part 0 opens with the item
    item.parts.set(index, 'active');
    // A new part begins: earlier parts that were only waiting for the final content can close.
    for (const [partIndex, state] of item.parts) {
      if (state === 'can-conclude') {
        emit({
          type: 'reasoning-end',
          id: `${itemId}:${partIndex}`,
          providerMetadata: this.scope.meta(itemId),
        });
        item.parts.set(partIndex, 'concluded');
      }
    }
    emit({
      type: 'reasoning-start',
      id: `${itemId}:${index}`,
      providerMetadata: this.scope.meta(itemId, {
        reasoningEncryptedContent: item.encryptedContent ?? null,
      }),
    });
  }

  delta(itemId: string, index: number, delta: string, emit: Emit): void {
    const item = this.items.get(itemId);
    if (item == null || !item.parts.has(index)) this.partAdded(itemId, index, emit);
    emit({
      type: 'reasoning-delta',
      id: `${itemId}:${index}`,
      delta,
      providerMetadata: this.scope.meta(itemId),
    });
  }

  partDone(itemId: string, index: number, store: boolean, emit: Emit): void {
    const item = this.items.get(itemId);
    if (item == null || item.parts.get(index) !== 'active') return;
    if (store) {
      emit({
        type: 'reasoning-end',
        id: `${itemId}:${index}`,
        providerMetadata: this.scope.meta(itemId),
      });
      item.parts.set(index, 'concluded');
    } else {
      item.parts.set(index, 'can-conclude');
    }
  }

  itemDone(itemId: string, encryptedContent: string | null | undefined, emit: Emit): void {
    if (!this.items.has(itemId)) {
      // Done without added: still give the caller the item (and its encrypted content).
      this.itemAdded(itemId, encryptedContent, emit);
    }
    this.closeItem(itemId, encryptedContent, emit);
  }

  /** Closes every open block (a stream that ends without `output_item.done`). */
  closeAll(emit: Emit): void {
    for (const [itemId, item] of [...this.items]) {
      this.closeItem(itemId, item.encryptedContent, emit);
    }
  }

  private openUnannounced(itemId: string, index: number, emit: Emit): void {
    const item: ReasoningItem = {
      encryptedContent: undefined,
      parts: new Map([[index, 'active']]),
    };
    this.items.set(itemId, item);
    emit({
      type: 'reasoning-start',
      id: `${itemId}:${index}`,
      providerMetadata: this.scope.meta(itemId, { reasoningEncryptedContent: null }),
    });
  }

  private closeItem(itemId: string, encryptedContent: string | null | undefined, emit: Emit): void {
    const item = this.items.get(itemId);
    if (item == null) return;
    for (const [index, state] of item.parts) {
      if (state === 'concluded') continue;
      emit({
        type: 'reasoning-end',
        id: `${itemId}:${index}`,
        providerMetadata: this.scope.meta(itemId, {
          reasoningEncryptedContent: encryptedContent ?? null,
        }),
      });
    }
    this.items.delete(itemId);
  }
}
