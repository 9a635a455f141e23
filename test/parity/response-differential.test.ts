/**
 * The response differential: every recorded stream, replayed by the mock server, goes through
 * this package's `/v4` model over the socket and through `@ai-sdk/openai`'s Responses model over
 * the mock's HTTP (SSE, and JSON for doGenerate), with the tools it was recorded with. Both must
 * give the same parts (doStream) and the same content (doGenerate), finish reasons, usage and
 * metadata; this package only adds its own `responseId`, `websocket` and `chainDigest` keys. The non-streaming
 * recordings (`.json`) are replayed as the events of their response for doGenerate.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAIResponsesLanguageModel } from '@ai-sdk/openai/internal';
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { createOpenAIWebSocket } from '../../src/v4';
import { recordedTools } from '../helpers/recorded-tools';
import { fixtureDir, loadResponses } from '../model/events/map-events-fixtures';
import { referenceModel } from './hand-made-streams';
import {
  CUT_SHORT,
  comparable,
  eventsOf,
  finishResponseId,
  generateCases,
  type Json,
  jsonBodies,
  readAll,
  recordings,
  withoutOwnKeys,
} from './replay';

let server: MockResponsesServer;
let provider: ReturnType<typeof createOpenAIWebSocket>;
/** Non-streaming recordings, turned into replayable event files. */
let jsonReplays: string;

beforeAll(async () => {
  jsonReplays = mkdtempSync(join(tmpdir(), 'json-replays-'));
  server = await createMockResponsesServer({ fixturesDir: fixtureDir });
  provider = createOpenAIWebSocket({
    apiKey: MOCK_API_KEY,
    baseURL: server.url,
    transport: 'websocket',
    pool: { eventTimeoutMs: 500 },
  });
});

afterAll(async () => {
  await provider.close();
  await server.close();
});

const reference = (modelId: string): LanguageModelV4 => referenceModel(server.url, modelId);

function call(name: string, events: Json[]): LanguageModelV4CallOptions {
  return {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'replay' }] }],
    tools: recordedTools(name, events) as LanguageModelV4CallOptions['tools'],
  };
}

describe('doStream: the same parts as @ai-sdk/openai for every recorded stream', () => {
  it('covers every recording', () => {
    expect(new Set(recordings.map((r) => r.name)).size).toBe(39);
    expect(recordings).toHaveLength(43);
  });

  it.each(recordings)(
    '$name (response $responseIndex)',
    async ({ name, responseIndex, events }) => {
      server.enqueue({ replay: name, responseIndex });
      const oursResult = await provider('gpt-5.1')
        .doStream(call(name, events))
        .then(
          async (result) => ({ parts: await readAll(result.stream), result }),
          (error: Error) => ({ error }),
        );
      server.enqueue({ replay: name, responseIndex });
      const theirsResult = await reference('gpt-5.1')
        .doStream(call(name, events))
        .then(
          async (result) => ({ parts: await readAll(result.stream), result }),
          (error: Error) => ({ error }),
        );

      if ('error' in theirsResult) {
        // Refused before any output: both throw the same APICallError.
        expect('error' in oursResult).toBe(true);
        const ours = (oursResult as { error: Json & Error }).error;
        const theirs = theirsResult.error as Error & Json;
        expect(ours.message).toBe(theirs.message);
        expect(ours.statusCode).toBe(theirs.statusCode);
        expect(ours.isRetryable).toBe(theirs.isRetryable);
        return;
      }
      if ('error' in oursResult) throw oursResult.error;
      let ours = comparable(oursResult.parts);
      let theirs = comparable(theirsResult.parts);
      if (name === CUT_SHORT) {
        // Over HTTP the body ends; over the socket the silence is an error after eventTimeoutMs.
        expect(ours.at(-2)?.type).toBe('error');
        expect(theirs.at(-1)?.finishReason).toEqual({ unified: 'interrupted', raw: undefined });
        ours = ours.slice(0, -2);
        theirs = theirs.slice(0, -1);
      }
      expect(ours).toEqual(theirs);
      if (name === CUT_SHORT) return;
      // Both finishes name the response; ours also says how the call travelled.
      expect(finishResponseId(oursResult.parts)).toBe(finishResponseId(theirsResult.parts));
      const finish = oursResult.parts.at(-1)?.providerMetadata as Record<string, Json> | undefined;
      expect(finish?.openai?.websocket).toMatchObject({ transport: 'websocket' });
    },
  );
});

