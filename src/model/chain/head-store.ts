import { LRUCache } from 'lru-cache';
import type { ConversionState } from '../../convert/convert-prompt';
import type { InputItem, Message, Warning } from '../../types';
import type { DeferredForm, HeadForm } from './head-form';

/** What the server holds after a completed response: the head of a chain. */
export type ChainHead = {
  responseId: string;
  /** Credential scope the response belongs to; a head is never used across scopes. */
  scope: string;
  /** Fingerprint of the settings a continuation must share with it (context-key.ts). */
  contextKey: string;
  /**
   * Fingerprint of the options that decide how messages convert to items, the loadable tools
   * aside (`conversionState` names those its messages loaded from).
   */
  conversionKey: string;
  /**
   * The response's whole context as the next prompt will express it, as messages (its prompt,
   * then the assistant message the AI SDK will build from its output) and as the items those
   * messages convert to. A prompt that starts with these messages is converted from there on.
   */
  messages: readonly Message[];
  items: readonly InputItem[];
  /** Warnings the conversion of `messages` gave (repeated when they are reused). */
  inputWarnings: readonly Warning[];
  /** What conversion remembered at the end of `messages` (for reuse). */
  conversionState?: ConversionState;
  /** The output's items without its empty text parts, as ai@5 and ai@6 send them (head-form.ts). */
  withoutEmptyTexts?: HeadForm['withoutEmptyTexts'];
  /**
   * The same context as an app that stores messages without their metadata will send it (no item
   * ids, so no item references): apps that rewrite messages continue by `conversationId`. Made
   * when a prompt first fails to start with `messages`.
   */
  plain: DeferredForm;
  /** Created with store not false: the server can reload it on any socket. */
  stored: boolean;
  /** Socket whose in-memory cache holds this response (until its next response); -1: none. */
  connectionId: number;
  /**
   * Hash chain of `items` (item-chain.ts), kept when the response got a continuation digest, so
   * that the next head hashes only the items added after these.
   */
  chain?: Uint8Array;
  /**
   * The MCP approval requests the server holds for the response: those among its output items,
   * and, when it continued its parent by delta, the parent's (record-head.ts; for a head verified
   * from its digest, those the prompt answers right after it: verify-claim.ts). The next prompt
   * answers each with a reference to the request (when stored) and the response item; in a delta
   * the reference would repeat an item the server holds, so it is left out.
   */
  approvalRequestIds?: ReadonlySet<string>;
};

/**
 * The arrays of the newest head of a line of heads, each continuing the one before, and the keys
 * of the earlier heads that view them (in `HeadStore.earlier`).
 */
type LineArrays = {
  messages: readonly Message[];
  items: readonly InputItem[];
  views: Set<string>;
};

/**
 * The line each superseded head and the head that continued it belong to. Its views read the
 * line's newest arrays, which start with theirs: a line keeps one pair of arrays however long it
 * grows, not one per head.
 */
const lines = new WeakMap<ChainHead, LineArrays>();
/** The line each view (an earlier head) reads its arrays from. */
const viewLines = new WeakMap<ChainHead, LineArrays>();

/**
 * `parent` on its line's arrays: the same head, its messages and items sliced from the line's
 * when a call asks for them (a regenerated step), once.
 */
function viewOf(parent: ChainHead, line: LineArrays): ChainHead {
  const messageCount = parent.messages.length;
  const itemCount = parent.items.length;
  let messages: readonly Message[] | undefined;
  let items: readonly InputItem[] | undefined;
  // Every field of the parent as it is, but its arrays: those are read from the line's.
  return {
    ...parent,
    get messages() {
      messages ??= line.messages.slice(0, messageCount);
      return messages;
    },
    get items() {
      items ??= line.items.slice(0, itemCount);
      return items;
    },
  };
}

/** Whether `whole` starts with the very elements of `part`. */
function startsWith<T>(whole: readonly T[], part: readonly T[]): boolean {
  if (whole.length < part.length) return false;
  for (let i = part.length - 1; i >= 0; i--) if (whole[i] !== part[i]) return false;
  return true;
}

/**
 * Chain heads by response id and by explicit conversation id. Bounded (LRU): a head costs only
 * references to items the application's own history already holds.
 */
export class HeadStore {
  // The newest head of each line, bounded by count and by the items the heads hold (references
  // into the applications' own histories, but a pool outlives requests): the least recently
  // used go first. A conversation's history counts once, not once per step.
  // A newest head that leaves (evicted, dropped, replaced) takes its line's views along: they
  // would keep the line's arrays alive outside the item bound (2,000 lines of any length).
  private readonly byId = new LRUCache<string, ChainHead>({
    max: 2_000,
    maxSize: 250_000,
    sizeCalculation: (head) => head.items.length + 1,
    dispose: (head) => {
      if (!this.superseding) this.dropViews(head);
    },
  });
  /** Set while `supersede` moves a newest head to `earlier`: its line stays. */
  private superseding = false;
  /**
   * Heads a later one continued (views on their line's arrays), for regenerated steps: bounded
   * apart, so that the earlier steps of some conversations never push out the newest head of
   * another. Each is listed in its line's `views` while it is here.
   */
  private readonly earlier = new LRUCache<string, ChainHead>({
    max: 2_000,
    dispose: (view, key) => {
      viewLines.get(view)?.views.delete(key);
    },
  });
  private readonly byConversation = new LRUCache<string, string>({ max: 2_000 });
  /** Responses this process saw fail, stop incomplete or break off: never continued. */
  private readonly notCompleted = new LRUCache<string, true>({ max: 2_000 });
  /** Ids of items of responses that broke off or failed: the server never stored them. */
  private readonly unstored = new LRUCache<string, true>({ max: 10_000 });

