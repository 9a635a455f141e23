import { describe, expect, it } from 'vitest';
import { DeferredForm } from '../../../src/model/chain/head-form';
import { type ChainHead, HeadStore } from '../../../src/model/chain/head-store';

function head(responseId: string, items: number, scope = 's'): ChainHead {
  const list = new Array(items).fill({ role: 'user', content: 'x' });
  return {
    responseId,
    scope,
    settingsKey: '{}',
    conversionKey: '{}',
    messages: [],
    items: list,
    inputWarnings: [],
    plain: DeferredForm.of({ messages: [], items: list }),
    stored: true,
    connectionId: 1,
  };
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
});
