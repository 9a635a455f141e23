import type { Emit, MapperScope } from './mapper-scope';
import type { Annotation } from './schemas/event-schemas';

/**
 * Text blocks, one per assistant `message` item (its id is the block id, as in @ai-sdk/openai).
 * A delta for a message never announced opens the block first, so the AI SDK always sees
 * start → deltas → end.
 */
export class TextBlocks {
  private readonly open = new Set<string>();
  private activePhase: string | undefined;
  /** Annotations of the message being streamed; they go on its text-end. */
  private annotations: Annotation[] = [];

  constructor(private readonly scope: Pick<MapperScope, 'meta'>) {}

  messageAdded(itemId: string, phase: string | null | undefined, emit: Emit): void {
    this.annotations = [];
    this.activePhase = phase ?? undefined;
    if (this.open.has(itemId)) return;
    this.open.add(itemId);
    emit({
      type: 'text-start',
      id: itemId,
      providerMetadata: this.scope.meta(itemId, phase != null ? { phase } : {}),
    });
  }

  delta(itemId: string, delta: string, emit: Emit): void {
    this.ensureOpen(itemId, emit);
    emit({ type: 'text-delta', id: itemId, delta });
  }

  addAnnotation(annotation: Annotation): void {
    this.annotations.push(annotation);
  }

  /** `fullText` is the item's text, emitted only when no block was open (a message never announced). */
  messageDone(
    itemId: string,
    phase: string | null | undefined,
    fullText: string,
    emit: Emit,
  ): void {
    const resolvedPhase = phase ?? this.activePhase;
    this.activePhase = undefined;
    if (!this.open.has(itemId)) {
      this.ensureOpen(itemId, emit);
      if (fullText.length > 0) emit({ type: 'text-delta', id: itemId, delta: fullText });
    }
    this.open.delete(itemId);
    emit({
      type: 'text-end',
      id: itemId,
      providerMetadata: this.scope.meta(itemId, {
        ...(resolvedPhase != null && { phase: resolvedPhase }),
        ...(this.annotations.length > 0 && { annotations: this.annotations }),
      }),
    });
  }

  /** Closes every open block (the stream ended before the message was done). */
  closeAll(emit: Emit): void {
    for (const itemId of this.open) {
      emit({ type: 'text-end', id: itemId, providerMetadata: this.scope.meta(itemId) });
    }
    this.open.clear();
  }

  private ensureOpen(itemId: string, emit: Emit): void {
    if (this.open.has(itemId)) return;
    this.open.add(itemId);
    emit({ type: 'text-start', id: itemId, providerMetadata: this.scope.meta(itemId) });
  }
}
