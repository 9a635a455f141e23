/**
 * The differential through the AI SDK's multi-step features: the same `generateText` /
 * `streamText` call runs on this package's `/v4` model over a socket to the mock, then on
 * `@ai-sdk/openai`'s Responses model, whose POSTs msw answers with exactly the events the mock
 * sent for the same step (as SSE, or the terminal response as JSON for doGenerate; a refusal as
 * its HTTP error). Same events, same ids: the results compare as they are, and each step's
 * context (what the server ran on) compares with the body `@ai-sdk/openai` POSTed, its item
 * references resolved against the responses both sides saw.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAI as createOpenAIV2 } from '@ai-sdk/openai-v2';
import { createOpenAI as createOpenAIV3 } from '@ai-sdk/openai-v3';
import type { LanguageModel } from 'ai';
import { getResponse, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { WebSocket } from 'ws';
import * as root from '../../src/index';
import type { OpenAIWebSocketSettings } from '../../src/settings';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockRequestRecord,
  type MockResponsesServer,
} from '../../src/testing';
import { httpErrorBody, mockErrors } from '../../src/testing/mock-errors';
import * as v3 from '../../src/v3';
import { createOpenAIWebSocket } from '../../src/v4';
import { BODY_NORMALISATIONS } from './era-request-exceptions';
import { withoutOwnKeys } from './replay';

export type Json = Record<string, unknown>;

/** A model of the side under test, by id (default `gpt-4.1-mini`). */
export type ModelOf = (modelId?: string) => LanguageModel;

const REFERENCE_URL = 'http://reference.test/v1';

/** What the mock answered one request with: its events, or its refusal (an error frame). */
type Answer = { events: Json[]; refusal?: Json };

/**
 * Which pair runs: `/v4` against `@ai-sdk/openai` 4 (ai@7), `/v3` against 3 (ai@6), the root
 * entry against 2 (ai@5).
 */
const pairs = {
  v4: { ours: createOpenAIWebSocket, reference: createOpenAI },
  v3: { ours: v3.createOpenAIWebSocket, reference: createOpenAIV3 },
  v2: { ours: root.createOpenAIWebSocket, reference: createOpenAIV2 },
} as const;

/** `settings` are added to our provider's (e.g. `pool: { lanes: 4 }`). */
export function useThroughAi(
  pair: keyof typeof pairs = 'v4',
  settings: OpenAIWebSocketSettings = {},
) {
  const { ours: createOurs, reference: createReference } = pairs[pair];
  const state = {} as {
    server: MockResponsesServer;
    provider: ((modelId: string) => LanguageModel) & { close(): Promise<void> };
    /** The mock's answers, in the order the requests came. */
    answers: Answer[];
    /** The bodies `@ai-sdk/openai` POSTed. */
    bodies: Json[];
  };
  beforeAll(async () => {
    state.server = await createMockResponsesServer();
  });
  afterAll(() => state.server.close());
  let restore: () => void = () => {};
  const begin = () => {
    state.server.reset();
    state.answers = [];
    state.bodies = [];
    state.provider = createOurs({
      apiKey: MOCK_API_KEY,
      baseURL: state.server.url,
      transport: 'websocket',
      ...settings,
    }) as unknown as typeof state.provider;
    restore = tapServerFrames(state.answers);
  };
  afterEach(async () => {
    restore();
    await state.provider?.close();
  });

  let next = 0;
  /** `@ai-sdk/openai` 4's Responses model, answered by msw with the mock's answers in order. */
  function reference(modelId = 'gpt-4.1-mini') {
    const handlers = [
      http.post(`${REFERENCE_URL}/responses`, async ({ request }) => {
        const body = (await request.json()) as Json;
        state.bodies.push(body);
        const answer = state.answers[next++];
        if (answer === undefined) throw new Error('the reference made more requests than ours');
        return answerOver(answer, body.stream === true);
      }),
    ];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await getResponse(handlers, new Request(input, init));
      if (response === undefined) throw new Error(`msw has no handler for ${String(input)}`);
      return response;
    };
    const provider = createReference({ apiKey: MOCK_API_KEY, baseURL: REFERENCE_URL, fetch });
    return provider.responses(modelId) as unknown as LanguageModel;
  }

  /**
   * Runs `call` on our model, then on the reference answered with the same events; checks that
   * every step sent what `@ai-sdk/openai` sent (settings equal, the server's context equal to
   * its input) and returns both outcomes (a rejection becomes `{ error }`). `arrange` scripts the
   * mock (outputs, faults) before our run.
   */
  async function runBoth<T>(
    call: (model: ModelOf) => PromiseLike<T>,
    arrange: (server: MockResponsesServer) => void = () => {},
  ) {
    begin();
    arrange(state.server);
    const settle = (model: ModelOf) =>
      Promise.resolve(call(model)).then(
        (result) => ({ result, error: undefined }),
        (error: unknown) => ({ result: undefined, error }),
      );
    const ours = await settle((id = 'gpt-4.1-mini') => state.provider(id));
    next = 0;
    const theirs = await settle(reference);
    const requests = state.server.requests;
    expect(state.bodies).toHaveLength(requests.length);
    // The era-wide differences this package keeps on purpose (era-request-exceptions.ts).
    const normalize = (body: Json) =>
      BODY_NORMALISATIONS.filter(({ eras }) => pair !== 'v4' && eras.includes(pair)).reduce(
        (normalized, { normalize: apply }) => apply(normalized),
        body,
      );
    const inputOf = (input: Json[]) => normalize({ input }).input;
    requests.forEach((record, step) => {
      const body = state.bodies[step] as Json;
      expect(settingsOf(normalize(record.body as Json)), `settings of request ${step}`).toEqual(
        settingsOf(normalize(body)),
      );
      // A refused request has no context: the server never resolved its input.
      if (record.status === 'error') return;
      expect(inputOf(contextOf(record)), `context of request ${step}`).toEqual(
        inputOf(referenceContext(body, state.answers)),
      );
      expect(record.duplicates).toEqual([]);
    });
    return { ours, theirs, requests };
  }

  return { state, begin, reference, runBoth };
}

