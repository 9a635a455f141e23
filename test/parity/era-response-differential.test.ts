/**
 * The response differential per era: every recorded stream and response, replayed by the mock
 * server, through the root entry and `@ai-sdk/openai` 2's Responses model (ai@5's), and through
 * `/v3` and `@ai-sdk/openai` 3's (ai@6's). Ours runs over the socket, theirs over the mock's HTTP
 * (SSE; the non-streaming recordings as JSON). The same parts, content, finish reasons, usage,
 * metadata and warnings, less this package's own metadata keys and the listed era exceptions
 * (era-exceptions.ts), each of which is checked to still hold.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { recordedTools } from '../helpers/recorded-tools';
import { fixtureDir } from '../model/events/map-events-fixtures';
import { type Call, ERA_EXCEPTIONS, type EraException, exceptionsFor } from './era-exceptions';
import { type Era, type EraModel, eras } from './eras';
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

type Result = Json & { content: Json[] };
type Outcome = { parts?: Json[]; result?: Result; error?: Error & Json };

let server: MockResponsesServer;
let jsonReplays: string;

beforeAll(async () => {
  jsonReplays = mkdtempSync(join(tmpdir(), 'era-json-replays-'));
  server = await createMockResponsesServer({ fixturesDir: fixtureDir });
});

afterAll(() => server.close());

// A reference that refuses a call before sending it leaves its replay queued: start each empty.
beforeEach(() => server.reset());

const callOf = (era: Era, name: string, events: Json[]) =>
  era.options({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'replay' }] }],
    tools: recordedTools(name, events),
  });

async function stream(model: EraModel, options: never): Promise<Outcome> {
  try {
    return { parts: await readAll((await model.doStream(options)).stream) };
  } catch (error) {
    return { error: error as Error & Json };
  }
}

async function generate(model: EraModel, options: never): Promise<Outcome> {
  try {
    return { result: (await model.doGenerate(options)) as Result };
  } catch (error) {
    return { error: error as Error & Json };
  }
}

const normalized = (parts: Json[], exceptions: EraException[]) =>
  exceptions.reduce(
    (current, exception) => ('normalize' in exception ? exception.normalize(current) : current),
    comparable(parts),
  );

/** The comparable view of a call's outcome: what must be equal on both sides. */
function view(outcome: Outcome, exceptions: EraException[], call: Call): unknown {
  if (outcome.error) {
    const { message, statusCode, isRetryable } = outcome.error;
    // Retryability only for a stream, as in response-differential: a doGenerate's error is an
    // HTTP status there, and a 429 is retryable even for an exhausted quota, which this package
    // does not retry (README, "Failure handling").
    return { message, statusCode, ...(call === 'doStream' && { isRetryable }) };
  }
  if (outcome.parts) return normalized(outcome.parts, exceptions);
  const result = outcome.result as Result;
  const { headers: _headers, ...response } = (result.response ?? {}) as Json;
  return {
    content: normalized(result.content, exceptions),
    finishReason: result.finishReason,
    usage: result.usage,
    providerMetadata: withoutOwnKeys(result.providerMetadata),
    responseId: (result.providerMetadata as Record<string, Json> | undefined)?.openai?.responseId,
    warnings: result.warnings,
    response,
  };
}

/**
 * Ours and theirs compared: equal, after the exceptions' normalisation; or, for an exception the
 * era's package cannot follow, still different (and ours answered).
 */
function expectParity(
  era: Era,
  call: Call,
  recording: { name: string; responseIndex?: number },
  ours: Outcome,
  theirs: Outcome,
) {
  const exceptions = exceptionsFor(era.id, call, recording.name, recording.responseIndex);
  const differing = exceptions.filter((exception) => 'differs' in exception);
  if (differing.length === 0) {
    expect(view(ours, exceptions, call)).toEqual(view(theirs, exceptions, call));
    return;
  }
  if (ours.error && differing.every((exception) => exception.name !== 'ERROR_BEFORE_OUTPUT')) {
    throw ours.error;
  }
  expect(view(ours, exceptions, call), `still an exception: ${differing[0].name}`).not.toEqual(
    view(theirs, exceptions, call),
  );
  for (const exception of differing) {
    if ('differs' in exception) {
      exception.differs({
        theirsParts: theirs.parts,
        theirsError: theirs.error,
        oursError: ours.error,
      });
    }
  }
}

describe.each(eras)('$name', (era) => {
  let provider: ReturnType<Era['create']>;
  beforeAll(() => {
    provider = era.create({
      apiKey: MOCK_API_KEY,
      baseURL: server.url,
      transport: 'websocket',
      pool: { eventTimeoutMs: 500 },
    });
  });
  afterAll(() => provider.close());

  const both = async (
    run: (model: EraModel, options: never) => Promise<Outcome>,
    replay: { replay: string; responseIndex?: number },
    options: () => never,
    reference = () => era.reference(server.url, 'gpt-5.1'),
  ) => {
    server.enqueue(replay);
    const ours = await run(provider('gpt-5.1'), options());
    server.enqueue(replay);
    const theirs = await run(reference(), options());
    return { ours, theirs };
  };

  it.each(recordings)('doStream: $name (response $responseIndex)', async (recording) => {
    const { name, responseIndex, events } = recording;
    const { ours, theirs } = await both(stream, { replay: name, responseIndex }, () =>
      callOf(era, name, events),
    );
    if (name === CUT_SHORT && ours.parts && theirs.parts) {
      // Over HTTP the body ends; over the socket the silence is an error after eventTimeoutMs.
      expect(ours.parts.at(-2)?.type).toBe('error');
      ours.parts = ours.parts.slice(0, -2);
      theirs.parts = theirs.parts.slice(0, -1);
    }
    expectParity(era, 'doStream', recording, ours, theirs);
    if (
      name !== CUT_SHORT &&
      ours.parts &&
      theirs.parts &&
      !exceptionsFor(era.id, 'doStream', name, responseIndex).length
    ) {
      expect(finishResponseId(ours.parts)).toBe(finishResponseId(theirs.parts));
    }
  });

  it.each(generateCases)('doGenerate: $name (response $responseIndex)', async (recording) => {
    const { name, responseIndex, events } = recording;
    const { ours, theirs } = await both(generate, { replay: name, responseIndex }, () =>
      callOf(era, name, events),
    );
    expectParity(era, 'doGenerate', recording, ours, theirs);
  });

  it.each(jsonBodies)('doGenerate of a non-streaming recording: $file', async ({ file, body }) => {
    const events = eventsOf(body);
    const replay = join(jsonReplays, `${era.id}-${file.replace(/\.json$/, '.chunks.txt')}`);
    writeFileSync(replay, events.map((event) => JSON.stringify(event)).join('\n'));
    const json = async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const { ours, theirs } = await both(
      generate,
      { replay },
      () => callOf(era, file, events),
      () => era.reference('http://api.test/v1', 'gpt-5.1', json),
    );
    expectParity(era, 'doGenerate', { name: file }, ours, theirs);
  });
});

describe('the era exceptions', () => {
  it.each(ERA_EXCEPTIONS)('$name names recordings that exist', ({ recordings: names }) => {
    const known = new Set([
      ...recordings.map((r) => r.name),
      ...jsonBodies.map((b) => b.file.replace(/\.json$/, '')),
    ]);
    for (const name of names) expect(known.has(name.replace(/#\d+$/, '')), name).toBe(true);
  });
});
