/**
 * Tool-result content in V4's own shape (tagged file data, provider options per item), which the
 * neutral corpus cannot express: the frame on the wire and the warnings are `@ai-sdk/openai`'s.
 */
import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { createOpenAIWebSocket } from '../../src/v4';
import { runUpstream } from '../convert/upstream-openai';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let server: MockResponsesServer;
let provider: ReturnType<typeof createOpenAIWebSocket>;

beforeAll(async () => {
  server = await createMockResponsesServer();
  provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
});

afterAll(async () => {
  await provider.close();
  await server.close();
});

/** A tool loop whose one result is a content output with these items. */
function withResult(items: unknown[]): LanguageModelV4Prompt {
  return [
    { role: 'user', content: [{ type: 'text', text: 'x' }] },
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'look', input: {} }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'look',
          output: { type: 'content', value: items },
        },
      ],
    },
  ] as LanguageModelV4Prompt;
}

async function ours(prompt: LanguageModelV4Prompt) {
  const { stream } = await provider('gpt-5').doStream({ prompt });
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parts.push(next.value);
  }
  const start = parts.find((part) => part.type === 'stream-start');
  const { type, ...frame } = (server.requests.at(-1)?.body ?? {}) as Record<string, unknown>;
  expect(type).toBe('response.create');
  return { frame, warnings: start?.type === 'stream-start' ? start.warnings : [] };
}

const detail = (imageDetail: string) => ({ openai: { imageDetail } });
const breakpoint = { openai: { promptCacheBreakpoint: { type: 'explicit' } } };

const cases: Array<[string, unknown[]]> = [
  [
    'images by URL, data and reference with imageDetail',
    [
      {
        type: 'file',
        data: { type: 'url', url: new URL('https://x.test/a.png') },
        mediaType: 'image/png',
        providerOptions: detail('low'),
      },
      {
        type: 'file',
        data: { type: 'data', data: PNG },
        mediaType: 'image/png',
        providerOptions: detail('high'),
      },
      {
        type: 'file',
        data: { type: 'reference', reference: { openai: 'file-img' } },
        mediaType: 'image/png',
        providerOptions: detail('auto'),
      },
    ],
  ],
  [
    'files by URL, data and reference with a cache breakpoint',
    [
      {
        type: 'file',
        data: { type: 'url', url: new URL('https://x.test/a.pdf') },
        mediaType: 'application/pdf',
        providerOptions: breakpoint,
      },
      {
        type: 'file',
        data: { type: 'data', data: PNG },
        mediaType: 'application/pdf',
        filename: 'a.pdf',
        providerOptions: breakpoint,
      },
      {
        type: 'file',
        data: { type: 'reference', reference: { openai: 'file-doc' } },
        mediaType: 'application/pdf',
        providerOptions: breakpoint,
      },
    ],
  ],
  [
    'an image reference typed only "image"',
    [
      {
        type: 'file',
        data: { type: 'reference', reference: { openai: 'file-img' } },
        mediaType: 'image',
      },
    ],
  ],
  [
    'a file given as text',
    [
      { type: 'text', text: 'before' },
      { type: 'file', data: { type: 'text', text: 'inline' }, mediaType: 'text/plain' },
    ],
  ],
];

describe('V4 tool-result content reaches the wire as @ai-sdk/openai sends it', () => {
  it.each(cases)('%s', async (_name, items) => {
    const prompt = withResult(items);
    const upstream = await runUpstream('gpt-5', { prompt: [] }, { prompt });
    const mine = await ours(prompt);
    expect(mine.frame).toEqual(upstream.body);
    expect(mine.warnings).toEqual(upstream.warnings);
  });
});
