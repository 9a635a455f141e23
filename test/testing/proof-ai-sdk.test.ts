/**
 * Proof that the mock speaks the real protocol, with `@ai-sdk/openai` (which this project did
 * not write) as the client over HTTP: a tool loop through `generateText`, and recorded streams
 * replayed over SSE that parse to exactly what the recordings contain.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';

let server: MockResponsesServer;
beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

const model = (id = 'gpt-4.1-mini') =>
  createOpenAI({ baseURL: server.url, apiKey: MOCK_API_KEY }).responses(id);

it('generateText runs a tool loop over HTTP with the full input on every step', async () => {
  const executed: number[] = [];
  const result = await generateText({
    model: model(),
    prompt: 'Count for me #tools=3',
    tools: {
      add: tool({
        description: 'Add one',
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }) => {
          executed.push(step);
          return step + 1;
        },
      }),
    },
    stopWhen: stepCountIs(5),
  });

  expect(result.text).toBe('Done after 3 tool calls.');
  expect(executed).toEqual([1, 2, 3]);
  expect(result.steps).toHaveLength(4);
  const records = server.requests;
  expect(records.map((r) => r.transport)).toEqual(['http', 'http', 'http', 'http']);
  expect(records.map((r) => r.previousResponseId)).toEqual([null, null, null, null]);
  expect(records.map((r) => r.input.length)).toEqual([1, 3, 5, 7]);
  expect(records.flatMap((r) => r.duplicates)).toEqual([]);
  expect(records.map((r) => r.status)).toEqual([
    'completed',
    'completed',
    'completed',
    'completed',
  ]);
  expect(result.usage.inputTokens).toBeGreaterThan(0);
});

const FIXTURES = resolve(import.meta.dirname, '../fixtures/openai-recorded');
const fixture = (file: string) =>
  readFileSync(join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

it('a replayed text fixture parses in streamText to the recorded text', async () => {
  const file = 'openai-issue-14428-denied-tool-approval.chunks.txt';
  const recorded = fixture(file).find((e) => e.type === 'response.output_text.done').text;
  server.enqueue({ replay: file });
  const errors: unknown[] = [];
  const result = streamText({
    model: model(),
    prompt: 'hi',
    onError: ({ error }) => errors.push(error),
  });
  expect(await result.text).toBe(recorded);
  expect(await result.finishReason).toBe('stop');
  expect(errors).toEqual([]);
  expect(server.requests[0].body.stream).toBe(true);
});

it('a replayed tool-call fixture parses in streamText to the recorded tool calls', async () => {
  const file = 'openai-reasoning-encrypted-content.1.chunks.txt';
  const events = fixture(file);
  const firstResponse = events.slice(
    0,
    events.findIndex((e) => e.type === 'response.completed') + 1,
  );
  const recordedCalls = firstResponse
    .filter((e) => e.type === 'response.output_item.done' && e.item.type === 'function_call')
    .map((e) => ({
      toolCallId: e.item.call_id,
      toolName: e.item.name,
      input: JSON.parse(e.item.arguments),
    }));
  const recordedReasoning = firstResponse.find(
    (e) => e.type === 'response.reasoning_summary_text.done',
  ).text;

  server.enqueue({ replay: file, responseIndex: 0 });
  const errors: unknown[] = [];
  const result = streamText({
    model: model(),
    prompt: 'compute',
    tools: {
      calculator: tool({
        inputSchema: z.object({ a: z.number(), b: z.number(), op: z.string() }),
      }),
    },
    onError: ({ error }) => errors.push(error),
  });
  const calls = await result.toolCalls;
  expect(
    calls.map((c) => ({ toolCallId: c.toolCallId, toolName: c.toolName, input: c.input })),
  ).toEqual(recordedCalls);
  expect(await result.reasoningText).toBe(recordedReasoning);
  expect(await result.finishReason).toBe('tool-calls');
  expect(errors).toEqual([]);
});

it('a second chat turn sends item_reference for the stored answer, which the mock resolves', async () => {
  const first = await generateText({ model: model(), prompt: 'Hello' });
  const second = await generateText({
    model: model(),
    messages: [
      { role: 'user', content: 'Hello' },
      ...first.responseMessages,
      { role: 'user', content: 'And again' },
    ],
  });
  expect(second.text).toBe('Echo: And again');
  const record = server.requests[1];
  expect(record.input).toContainEqual({
    type: 'item_reference',
    id: expect.stringMatching(/^msg_/),
  });
  expect(record.context[1]).toEqual(
    expect.objectContaining({
      type: 'message',
      role: 'assistant',
      content: [expect.objectContaining({ text: 'Echo: Hello' })],
    }),
  );
  expect(record.duplicates).toEqual([]);
});

it('reasoning: a summary and encrypted content come back, and the resend is accepted', async () => {
  const options = { openai: { reasoningSummary: 'auto', store: false } };
  const first = await generateText({
    model: model('o4-mini'),
    prompt: 'Think first #reasoning',
    providerOptions: options,
  });
  expect(first.reasoningText).toBe('Thinking about the request: Think first #reasoning');
  expect(first.text).toBe('Echo: Think first #reasoning');
  expect(first.usage.outputTokenDetails.reasoningTokens).toBeGreaterThan(0);
  expect(server.requests[0].body.include).toContain('reasoning.encrypted_content');

  const second = await generateText({
    model: model('o4-mini'),
    messages: [
      { role: 'user', content: 'Think first #reasoning' },
      ...first.responseMessages,
      { role: 'user', content: 'Then answer' },
    ],
    providerOptions: options,
  });
  expect(second.text).toBe('Echo: Then answer');
  const resent = server.requests[1].input.find(
    (item) => (item as { type?: string }).type === 'reasoning',
  );
  expect(resent).toMatchObject({ encrypted_content: expect.stringMatching(/^gAAAA/) });
  expect(server.requests[1].duplicates).toEqual([]);
});

it('structured output: the answer fits the schema', async () => {
  const result = await generateText({
    model: model(),
    prompt: 'Describe a city',
    output: Output.object({
      schema: z.object({ name: z.string(), population: z.number(), tags: z.array(z.string()) }),
    }),
  });
  expect(result.output).toEqual({ name: 'example name', population: 42, tags: ['example tags'] });
  expect(server.requests[0].body.text).toMatchObject({
    format: { type: 'json_schema', strict: true },
  });
});

it('errors: a rate limit, a missing parent and a mid-stream failure reach the caller typed', async () => {
  server.fault({
    type: 'error-event',
    code: 'rate_limit_exceeded',
    message: 'Slow down',
    headers: { 'retry-after': '1' },
  });
  const limited = await generateText({ model: model(), prompt: 'x', maxRetries: 0 }).catch(
    (e) => e,
  );
  expect(APICallError.isInstance(limited)).toBe(true);
  expect(limited).toMatchObject({ statusCode: 429, isRetryable: true, message: 'Slow down' });
  expect(limited.responseHeaders['retry-after']).toBe('1');

  const orphan = await generateText({
    model: model(),
    prompt: 'x',
    providerOptions: { openai: { previousResponseId: 'resp_missing' } },
    maxRetries: 0,
  }).catch((e) => e);
  expect(APICallError.isInstance(orphan)).toBe(true);
  expect(orphan).toMatchObject({ statusCode: 400, isRetryable: false });
  expect(orphan.message).toContain('resp_missing');

  server.fault({ type: 'error-event', code: 'server_error', shape: 'mid-stream', message: 'Boom' });
  const errors: unknown[] = [];
  const stream = streamText({
    model: model(),
    prompt: 'x',
    maxRetries: 0,
    onError: ({ error }) => errors.push(error),
  });
  await stream.consumeStream();
  expect(errors.length).toBeGreaterThan(0);
  expect(JSON.stringify(errors[0])).toContain('Boom');
  expect(server.requests.map((r) => r.status)).toEqual(['error', 'error', 'failed']);
});
