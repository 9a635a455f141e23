/**
 * The request differential per era: every call of the corpus, as ai@5 hands it to the root entry
 * and to `@ai-sdk/openai` 2, and as ai@6 hands it to `/v3` and to `@ai-sdk/openai` 3. The
 * `response.create` frame this package sends (a full request: none of these calls continues a
 * chain it knows) is the body the era's package POSTs, minus `stream` and plus `type`, with the
 * same warnings; a call the era's package refuses is refused too. Less the listed request
 * exceptions (era-request-exceptions.ts), each checked to still hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import type { CallOptions } from '../../src/types';
import { eraOptionCases } from './era-option-corpus';
import { CASE_EXCEPTIONS, caseExceptionFor, normalizeBody } from './era-request-exceptions';
import { type Era, eras } from './eras';
import { corpus, SEEDED_RECORDINGS } from './request-corpus';

type Json = Record<string, unknown>;
type Outcome = { body: Json; warnings: unknown[]; error?: undefined } | { error: Error };

const fixturesDir = new URL('../fixtures/openai-recorded', import.meta.url).pathname;

let server: MockResponsesServer;

beforeAll(async () => {
  server = await createMockResponsesServer({ fixturesDir });
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

afterAll(() => server.close());

/** The era's `@ai-sdk/openai`: the body it POSTs (less `stream`) and its warnings. */
async function theirs(era: Era, modelId: string, options: CallOptions): Promise<Outcome> {
  let body: Json | undefined;
  const fetch = async (_url: unknown, init?: RequestInit) => {
    body = JSON.parse(String(init?.body));
    const response = { id: 'resp_1', created_at: 1, model: modelId, output: [], usage: USAGE };
    return new Response(JSON.stringify(response), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  try {
    const model = era.reference('http://api.test/v1', modelId, fetch);
    const result = await model.doGenerate(era.options(options));
    if (body === undefined) throw new Error('no request was sent');
    const { stream: _stream, ...sent } = body;
    return { body: sent, warnings: result.warnings };
  } catch (error) {
    return { error: error as Error };
  }
}

const USAGE = { input_tokens: 1, output_tokens: 1 };

/** This package on the era's entry: the frame the server received and the stream's warnings. */
async function ours(
  provider: ReturnType<Era['create']>,
  modelId: string,
  options: never,
): Promise<Outcome> {
  const before = server.requests.length;
  try {
    const { stream } = await provider(modelId).doStream(options);
    const parts: Json[] = [];
    for await (const part of stream as unknown as AsyncIterable<Json>) parts.push(part);
    expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    expect(server.requests.length).toBe(before + 1);
    const { type, ...frame } = (server.requests.at(-1)?.body ?? {}) as Json;
    expect(type).toBe('response.create');
    const start = parts.find((part) => part.type === 'stream-start');
    return { body: frame, warnings: (start?.warnings as unknown[] | undefined) ?? [] };
  } catch (error) {
    expect(server.requests.length, 'a refused call sends nothing').toBe(before);
    return { error: error as Error };
  }
}

/** What is compared: the error, or the normalised body and the warnings. */
function view(era: Era, outcome: Outcome): unknown {
  if (outcome.error) return { error: `${outcome.error.name}: ${outcome.error.message}` };
  return { body: normalizeBody(era.id, outcome.body), warnings: outcome.warnings };
}

describe.each(eras)('$name: the frame on the wire is the body it POSTs', (era) => {
  let provider: ReturnType<Era['create']>;
  beforeAll(() => {
    provider = era.create({ apiKey: MOCK_API_KEY, baseURL: server.url, transport: 'websocket' });
  });
  afterAll(() => provider.close());

  it.each([...corpus, ...eraOptionCases])(
    '$name ($modelId)',
    async ({ name, modelId, options }) => {
      const upstream = await theirs(era, modelId, options);
      const mine = await ours(provider, modelId, era.options(options));
      const exception = caseExceptionFor(era.id, name);
      if (exception) {
        expect(view(era, mine), `still an exception: ${exception.name}`).not.toEqual(
          view(era, upstream),
        );
        return;
      }
      if (upstream.error) {
        expect(mine.error?.message).toBe(upstream.error.message);
        expect(mine.error?.name).toBe(upstream.error.name);
        return;
      }
      if (mine.error) throw mine.error;
      expect(normalizeBody(era.id, mine.body)).toEqual(normalizeBody(era.id, upstream.body));
      // Items key for key, in order (the socket's JSON is the text compared).
      expect(JSON.stringify(normalizeBody(era.id, mine.body).input)).toBe(
        JSON.stringify(normalizeBody(era.id, upstream.body).input),
      );
      expect(mine.warnings).toEqual(upstream.warnings);
    },
  );
});

describe('the era request exceptions', () => {
  it.each(CASE_EXCEPTIONS)('$name names corpus calls', ({ cases }) => {
    const names = new Set(corpus.map((c) => c.name));
    for (const name of cases) expect(names.has(name), name).toBe(true);
  });
});