/**
 * Records every frame the mock's sockets send (the client's `response.create` frames go through
 * the same `ws` class and are left out): one answer per response, split where a response starts
 * (`response.created`) or a refusal comes. Requests here are sequential, so frames never mix.
 */
function tapServerFrames(answers: Answer[]): () => void {
  const send = WebSocket.prototype.send;
  const spy = vi.spyOn(WebSocket.prototype, 'send').mockImplementation(function (
    this: WebSocket,
    data: unknown,
    ...rest: unknown[]
  ) {
    // A lane's events name it (`stream_id`); over HTTP there are no lanes.
    const { stream_id: _lane, ...event } = JSON.parse(String(data)) as Json;
    if (event.type === 'error' && event.sequence_number === undefined) {
      answers.push({ events: [], refusal: event });
    } else if (event.type === 'response.created') {
      answers.push({ events: [event] });
    } else if (event.type !== 'response.create') {
      answers.at(-1)?.events.push(event);
    }
    return (send as (...args: unknown[]) => void).call(this, data, ...rest);
  });
  return () => spy.mockRestore();
}

function answerOver({ events, refusal }: Answer, stream: boolean): Response {
  if (refusal !== undefined) {
    const { status, headers, error } = refusal as {
      status: number;
      headers?: Record<string, string>;
      error: Json;
    };
    return HttpResponse.json({ error }, { status, headers });
  }
  if (!stream) {
    const terminal = events.at(-1) as { response: Json };
    const error = terminal.response.error as { code?: string; message?: string } | null;
    if (terminal.response.status === 'failed' && error) {
      // As the mock answers a non-streaming request that fails: an HTTP error.
      const failure = mockErrors.custom(error.code ?? 'server_error', { message: error.message });
      return HttpResponse.json(httpErrorBody(failure), { status: failure.status });
    }
    return HttpResponse.json(terminal.response);
  }
  const text = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  return new HttpResponse(text, { headers: { 'content-type': 'text/event-stream' } });
}

/** The output items of every completed response the mock sent, by id. */
function outputItems(answers: Answer[]): Map<string, Json> {
  const items = new Map<string, Json>();
  for (const { events } of answers) {
    const output = (events.at(-1)?.response as { output?: Json[] } | undefined)?.output ?? [];
    for (const item of output) items.set(String(item.id), item);
  }
  return items;
}

/**
 * The context a body POSTed by `@ai-sdk/openai` gives the server: its input with item references
 * replaced by the items they name, as the mock resolves them.
 */
export function referenceContext(body: Json, answers: Answer[]): Json[] {
  const items = outputItems(answers);
  return (body.input as Json[]).map((item) =>
    withoutIdentity(item.type === 'item_reference' ? (items.get(String(item.id)) ?? item) : item),
  );
}

/**
 * An item less its `id` and `status`: the server holds a response's output items with both, and
 * `@ai-sdk/openai` sends a function call of the history without them; the model reads the same.
 */
function withoutIdentity(item: Json): Json {
  const { id: _id, status: _status, ...rest } = item;
  return rest;
}

/**
 * Our frame's non-input settings, and the reference body's: they must be equal. (`stream_id`
 * names a socket's lane; HTTP has none.)
 */
export function settingsOf(body: Json): Json {
  const {
    input: _input,
    previous_response_id: _previous,
    type: _type,
    stream: _stream,
    stream_id: _lane,
    ...settings
  } = body;
  return settings;
}

/** A step's context as the mock rebuilt it (references resolved). */
export const contextOf = (record: MockRequestRecord) =>
  (record.context as Json[]).map(withoutIdentity);

/** Metadata and parts without this package's own keys, for whole-result comparisons. */
export function comparableMetadata(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparableMetadata);
  if (value === null || typeof value !== 'object') return value;
  const result: Json = {};
  for (const [key, entry] of Object.entries(value as Json)) {
    if (key === 'providerMetadata' || key === 'providerOptions') {
      const stripped = withoutOwnKeys(entry);
      if (stripped !== undefined) result[key] = stripped;
    } else {
      result[key] = comparableMetadata(entry);
    }
  }
  return result;
}

/** The tool message an app adds for a call of a tool without `execute`: its text result. */
export function textResult(call: { toolCallId: string; toolName: string }, value: string) {
  return {
    role: 'tool' as const,
    content: [
      {
        type: 'tool-result' as const,
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text' as const, value },
      },
    ],
  };
}
