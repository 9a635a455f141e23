import { describe, expect, it } from 'vitest';
import { findHead } from '../../../src/model/chain/find-head';
import { DeferredForm } from '../../../src/model/chain/head-form';
import { type ChainHead, HeadStore } from '../../../src/model/chain/head-store';
import type { CallOptions, Message } from '../../../src/types';

function head(responseId: string, scope = 'scope-a'): ChainHead {
  return {
    responseId,
    scope,
    contextKey: 'k',
    conversionKey: 'c',
    messages: [],
    items: [],
    inputWarnings: [],
    plain: DeferredForm.of({ messages: [], items: [] }),
    stored: true,
    connectionId: 1,
  };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
const answerOf = (responseId: string, chainDigest?: string): Message => ({
  role: 'assistant',
  content: [
    { type: 'text', text: 'a', providerOptions: { openai: { responseId } } },
    // The digest rides on the response's last part.
    ...(chainDigest
      ? [
          {
            type: 'text' as const,
            text: 'b',
            providerOptions: { openai: { responseId, chainDigest } },
          },
        ]
      : []),
  ],
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
    const found = findHead(store(), 'scope-a', options, 'openai');
    expect(found.head?.responseId).toBe('resp_named');
    expect(found.claim).toBeUndefined();
  });

  it('falls back to the latest head of the conversationId', () => {
    const found = findHead(
      store(),
      'scope-a',
      call([user('q')], { conversationId: 'chat-1' }),
      'openai',
    );
    expect(found.head?.responseId).toBe('resp_latest');
  });

  it('a named response it does not know, without a digest: unverifiable', () => {
    const found = findHead(store(), 'scope-a', call([answerOf('resp_gone'), user('q')]), 'openai');
    expect(found).toEqual({ head: undefined, claim: undefined, missing: 'unverifiable-response' });
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
    expect(found).toEqual({ head: undefined, claim: undefined, missing: 'new-conversation' });
  });

  it('passes over a response that did not complete to the last good one before it', () => {
    const heads = store();
    heads.markNotCompleted('scope-a', 'resp_broken', ['msg_broken']);
    const prompt = [
      user('q'),
      answerOf('resp_named'),
      user('q2'),
      answerOf('resp_broken'),
      user('q3'),
    ];
    const found = findHead(heads, 'scope-a', call(prompt), 'openai');
    expect(found.head?.responseId).toBe('resp_named');
  });

  it('says so when a response that did not complete has no good one before it', () => {
    const heads = store();
    heads.markNotCompleted('scope-a', 'resp_broken', []);
    const found = findHead(
      heads,
      'scope-a',
      call([user('q'), answerOf('resp_broken'), user('q2')]),
      'openai',
    );
    expect(found).toEqual({ head: undefined, claim: undefined, missing: 'response-not-completed' });
  });

  it('passes over a response it does not know and that carries no digest', () => {
    const prompt = [
      user('q'),
      answerOf('resp_named'),
      user('q2'),
      answerOf('resp_elsewhere'),
      user('q3'),
    ];
    const found = findHead(store(), 'scope-a', call(prompt), 'openai');
    expect(found.head?.responseId).toBe('resp_named');
  });

  it('a response with a digest and no head here is a claim, based on the latest head before it', () => {
    const heads = store();
    heads.markNotCompleted('scope-a', 'resp_broken', []);
    const prompt = [
      user('q'),
      answerOf('resp_named'),
      user('q2'),
      answerOf('resp_elsewhere', 'digest-of-elsewhere'),
      user('q3'),
      answerOf('resp_broken'),
      user('q4'),
    ];
    const found = findHead(heads, 'scope-a', call(prompt), 'openai');
    expect(found.head).toBeUndefined();
    expect(found.claim).toEqual({
      responseId: 'resp_elsewhere',
      digest: 'digest-of-elsewhere',
      messageCount: 4,
      base: expect.objectContaining({ responseId: 'resp_named' }),
    });
  });
});
