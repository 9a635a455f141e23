/**
 * The request differential: for every call of the corpus, the `response.create` frame this
 * package puts on the socket (full input: none of these calls continues a chain it knows) is the
 * body `@ai-sdk/openai` POSTs for the same call, minus `stream` and plus `type`, and the warnings
 * are the same; a call upstream refuses is refused with the same error, and nothing is sent.
 * Both run on the same V4 call options (ai@7's), ours through the real `/v4` model and the mock.
 */
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider-v4';
import { generateText, type ModelMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import * as v3 from '../../src/v3';
import { createOpenAIWebSocket } from '../../src/v4';
import { runUpstream, toV4Options } from '../convert/upstream-openai';
import { adversarialOptionCases } from './adversarial-corpus';
import { adversarialMessageCases } from './adversarial-message-corpus';
import { adversarialPromptCases } from './adversarial-prompt-corpus';
import { corpus, SEEDED_RECORDINGS } from './request-corpus';

const fixturesDir = new URL('../fixtures/openai-recorded', import.meta.url).pathname;

let server: MockResponsesServer;
let provider: ReturnType<typeof createOpenAIWebSocket>;

beforeAll(async () => {
  server = await createMockResponsesServer({ fixturesDir });
  provider = createOpenAIWebSocket({
    apiKey: MOCK_API_KEY,
    baseURL: server.url,
    transport: 'websocket',
  });
  // The items the corpus references exist on the server: replay the recordings they come from.
  for (const recording of SEEDED_RECORDINGS) {
    server.enqueue({ replay: recording });
    const response = await fetch(`${server.url}/responses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${MOCK_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-5', input: 'seed' }),
    });
    expect(response.status).toBe(200);
  }
});

afterAll(async () => {
  await provider.close();
  await server.close();
});

type Outcome =
  | { frame: Record<string, unknown>; warnings: unknown[]; error?: undefined }
  | { error: Error; frame?: undefined };

/** Our call: the frame the server received, and the stream's warnings (or the error). */
async function ours(modelId: string, options: Parameters<typeof toV4Options>[0]): Promise<Outcome> {
  const before = server.requests.length;
  try {
    const { stream } = await provider(modelId).doStream(toV4Options(options));
    const parts: LanguageModelV4StreamPart[] = [];
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      parts.push(next.value);
    }
    const start = parts.find((part) => part.type === 'stream-start');
    expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    expect(server.requests.length).toBe(before + 1);
    return {
      frame: server.requests.at(-1)?.body as Record<string, unknown>,
      warnings: start?.type === 'stream-start' ? start.warnings : [],
    };
  } catch (error) {
    expect(server.requests.length, 'a refused call sends nothing').toBe(before);
    return { error: error as Error };
  }
}

describe('request differential: the frame on the wire is the body @ai-sdk/openai POSTs', () => {
  it('has a corpus of at least 40 calls', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  it.each([
    ...corpus,
    ...adversarialOptionCases,
    ...adversarialPromptCases,
    ...adversarialMessageCases,
  ])('$name ($modelId)', async ({ modelId, options, throws, extraWarnings = [] }) => {
    const [upstream, mine] = await Promise.allSettled([
      runUpstream(modelId, options),
      ours(modelId, options),
    ]);
    if (mine.status === 'rejected') throw mine.reason;
    const result = mine.value;
    if (throws !== undefined) {
      expect(upstream.status).toBe('rejected');
      const theirs = (upstream as PromiseRejectedResult).reason as Error;
      expect(result.error?.message).toBe(theirs.message);
      expect(result.error?.name).toBe(theirs.name);
      expect(result.error?.message).toContain(throws);
      return;
    }
    if (upstream.status === 'rejected') throw upstream.reason;
    if (result.error) throw result.error;
    const { body, warnings } = upstream.value;
    const { type, ...frame } = result.frame;
    expect(type).toBe('response.create');
    expect(frame).toEqual(body);
    // Items and tools key for key, in order (the socket's JSON is the text compared).
    expect(JSON.stringify(frame.input)).toBe(JSON.stringify(body.input));
    expect(JSON.stringify(frame.tools)).toBe(JSON.stringify(body.tools));
    expect(result.warnings).toEqual([...warnings, ...extraWarnings]);
  });
});

describe('file references through ai@7, on the /v3 and the /v4 entry', () => {
  it.each([
    ['/v3', v3.createOpenAIWebSocket],
    ['/v4', createOpenAIWebSocket],
  ] as const)('%s sends them as file_id, as @ai-sdk/openai does', async (_entry, create) => {
    const messages: ModelMessage[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'read these' },
          {
            type: 'file',
            data: { type: 'reference', reference: { openai: 'file-doc' } },
            mediaType: 'application/pdf',
          },
          {
            type: 'file',
            data: { type: 'reference', reference: { openai: 'file-img' } },
            mediaType: 'image/png',
          },
        ],
      },
    ];
    let upstreamBody: { input?: unknown } = {};
    const reference = createOpenAI({
      apiKey: 'k',
      baseURL: 'http://api.test/v1',
      fetch: async (_url, init) => {
        upstreamBody = JSON.parse(String(init?.body));
        return new Response(
          JSON.stringify({
            id: 'resp_1',
            created_at: 1,
            model: 'gpt-4.1',
            output: [],
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    await generateText({ model: reference.responses('gpt-4.1'), messages });
    const mine = create({ apiKey: MOCK_API_KEY, baseURL: server.url });
    try {
      await generateText({ model: mine('gpt-4.1'), messages });
    } finally {
      await mine.close();
    }
    const sent = server.requests.at(-1)?.body.input;
    expect(sent).toEqual(upstreamBody.input);
    expect(JSON.stringify(sent)).toContain('"file_id":"file-doc"');
    expect(JSON.stringify(sent)).toContain('"file_id":"file-img"');
  });
});
