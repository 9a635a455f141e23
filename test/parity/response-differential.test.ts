/**
 * The response differential: every recorded stream, replayed by the mock server, goes through
 * this package's `/v4` model over the socket and through `@ai-sdk/openai`'s Responses model over
 * the mock's HTTP (SSE, and JSON for doGenerate), with the tools it was recorded with. Both must
 * give the same parts (doStream) and the same content (doGenerate), finish reasons, usage and
 * metadata; this package only adds its own `responseId`, `websocket` and `chainDigest` keys. The non-streaming
 * recordings (`.json`) are replayed as the events of their response for doGenerate.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAIResponsesLanguageModel } from '@ai-sdk/openai/internal';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider-v4';
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

type Json = Record<string, unknown>;

const recordings = readdirSync(fixtureDir)
  .filter((file) => file.endsWith('.chunks.txt'))
  .sort()
  .flatMap((file) =>
    loadResponses(file).map((events, responseIndex) => ({
      name: file.replace(/\.chunks\.txt$/, ''),
      responseIndex,
      events,
      terminal: events.at(-1)?.type,
    })),
  );

/** The recording that stops without a terminal event: a socket cannot tell it from a pause. */
const CUT_SHORT = 'openai-issue-8562-missing-reasoning-summary.1';

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

async function readAll(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<Json[]> {
  const parts: Json[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parts.push(next.value as unknown as Json);
  }
  return parts;
}

/**
 * Both sides generate ids for sources and MCP approval calls (16 random characters): rename them
 * in order of appearance, so equal sequences compare equal. Recorded ids never look like these.
 */
function withStableIds(values: Json[]): Json[] {
  const names = new Map<string, string>();
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string' && /^[A-Za-z0-9]{16}$/.test(value)) {
      if (!names.has(value)) names.set(value, `<id-${names.size}>`);
      return names.get(value);
    }
    return value;
  };
  return values.map((value) => {
    const copy: Json = { ...value };
    for (const key of ['id', 'toolCallId']) if (key in copy) copy[key] = rename(copy[key]);
    return copy;
  });
}

/**
 * Our metadata less this package's own keys (`responseId`, `websocket`, and `chainDigest`, the
 * continuation digest on a response's last closing part); empty → undefined.
 */
function withoutOwnKeys(metadata: unknown): unknown {
  if (metadata == null) return metadata;
  const result: Json = {};
  for (const [provider, values] of Object.entries(metadata as Record<string, Json>)) {
    const {
      responseId: _responseId,
      websocket: _websocket,
      chainDigest: _chainDigest,
      ...rest
    } = values;
    if (Object.keys(rest).length > 0) result[provider] = rest;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Parts with stable generated ids and the metadata compared: ours less its own keys; the
 * reference's less `responseId` too, which only its finish has (ours has it on every part: it is
 * compared on its own).
 */
function comparable(parts: Json[]): Json[] {
  return withStableIds(parts).map((part) => {
    const { providerMetadata, ...rest } = part;
    const metadata = withoutOwnKeys(providerMetadata);
    return metadata === undefined ? rest : { ...rest, providerMetadata: metadata };
  });
}

/** The response id each side reports on its finish. */
const finishResponseId = (parts: Json[]) =>
  (parts.at(-1)?.providerMetadata as Record<string, Json> | undefined)?.openai?.responseId;

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

/**
 * Every recorded response, for doGenerate. Left out: the stream cut short (no response to
 * collect), and a lone error event, which has no response and so no non-streaming form (over
 * HTTP it is an error status: test/reliability/error-mapping.test.ts).
 */
const generateCases = recordings.filter(
  (recording) =>
    recording.name !== CUT_SHORT && recording.events.some((e) => e.type === 'response.created'),
);

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

/** The events of a non-streaming response: created, each output item announced and done, completed. */
function eventsOf(body: Json): Json[] {
  const output = (body.output as Json[] | undefined) ?? [];
  const events: Json[] = [{ type: 'response.created', response: { ...body, output: [] } }];
  output.forEach((item, outputIndex) => {
    events.push({ type: 'response.output_item.added', output_index: outputIndex, item });
    events.push({ type: 'response.output_item.done', output_index: outputIndex, item });
  });
  events.push({ type: 'response.completed', response: body });
  return events.map((event, index) => ({ ...event, sequence_number: index }));
}

const jsonBodies = readdirSync(fixtureDir)
  .filter((file) => file.endsWith('.json') && file !== 'INDEX.json')
  .sort()
  .map((file) => ({ file, body: JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as Json }))
  .filter(({ body }) => Array.isArray(body.output));

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
