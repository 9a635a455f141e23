import { describe, expect, it, vi } from 'vitest';
import { DeferredForm } from '../../../src/model/chain/head-form';
import { type ChainHead, HeadStore } from '../../../src/model/chain/head-store';
import type { Message } from '../../../src/types';
import { gc } from '../../helpers/gc';

function head(responseId: string, items: number, scope = 's'): ChainHead {
  const list = new Array(items).fill({ role: 'user', content: 'x' });
  return {
    responseId,
    scope,
    contextKey: '[]',
    conversionKey: '{}',
    messages: [],
    items: list,
    inputWarnings: [],
    plain: DeferredForm.of({ messages: [], items: list }),
    stored: true,
    connectionId: 1,
  };
}

/** A full garbage collection, then a turn, so that weak references to what died are cleared. */
async function collectGarbage(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  await new Promise((resolve) => setImmediate(resolve));
}

describe('HeadStore', () => {
  it('keeps heads per credential scope', () => {
    const store = new HeadStore();
    store.add(head('resp_1', 3, 'a'), 'chat');
    expect(store.get('a', 'resp_1')?.responseId).toBe('resp_1');
    expect(store.get('b', 'resp_1')).toBeUndefined();
    expect(store.latestOf('a', 'chat')?.responseId).toBe('resp_1');
    expect(store.latestOf('b', 'chat')).toBeUndefined();
  });

  it('evicts the least recently used heads when the items they hold grow too many', () => {
    const store = new HeadStore();
    store.add(head('old', 150_000), undefined);
    store.add(head('recent', 10), undefined);
    // Together the three hold more than the bound: the least recently used one ('old') goes.
    store.add(head('big', 120_000), undefined);
    expect(store.get('s', 'old')).toBeUndefined();
    expect(store.get('s', 'recent')).toBeDefined();
    expect(store.get('s', 'big')).toBeDefined();
  });

  it('drop() forgets a chain', () => {
    const store = new HeadStore();
    store.add(head('resp_1', 1), undefined);
    store.drop('s', 'resp_1');
    expect(store.get('s', 'resp_1')).toBeUndefined();
  });

  describe('supersede: a head that a later one continued', () => {
    const message = (text: string): Message => ({
      role: 'user',
      content: [{ type: 'text', text }],
    });
    /** `parent` plus one message and two items: a head that continued it. */
    function continued(parent: ChainHead, responseId: string): ChainHead {
      return {
        ...head(responseId, 0, parent.scope),
        messages: [...parent.messages, message(responseId)],
        items: [...parent.items, { type: 'message' }, { type: 'message' }],
      };
    }
    /** A call that continued `parent` records its head, as record-head.ts does. */
    function step(store: HeadStore, parent: ChainHead, responseId: string): ChainHead {
      const child = continued(parent, responseId);
      store.supersede(parent, child);
      store.add(child, undefined);
      return child;
    }
    function conversation(id: string, items: number): ChainHead {
      const root = head(id, items);
      // Every field set, optional ones too: a view must carry each of them.
      return {
        ...root,
        messages: [message(id)],
        conversionState: { approvalIds: new Set(), programCallIds: new Set() },
        chain: new Uint8Array(32),
        approvalRequestIds: new Set(['mcpr_1']),
        // Not made yet: a made form holds arrays of its own.
        plain: new DeferredForm(async (held) => ({ messages: held.messages, items: held.items })),
      };
    }

    it('keeps the parent, with its fields, on views of the child arrays', () => {
      const store = new HeadStore();
      const parent = conversation('resp_1', 5);
      store.add(parent, undefined);
      const child = step(store, parent, 'resp_2');
      const kept = store.get('s', 'resp_1') as ChainHead;
      expect(kept).not.toBe(parent);
      expect(Object.keys(kept).sort()).toEqual(Object.keys(parent).sort());
      for (const key of Object.keys(parent) as (keyof ChainHead)[]) {
        if (key !== 'messages' && key !== 'items') expect(kept[key]).toBe(parent[key]);
      }
      expect(kept.items).toEqual(parent.items);
      expect(kept.messages).toEqual(parent.messages);
      // One slice, made when first asked for, the same array after that (plans compare it by identity).
      expect(kept.items).toBe(kept.items);
      expect(kept.items.every((item, i) => item === child.items[i])).toBe(true);
    });

    it('counts each conversation once: 200 of 1,000 items keep both heads of every step', () => {
      const store = new HeadStore();
      const parents = Array.from({ length: 200 }, (_, c) => conversation(`a${c}`, 1_000));
      for (const parent of parents) store.add(parent, undefined);
      for (const parent of parents) {
        store.get('s', parent.responseId);
        step(store, parent, `b${parent.responseId}`);
      }
      for (const parent of parents) {
        expect(store.get('s', parent.responseId)).toBeDefined();
        expect(store.get('s', `b${parent.responseId}`)).toBeDefined();
      }
    });

    it('keeps the newest head of 1,500 conversations, whatever their earlier steps number', () => {
      const store = new HeadStore();
      let newest = Array.from({ length: 1_500 }, (_, c) => conversation(`c${c}`, 10));
      for (const root of newest) store.add(root, undefined);
      const superseded: string[] = [];
      for (let n = 1; n <= 3; n++) {
        newest = newest.map((parent) => {
          store.get('s', parent.responseId);
          superseded.push(parent.responseId);
          return step(store, parent, `${parent.responseId}.${n}`);
        });
      }
      expect(newest.every((head) => store.get('s', head.responseId) === head)).toBe(true);
      // The earlier steps are kept apart: the 2,000 most recent of the 4,500.
      const kept = superseded.filter((id) => store.get('s', id) !== undefined);
      expect(kept).toEqual(superseded.slice(-2_000));
    });

    it('without it, the same steps evict the heads of conversations still to take theirs', () => {
      const store = new HeadStore();
      const parents = Array.from({ length: 200 }, (_, c) => conversation(`a${c}`, 1_000));
      for (const parent of parents) store.add(parent, undefined);
      for (const parent of parents) {
        store.get('s', parent.responseId);
        store.add(continued(parent, `b${parent.responseId}`), undefined);
      }
      expect(
        parents.filter((p) => store.get('s', p.responseId) === undefined).length,
      ).toBeGreaterThan(0);
    });

    it("takes a pool's only newest head out without rewriting the cache's 2,000 slots", () => {
      // lru-cache's delete of its last entry clears every slot; a one-conversation pool paid that
      // at every step. Counted as calls to fill, the way it clears them.
      const store = new HeadStore();
      const root = conversation('resp_0', 3);
      const line = [root];
      for (let n = 1; n <= 3; n++) line.push(continued(line[n - 1], `resp_${n}`));
      store.add(root, undefined);
      const fill = vi.spyOn(Array.prototype, 'fill');
      const fillTyped = vi.spyOn(Object.getPrototypeOf(Uint32Array.prototype), 'fill');
      try {
        for (let n = 1; n <= 3; n++) {
          store.supersede(line[n - 1], line[n]);
          store.add(line[n], undefined);
        }
        expect(fill.mock.calls.length + fillTyped.mock.calls.length).toBe(0);
      } finally {
        fill.mockRestore();
        fillTyped.mockRestore();
      }
      expect(store.get('s', 'resp_3')).toBe(line[3]);
      expect(store.get('s', 'resp_0')?.items).toEqual(root.items);
    });

    it('a line of steps keeps the arrays of its newest head only', async () => {
      const store = new HeadStore();
      // Built in a scope of their own: afterwards only the store refers to the heads.
      const superseded = (() => {
        const a = conversation('resp_a', 3);
        store.add(a, undefined);
        const b = step(store, a, 'resp_b');
        step(store, b, 'resp_c');
        return [new WeakRef(a.items), new WeakRef(b.items), new WeakRef(b.messages)];
      })();
      await collectGarbage();
      expect(superseded.map((ref) => ref.deref())).toEqual([undefined, undefined, undefined]);
      const [a, b, c] = ['resp_a', 'resp_b', 'resp_c'].map((id) => store.get('s', id) as ChainHead);
      expect(a.items).toHaveLength(3);
      expect(b.items).toHaveLength(5);
      expect(b.items.every((item, i) => item === c.items[i])).toBe(true);
      expect(b.messages.map((m) => m.content)).toEqual(
        c.messages.slice(0, 2).map((m) => m.content),
      );
    });

    it('earlier heads keep no line whose newest head left the store: 250,000 items hold for them too', async () => {
      const store = new HeadStore();
      // 2,000 conversations of 1,000 items take one step each. The newest heads of only ~250 fit
      // the item bound; the earlier heads of the others must not keep their lines' arrays alive.
      const lines = (() => {
        const refs: WeakRef<readonly unknown[]>[] = [];
        for (let c = 0; c < 2_000; c++) {
          const root = conversation(`c${c}`, 1_000);
          store.add(root, undefined);
          refs.push(new WeakRef(step(store, root, `c${c}.1`).items));
        }
        return refs;
      })();
      await collectGarbage();
      const alive = lines.filter((ref) => ref.deref() !== undefined).length;
      expect(alive).toBeLessThanOrEqual(Math.floor(250_000 / 1_002));
      // The most recent conversations keep both heads.
      expect(store.get('s', 'c1999')).toBeDefined();
      expect(store.get('s', 'c1999.1')).toBeDefined();
      expect(store.get('s', 'c0')).toBeUndefined();
    });

    it('a line of 3,000 steps: its newest head, leaving, takes the 2,000 earlier heads kept with it', () => {
      const store = new HeadStore();
      let newest = conversation('s0', 1);
      store.add(newest, undefined);
      for (let n = 1; n <= 3_000; n++) newest = step(store, newest, `s${n}`);
      expect(store.stats()).toMatchObject({ heads: 1, earlier: 2_000 });
      store.drop('s', newest.responseId);
      expect(store.stats()).toMatchObject({ heads: 0, earlier: 0 });
    });

    it('a step continued from the middle of a line starts a line of its own', () => {
      const store = new HeadStore();
      const a = conversation('resp_a', 3);
      store.add(a, undefined);
      const b = step(store, a, 'resp_b');
      const c = step(store, b, 'resp_c');
      // The step after a regenerated: it continues the view of b, not c.
      const bView = store.get('s', 'resp_b') as ChainHead;
      const other = step(store, bView, 'resp_other');
      const keptB = store.get('s', 'resp_b') as ChainHead;
      const keptA = store.get('s', 'resp_a') as ChainHead;
      expect(keptB.items.every((item, i) => item === other.items[i])).toBe(true);
      expect(keptA.items).toEqual(a.items);
      expect(store.get('s', 'resp_c')?.items).toBe(c.items);
    });

    it('changes nothing when the child holds copies, not the very elements', () => {
      const store = new HeadStore();
      const parent = conversation('resp_1', 3);
      const child = continued(parent, 'resp_2');
      const copied = { ...child, items: child.items.map((item) => ({ ...item })) };
      store.add(parent, undefined);
      store.supersede(parent, copied);
      expect(store.get('s', 'resp_1')).toBe(parent);
    });

    it('changes nothing when the store holds another head for that response, or none', () => {
      const store = new HeadStore();
      const parent = conversation('resp_1', 3);
      const other = conversation('resp_1', 3);
      store.add(other, undefined);
      store.supersede(parent, continued(parent, 'resp_2'));
      expect(store.get('s', 'resp_1')).toBe(other);
      store.drop('s', 'resp_1');
      store.supersede(parent, continued(parent, 'resp_3'));
      expect(store.get('s', 'resp_1')).toBeUndefined();
    });

    it('a deferred plain form of the parent is made from its views', async () => {
      const store = new HeadStore();
      const parent: ChainHead = {
        ...conversation('resp_1', 2),
        plain: new DeferredForm(async (held) => ({
          messages: [...held.messages],
          items: [...held.items],
        })),
      };
      const child = continued(parent, 'resp_2');
      store.add(parent, undefined);
      store.supersede(parent, child);
      const kept = store.get('s', 'resp_1') as ChainHead;
      const plain = await kept.plain.load(kept);
      expect(plain.items).toEqual(parent.items);
      expect(plain.messages).toEqual(parent.messages);
    });
  });
});