async function generate(model: LanguageModelV4, options: LanguageModelV4CallOptions) {
  try {
    return { result: await model.doGenerate(options) };
  } catch (error) {
    return { error: error as Error & Json };
  }
}

function compareGenerate(
  ours: Awaited<ReturnType<LanguageModelV4['doGenerate']>>,
  theirs: Awaited<ReturnType<LanguageModelV4['doGenerate']>>,
) {
  expect(comparable(ours.content as unknown as Json[])).toEqual(
    comparable(theirs.content as unknown as Json[]),
  );
  expect(ours.finishReason).toEqual(theirs.finishReason);
  expect(ours.usage).toEqual(theirs.usage);
  expect(withoutOwnKeys(ours.providerMetadata)).toEqual(withoutOwnKeys(theirs.providerMetadata));
  expect(ours.providerMetadata?.openai?.responseId).toBe(
    theirs.providerMetadata?.openai?.responseId,
  );
  expect(ours.structuredOutputText).toBe(theirs.structuredOutputText);
  expect(ours.warnings).toEqual(theirs.warnings);
  const { headers: _ourHeaders, ...ourResponse } = ours.response ?? {};
  const { headers: _theirHeaders, ...theirResponse } = theirs.response ?? {};
  expect(ourResponse).toEqual(theirResponse);
}

describe('doGenerate: the same result as @ai-sdk/openai for every recorded response', () => {
  it.each(generateCases)(
    '$name (response $responseIndex)',
    async ({ name, responseIndex, events }) => {
      server.enqueue({ replay: name, responseIndex });
      const ours = await generate(provider('gpt-5.1'), call(name, events));
      server.enqueue({ replay: name, responseIndex });
      const theirs = await generate(reference('gpt-5.1'), call(name, events));
      if (theirs.error) {
        expect(ours.error?.message).toBe(theirs.error.message);
        expect(ours.error?.statusCode).toBe(theirs.error.statusCode);
        return;
      }
      if (ours.error) throw ours.error;
      compareGenerate(ours.result, theirs.result as NonNullable<typeof theirs.result>);
    },
  );
});

describe('doGenerate over the non-streaming recordings (.json)', () => {
  it('covers every recorded response body (the other two hold HTTP error bodies)', () => {
    expect(jsonBodies).toHaveLength(27);
  });

  it.each(jsonBodies)('$file', async ({ file, body }) => {
    const events = eventsOf(body);
    const replay = join(jsonReplays, file.replace(/\.json$/, '.chunks.txt'));
    writeFileSync(replay, events.map((event) => JSON.stringify(event)).join('\n'));
    server.enqueue({ replay });
    const ours = await generate(provider('gpt-5.1'), call(file, events));
    const theirsModel = new OpenAIResponsesLanguageModel('gpt-5.1', {
      provider: 'openai.responses',
      url: ({ path }) => `http://api.test/v1${path}`,
      headers: () => ({}),
      fetch: async () =>
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      fileIdPrefixes: ['file-'],
    });
    const theirs = await generate(theirsModel, call(file, events));
    if (ours.error) throw ours.error;
    if (theirs.error) throw theirs.error;
    compareGenerate(ours.result, theirs.result as NonNullable<typeof theirs.result>);
  });
});

describe('structured output text (V4)', () => {
  it('is the final answer of a response in phases, as @ai-sdk/openai gives it', async () => {
    const [events] = loadResponses('openai-phase.1.chunks.txt');
    const options = {
      ...call('openai-phase.1', events),
      responseFormat: { type: 'json' as const },
    };
    server.enqueue({ replay: 'openai-phase.1' });
    const ours = await provider('gpt-5.3-codex').doGenerate(options);
    server.enqueue({ replay: 'openai-phase.1' });
    const theirs = await reference('gpt-5.3-codex').doGenerate(options);
    expect(theirs.structuredOutputText).toEqual(expect.any(String));
    expect(ours.structuredOutputText).toBe(theirs.structuredOutputText);
  });
});
