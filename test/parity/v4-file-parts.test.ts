/**
 * File parts in V4's own shape (tagged file data, provider options per item) in user messages
 * and tool results, which the neutral corpus cannot express: the frame on the wire and the
 * warnings are `@ai-sdk/openai`'s, and so is the error of a part it refuses.
 */
import {
  type LanguageModelV4Prompt,
  type LanguageModelV4StreamPart,
  NoSuchProviderReferenceError,
} from '@ai-sdk/provider-v4';
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
    'a reference for another provider only',
    [
      {
        type: 'file',
        data: { type: 'reference', reference: { anthropic: 'file_x' } },
        mediaType: 'application/pdf',
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
    await expectSameOutcome(withResult(items));
  });
});

/** A user message with this one V4 file part. */
const userFile = (part: Record<string, unknown>): LanguageModelV4Prompt =>
  [{ role: 'user', content: [{ type: 'file', ...part }] }] as LanguageModelV4Prompt;

/** Ours and upstream's outcome for a prompt: the same frame and warnings, or the same error. */
async function expectSameOutcome(prompt: LanguageModelV4Prompt) {
  const [upstream, mine] = await Promise.allSettled([
    runUpstream('gpt-5', { prompt: [] }, { prompt }),
    ours(prompt),
  ]);
  if (upstream.status === 'rejected') {
    expect(mine.status).toBe('rejected');
    const theirs = upstream.reason as Error;
    const error = (mine as PromiseRejectedResult).reason as Error;
    expect({ name: error.name, message: error.message }).toEqual({
      name: theirs.name,
      message: theirs.message,
    });
    return;
  }
  if (mine.status === 'rejected') throw mine.reason;
  expect(mine.value.frame).toEqual(upstream.value.body);
  expect(mine.value.warnings).toEqual(upstream.value.warnings);
}

describe('V4 user file parts reach the wire (or are refused) as @ai-sdk/openai does', () => {
  it.each<[string, Record<string, unknown>]>([
    [
      'a reference whose id has no file- prefix',
      {
        data: { type: 'reference', reference: { openai: 'assistant-abc' } },
        mediaType: 'application/pdf',
      },
    ],
    [
      'an image reference with detail and a breakpoint',
      {
        data: { type: 'reference', reference: { openai: 'img-1' } },
        mediaType: 'image',
        providerOptions: {
          openai: { imageDetail: 'low', promptCacheBreakpoint: { type: 'explicit' } },
        },
      },
    ],
    [
      'a reference for another provider only',
      {
        data: { type: 'reference', reference: { anthropic: 'file_x' } },
        mediaType: 'application/pdf',
      },
    ],
    ['a text file', { data: { type: 'text', text: 'hello' }, mediaType: 'text/plain' }],
  ])('%s', async (_name, part) => {
    await expectSameOutcome(userFile(part));
  });
});

it("a reference without an id for openai is refused with ai@7's error class, nothing sent", async () => {
  const before = server.requests.length;
  const prompt = userFile({
    data: { type: 'reference', reference: { anthropic: 'file_x' } },
    mediaType: 'application/pdf',
  });
  const error = await Promise.resolve(provider('gpt-5').doStream({ prompt })).catch(
    (caught: unknown) => caught,
  );
  expect(NoSuchProviderReferenceError.isInstance(error)).toBe(true);
  expect(server.requests.length).toBe(before);
});
