/**
 * Adversarial messages for the request corpus: system messages anywhere, empty contents, files of
 * every kind in every role, item ids and reasoning under each storage setting.
 */
import { c, callThen, fn, opts, PNG, user, warned } from './adversarial-corpus';
import type { CorpusCase } from './request-corpus';

export const adversarialMessageCases: CorpusCase[] = [
  c('empty system message', 'gpt-4o', { prompt: [{ role: 'system', content: '' }, user('x')] }),
  c('system messages in the middle', 'gpt-5', {
    prompt: [
      { role: 'system', content: 'a' },
      user('x'),
      { role: 'system', content: 'b' },
      user('y'),
    ],
  }),
  c('empty user content', 'gpt-4o', { prompt: [{ role: 'user', content: [] }] }),
  c('empty assistant content', 'gpt-4o', {
    prompt: [user('x'), { role: 'assistant', content: [] }, user('y')],
  }),
  c('empty text parts', 'gpt-4o', {
    prompt: [
      { role: 'user', content: [{ type: 'text', text: '' }] },
      { role: 'assistant', content: [{ type: 'text', text: '' }] },
    ],
  }),
  c(
    'audio file',
    'gpt-4o',
    { prompt: [{ role: 'user', content: [{ type: 'file', data: PNG, mediaType: 'audio/wav' }] }] },
    '',
  ),
  c(
    'text/plain file',
    'gpt-4o',
    { prompt: [{ role: 'user', content: [{ type: 'file', data: PNG, mediaType: 'text/plain' }] }] },
    '',
  ),
  c('image webp by url with detail', 'gpt-4o', {
    prompt: [
      {
        role: 'user',
        content: [
          {
            type: 'file',
            data: new URL('https://x.test/a.webp'),
            mediaType: 'image/webp',
            providerOptions: { openai: { imageDetail: 'high' } },
          },
        ],
      },
    ],
  }),
  c('image gif data', 'gpt-4o', {
    prompt: [{ role: 'user', content: [{ type: 'file', data: PNG, mediaType: 'image/gif' }] }],
  }),
  c('pdf url with filename', 'gpt-4o', {
    prompt: [
      {
        role: 'user',
        content: [
          {
            type: 'file',
            data: new URL('https://x.test/a.pdf'),
            mediaType: 'application/pdf',
            filename: 'f.pdf',
          },
        ],
      },
    ],
  }),
  warned(
    {
      type: 'other',
      message:
        'assistant file parts are not supported by the Responses API input. Skipping file part.',
    },
    c('file in assistant message', 'gpt-4o', {
      prompt: [
        user('x'),
        { role: 'assistant', content: [{ type: 'file', data: PNG, mediaType: 'image/png' }] },
        user('y'),
      ],
    }),
  ),
  c('assistant text with itemId, store false', 'gpt-4o', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'hi', providerOptions: { openai: { itemId: 'msg_1' } } }],
      },
      user('y'),
    ],
    providerOptions: { openai: { store: false } },
  }),
  c('assistant text with itemId, store true', 'gpt-4o', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'hi', providerOptions: { openai: { itemId: 'msg_1' } } }],
      },
      user('y'),
    ],
  }),
  c('reasoning without item id', 'gpt-5', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'think' },
          { type: 'text', text: 'a' },
        ],
      },
      user('y'),
    ],
  }),
  c('reasoning with encrypted content no id, store false', 'gpt-5', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'think',
            providerOptions: { openai: { reasoningEncryptedContent: 'enc' } },
          },
        ],
      },
      user('y'),
    ],
    providerOptions: { openai: { store: false } },
  }),
  c('two reasoning parts same id, store false', 'gpt-5', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'a',
            providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } },
          },
          {
            type: 'reasoning',
            text: 'b',
            providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } },
          },
          { type: 'reasoning', text: '', providerOptions: { openai: { itemId: 'rs_2' } } },
        ],
      },
      user('y'),
    ],
    providerOptions: { openai: { store: false } },
  }),
  c('tool call with invalid JSON input string', 'gpt-4o', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: '{bad' }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'a',
            output: { type: 'text', value: '' },
          },
        ],
      },
    ],
    tools: [fn('a')],
  }),
  c('tool result json null', 'gpt-4o', {
    prompt: callThen({ type: 'json', value: null }, {}, {}),
  }),
  c('tool result content empty', 'gpt-4o', {
    prompt: callThen({ type: 'content', value: [] }, {}, {}),
  }),
  c('execution-denied without reason', 'gpt-4o', {
    prompt: callThen({ type: 'execution-denied' }, {}, {}),
  }),
  c('message-level providerOptions on user', 'gpt-4o', {
    prompt: [
      {
        role: 'user',
        content: [{ type: 'text', text: 'x' }],
        providerOptions: { openai: { itemId: 'u1' } },
      },
    ],
  }),
  c('system with providerOptions', 'gpt-4o', {
    prompt: [{ role: 'system', content: 's', providerOptions: { openai: { foo: 1 } } }, user('x')],
  }),
  c(
    'instructions and system',
    'gpt-4o',
    opts({ instructions: 'i' }, { prompt: [{ role: 'system', content: 's' }, user('x')] }),
  ),
];
