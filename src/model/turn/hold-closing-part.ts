import type { StreamPart } from '../../types';

/**
 * Parts that become parts of the assistant message the AI SDK builds for the next prompt, with
 * their metadata as its `providerOptions` (a text or reasoning part takes the metadata of its end).
 */
const CARRIERS = new Set<StreamPart['type']>([
  'text-end',
  'reasoning-end',
  'tool-call',
  'tool-result',
]);
/** Parts with no content of their own: they queue behind a held part instead of releasing it. */
const PASSIVE = new Set<StreamPart['type']>(['raw', 'source', 'response-metadata']);

/** A part that may carry the digest: it is held until the next content part. */
export function isClosingPart(part: StreamPart): boolean {
  return CARRIERS.has(part.type);
}

/**
 * The index of the last closing part in `parts` (doGenerate: where the digest goes), passing over
 * the end of an empty text, which ai@5 and ai@6 leave out of the next prompt (empty-texts.ts),
 * unless no other closing part came.
 */
export function lastCarrier(parts: readonly StreamPart[]): number | undefined {
  let emptyTextEnd: number | undefined;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (!CARRIERS.has(part.type)) continue;
    if (part.type !== 'text-end' || hasText(parts, part.id, i)) return i;
    emptyTextEnd ??= i;
  }
  return emptyTextEnd;
}

/** Whether the text block `id` that ends at `end` got any text. */
function hasText(parts: readonly StreamPart[], id: string, end: number): boolean {
  for (let i = end - 1; i >= 0; i--) {
    const part = parts[i];
    if (part.type === 'text-delta' && part.id === id && part.delta !== '') return true;
    if (part.type === 'text-start' && part.id === id) return false;
  }
  return false;
}

/**
 * Holds back the latest closing part of a response (and what queues behind it) until the next
 * content part shows it was not the last. The last one is still held when the terminal event
 * arrives, so the continuation digest, known only then, can go into its metadata. The delay is
 * the few events between a response's last item and its end. Works on indices into the turn's
 * list of parts, so the part can be replaced (with its digest) before it is handed on.
 */
export class ClosingPartHoldback {
  private held: number[] = [];
  /**
   * Texts started behind the held part that got no text yet. The end of an empty one queues too
   * (ai@5 and ai@6 leave empty texts out of the next prompt, and the digest with them), so a
   * text's start waits behind the held part for its first text.
   */
  private readonly emptyTexts = new Set<string>();

  /** The indices to hand on now, in order, for the part at `index`. */
  push(part: StreamPart, index: number): number[] {
    if (this.held.length > 0 && this.queues(part)) {
      this.held.push(index);
      return [];
    }
    this.emptyTexts.clear();
    if (CARRIERS.has(part.type)) return this.take([index]);
    const out = this.take([]);
    out.push(index);
    return out;
  }

  /** Whether `part` queues behind the held part rather than show it was not the last. */
  private queues(part: StreamPart): boolean {
    switch (part.type) {
      case 'text-start':
        this.emptyTexts.add(part.id);
        return true;
      case 'text-end':
        return this.emptyTexts.has(part.id);
      default:
        return PASSIVE.has(part.type);
    }
  }

  /** Something is held: every part goes through `push` (otherwise only closing parts must). */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** The index of the held closing part: where a digest goes. */
  get carrier(): number | undefined {
    return this.held[0];
  }

  /** Everything held, in order. */
  release(): number[] {
    return this.take([]);
  }

  private take(next: number[]): number[] {
    const out = this.held;
    this.held = next;
    return out;
  }
}
