import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAIResponsesLanguageModel } from '@ai-sdk/openai/internal';
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider-v4';
import { afterAll, beforeAll } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { createOpenAIWebSocket } from '../../src/v4';

export type Json = Record<string, unknown>;

/**
 * Hand-made event streams for the differential: a stream is written as a replay file, which the
 * mock sends over the socket to this package's `/v4` model and as SSE (or, for doGenerate, the
 * JSON of its response) to `@ai-sdk/openai`'s Responses model. For the cases no recording shows.
 */
export function useHandMadeStreams() {
  const state = {} as {
    server: MockResponsesServer;
    provider: ReturnType<typeof createOpenAIWebSocket>;
    dir: string;
    files: number;
  };
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), 'hand-made-streams-'));
    state.files = 0;
    state.server = await createMockResponsesServer();
    state.provider = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: state.server.url,
      transport: 'websocket',
      pool: { eventTimeoutMs: 500 },
    });
  });
  afterAll(async () => {
    await state.provider.close();
    await state.server.close();
  });

  /** A replay file of `events`, numbered in order (`sequence_number`) unless told otherwise. */
  function replayFile(events: Json[], numbered = true): string {
    const file = join(state.dir, `stream-${state.files++}.chunks.txt`);
    const lines = events.map((event, i) =>
      JSON.stringify(numbered ? { type: event.type, sequence_number: i, ...event } : event),
    );
    writeFileSync(file, lines.join('\n'));
    return file;
  }

  const reference = (modelId = 'gpt-5.1') => referenceModel(state.server.url, modelId);

  /** This package's parts and `@ai-sdk/openai`'s for the same events (or what either threw). */
  async function streamBoth(events: Json[], options: LanguageModelV4CallOptions = basicCall()) {
    const file = replayFile(events);
    const run = async (model: LanguageModelV4) => {
      state.server.enqueue({ replay: file });
      try {
        const result = await model.doStream(options);
        return { parts: await readAll(result.stream), error: undefined };
      } catch (error) {
        return { parts: undefined, error: error as Error & Json };
      }
    };
    return { ours: await run(state.provider('gpt-5.1')), theirs: await run(reference()) };
  }

  /** Both doGenerate results for the same events. */
  async function generateBoth(events: Json[], options: LanguageModelV4CallOptions = basicCall()) {
    const file = replayFile(events);
    const run = (model: LanguageModelV4) => {
      state.server.enqueue({ replay: file });
      return model.doGenerate(options);
    };
    return { ours: await run(state.provider('gpt-5.1')), theirs: await run(reference()) };
  }

  return { state, replayFile, reference, streamBoth, generateBoth };
}

/** `@ai-sdk/openai`'s Responses model on the mock's HTTP endpoint. */
export function referenceModel(baseURL: string, modelId: string): LanguageModelV4 {
  return new OpenAIResponsesLanguageModel(modelId, {
    provider: 'openai.responses',
    url: ({ path }) => `${baseURL}${path}`,
    headers: () => ({ authorization: `Bearer ${MOCK_API_KEY}` }),
    fileIdPrefixes: ['file-'],
  });
}

export function basicCall(extra: Partial<LanguageModelV4CallOptions> = {}) {
  return {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'replay' }] }],
    ...extra,
  } as LanguageModelV4CallOptions;
}

async function readAll(stream: ReadableStream<unknown>): Promise<Json[]> {
  const parts: Json[] = [];
  for await (const part of stream as unknown as AsyncIterable<Json>) parts.push(part);
  return parts;
}

/** A response object as the events carry it. */
export function response(extra: Json = {}): Json {
  return {
    id: 'resp_hand_1',
    object: 'response',
    created_at: 1763474589,
    status: 'in_progress',
    model: 'gpt-5.1',
    output: [],
    store: true,
    error: null,
    incomplete_details: null,
    usage: null,
    ...extra,
  };
}

export const USAGE = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 3,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 13,
};

/** The start of a message whose first delta went out: output has begun. */
export function messageStarted(delta = 'Hel'): Json[] {
  const item = {
    type: 'message',
    id: 'msg_1',
    status: 'in_progress',
    role: 'assistant',
    content: [],
  };
  return [
    { type: 'response.created', response: response() },
    { type: 'response.in_progress', response: response() },
    { type: 'response.output_item.added', output_index: 0, item },
    {
      type: 'response.output_text.delta',
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      delta,
    },
  ];
}
