import { describe, expect, it } from 'vitest';
import { findHead } from '../../../src/model/chain/find-head';
import { type ChainHead, HeadStore } from '../../../src/model/chain/head-store';
import type { CallOptions, Message } from '../../../src/types';

function head(responseId: string, scope = 'scope-a'): ChainHead {
  return {
    responseId,
    scope,
    settingsKey: 's',
    conversionKey: 'c',
    messages: [],
    items: [],
    inputWarnings: [],
    plainMessages: [],
    plainItems: [],
    stored: true,
    connectionId: 1,
  };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const answerOf = (responseId: string): Message => ({
  role: 'assistant',
  content: [{ type: 'text', text: 'a', providerOptions: { openai: { responseId } } }],
});

function store(): HeadStore {
  const heads = new HeadStore();
  heads.add(head('resp_named'), undefined);
  heads.add(head('resp_latest'), 'chat-1');
  return heads;
}

const call = (prompt: Message[], openai: Record<string, unknown> = {}): CallOptions => ({
  prompt,
  providerOptions: { openai },
});

describe('findHead', () => {
  it("takes the response the prompt's last assistant message names", () => {
    const options = call([user('q'), answerOf('resp_old'), user('q2'), answerOf('resp_named')], {
      conversationId: 'chat-1',
    });
    expect(findHead(store(), 'scope-a', options, 'openai')).toEqual({
      head: expect.objectContaining({ responseId: 'resp_named' }),
      namesResponse: true,
    });
  });

  it('falls back to the latest head of the conversationId', () => {
    const found = findHead(
      store(),
      'scope-a',
      call([user('q')], { conversationId: 'chat-1' }),
      'openai',
    );
    expect(found.head?.responseId).toBe('resp_latest');
    expect(found.namesResponse).toBe(false);
  });

  it('a named response it does not know is no head, but the prompt still names one', () => {
    const found = findHead(store(), 'scope-a', call([answerOf('resp_gone'), user('q')]), 'openai');
    expect(found).toEqual({ head: undefined, namesResponse: true });
  });

  it('never finds a head of another credential scope', () => {
    const found = findHead(
      store(),
      'scope-b',
      call([answerOf('resp_named'), user('q')], { conversationId: 'chat-1' }),
      'openai',
    );
    expect(found.head).toBeUndefined();
  });

  it('reads the metadata under the provider options name only', () => {
    const found = findHead(store(), 'scope-a', call([answerOf('resp_named'), user('q')]), 'azure');
    expect(found).toEqual({ head: undefined, namesResponse: false });
  });
});