  /** Sizes of its LRUs, for tests and diagnostics (`items`: held by the newest heads). */
  stats() {
    return {
      heads: this.byId.size,
      items: this.byId.calculatedSize,
      earlier: this.earlier.size,
      conversations: this.byConversation.size,
      notCompleted: this.notCompleted.size,
      unstored: this.unstored.size,
    };
  }

  get(scope: string, responseId: string | undefined): ChainHead | undefined {
    if (responseId === undefined) return undefined;
    const key = `${scope}\n${responseId}`;
    return this.byId.get(key) ?? this.earlier.get(key);
  }

  latestOf(scope: string, conversationId: string | undefined): ChainHead | undefined {
    if (conversationId === undefined) return undefined;
    return this.get(scope, this.byConversation.get(`${scope}\n${conversationId}`));
  }

  add(head: ChainHead, conversationId: string | undefined): void {
    this.byId.set(`${head.scope}\n${head.responseId}`, head);
    if (conversationId !== undefined) {
      this.byConversation.set(`${head.scope}\n${conversationId}`, head.responseId);
    }
  }

  /**
   * `child` continued `parent`: its messages and items start with the parent's. The parent stays
   * (a regenerated step continues it again) but gives up its own arrays for views on the
   * child's, so a long conversation is held once rather than once per step. Nothing changes when
   * the store no longer holds this parent, or the child does not start with its very elements.
   */
  supersede(parent: ChainHead, child: ChainHead): void {
    const key = `${parent.scope}\n${parent.responseId}`;
    const newest = this.byId.peek(key) === parent;
    if (!newest && this.earlier.peek(key) !== parent) return;
    if (child.scope !== parent.scope) return;
    if (!startsWith(child.messages, parent.messages) || !startsWith(child.items, parent.items)) {
      return;
    }
    // The child extends the parent's line when the parent is its newest head; a head continued
    // from the middle of a line (a regenerated step) starts a line of its own.
    const known = lines.get(parent);
    const line =
      known?.items === parent.items ? known : { messages: [], items: [], views: new Set<string>() };
    line.messages = child.messages;
    line.items = child.items;
    lines.set(child, line);
    if (newest) {
      this.superseding = true;
      try {
        this.removeNewest(key);
      } finally {
        this.superseding = false;
      }
    }
    const view = viewOf(parent, line);
    viewLines.set(view, line);
    this.earlier.set(key, view);
    line.views.add(key);
  }

  /** The earlier heads that view the line `head` is the newest head of leave `earlier`. */
  private dropViews(head: ChainHead): void {
    const line = lines.get(head);
    if (!line || line.items !== head.items) return;
    // A copy: each delete takes its key out of `line.views`.
    for (const key of [...line.views]) this.earlier.delete(key);
  }

  /**
   * Takes the head under `key` out of `byId`. lru-cache's `delete` of its only entry clears the
   * whole cache, writing every one of its 2,000 slots, and a pool that serves one conversation
   * would do that at every step; `pop` takes the least recently used entry, here that same one,
   * in constant time.
   */
  private removeNewest(key: string): void {
    if (this.byId.size === 1) this.byId.pop();
    else this.byId.delete(key);
  }

  /** Forget a chain (failed continuation, aborted turn): the next call sends full input. */
  drop(scope: string, responseId: string | undefined): void {
    if (responseId === undefined) return;
    this.byId.delete(`${scope}\n${responseId}`);
    this.earlier.delete(`${scope}\n${responseId}`);
  }

  /** A response that did not complete; `unstoredItemIds` are its items the server never kept. */
  markNotCompleted(scope: string, responseId: string, unstoredItemIds: Iterable<string>): void {
    this.notCompleted.set(`${scope}\n${responseId}`, true);
    for (const id of unstoredItemIds) this.unstored.set(`${scope}\n${id}`, true);
  }

  /** An item the server answered `Item with id '…' not found` for. */
  markUnstored(scope: string, itemId: string): void {
    this.unstored.set(`${scope}\n${itemId}`, true);
  }

  isNotCompleted(scope: string, responseId: string): boolean {
    return this.notCompleted.has(`${scope}\n${responseId}`);
  }

  /** Whether the server never stored item `itemId` (false at once while no such item is known). */
  isUnstored(scope: string, itemId: string): boolean {
    return this.unstored.size > 0 && this.unstored.has(`${scope}\n${itemId}`);
  }

  get knowsUnstoredItems(): boolean {
    return this.unstored.size > 0;
  }

  clear(): void {
    this.byId.clear();
    this.earlier.clear();
    this.byConversation.clear();
    this.notCompleted.clear();
    this.unstored.clear();
  }
}
