import { describe, expect, it } from 'vitest';
import { DeferredForm, type HeadForm } from '../../../src/model/chain/head-form';

const form = (text: string): HeadForm => ({
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  items: [{ role: 'user', content: [{ type: 'input_text', text }] }],
});

describe('DeferredForm', () => {
  it('is not made until a call loads it', async () => {
    let made = 0;
    const deferred = new DeferredForm(async () => {
      made++;
      return form('a');
    });
    expect(made).toBe(0);
    expect(deferred.current).toBeUndefined();
    expect(await deferred.load()).toEqual(form('a'));
    expect(deferred.current).toEqual(form('a'));
  });

  it('is made once, however many calls ask at the same time', async () => {
    let made = 0;
    const deferred = new DeferredForm(async () => {
      made++;
      return form('b');
    });
    const loaded = await Promise.all([deferred.load(), deferred.load(), deferred.load()]);
    await deferred.load();
    expect(made).toBe(1);
    expect(new Set(loaded).size).toBe(1);
  });

  it('a known form is there at once', async () => {
    const known = DeferredForm.of(form('c'));
    expect(known.current).toEqual(form('c'));
    expect(await known.load()).toBe(known.current);
  });
});
