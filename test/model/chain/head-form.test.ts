import { describe, expect, it } from 'vitest';
import { DeferredForm, type HeadForm } from '../../../src/model/chain/head-form';

const form = (text: string): HeadForm => ({
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  items: [{ role: 'user', content: [{ type: 'input_text', text }] }],
});

const head = form('head');

describe('DeferredForm', () => {
  it('is not made until a call loads it, from the arrays of the head that asks', async () => {
    let made = 0;
    const deferred = new DeferredForm(async (held) => {
      made++;
      return { messages: [...held.messages, ...form('a').messages], items: [...held.items] };
    });
    expect(made).toBe(0);
    expect(deferred.current).toBeUndefined();
    const loaded = await deferred.load(head);
    expect(loaded.messages).toEqual([...head.messages, ...form('a').messages]);
    expect(loaded.items).toEqual(head.items);
    expect(deferred.current).toBe(loaded);
  });

  it('is made once, however many calls ask at the same time', async () => {
    let made = 0;
    const deferred = new DeferredForm(async () => {
      made++;
      return form('b');
    });
    const loaded = await Promise.all([
      deferred.load(head),
      deferred.load(head),
      deferred.load(head),
    ]);
    await deferred.load(head);
    expect(made).toBe(1);
    expect(new Set(loaded).size).toBe(1);
  });

  it('a known form is there at once', async () => {
    const known = DeferredForm.of(form('c'));
    expect(known.current).toEqual(form('c'));
    expect(await known.load(head)).toBe(known.current);
  });
});
