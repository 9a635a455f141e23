import { createOpenAI } from '@ai-sdk/openai';
import type { APICallError } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_API_KEY } from '../../src/testing';
import { type MockSetup, startMock } from '../helpers/mock-provider';

let mock: MockSetup;
beforeEach(async () => {
  mock = await startMock({ transport: 'websocket' });
});
afterEach(async () => {
  await mock.close();
});

/** The error (or finish reason) one call ends with, for a given provider model. */
async function outcome(model: Parameters<typeof generateText>[0]['model']) {
  const errors: unknown[] = [];
  let finishReason: string | undefined;
  const result = streamText({
    model,
    prompt: 'hi',
    maxRetries: 0,
    onError: ({ error }) => void errors.push(error),
  });
  for await (const part of result.fullStream)
    if (part.type === 'finish') finishReason = part.finishReason;
  const error = errors[0] as APICallError | undefined;
  return {
    finishReason,
    errors: errors.length,
    statusCode: error?.statusCode,
    isRetryable: error?.isRetryable,
    message: error?.message,
  };
}

const reference = () =>
  createOpenAI({ apiKey: MOCK_API_KEY, baseURL: mock.server.url }).responses('gpt-4.1-mini');

describe('server errors map like @ai-sdk/openai', () => {
  const faults = [
    {
      name: '429 rate limit (request error)',
      fault: {
        type: 'error-event',
        code: 'rate_limit_exceeded',
        status: 429,
        headers: { 'retry-after': '1' },
      },
    },
    {
      name: '500 server error (request error)',
      fault: { type: 'error-event', code: 'server_error' },
    },
    {
      name: '400 invalid request',
      fault: { type: 'error-event', code: 'invalid_value', status: 400 },
    },
    {
      name: 'insufficient_quota mid-stream',
      fault: { type: 'error-event', code: 'insufficient_quota', shape: 'mid-stream' },
    },
    {
      name: 'server_error mid-stream',
      fault: { type: 'error-event', code: 'server_error', shape: 'mid-stream' },
    },
  ] as const;
  for (const { name, fault } of faults) {
    it(name, async () => {
      mock.server.fault({ ...fault, transport: 'websocket' });
      const ours = await outcome(mock.provider('gpt-4.1-mini'));
      mock.server.fault({ ...fault, transport: 'http' });
      const theirs = await outcome(reference());
      expect(ours.errors).toBe(1);
      expect(ours).toEqual(theirs);
    });
  }

  for (const output of [
    { status: 'failed', code: 'server_error', message: 'The model crashed' },
    { status: 'incomplete', reason: 'max_output_tokens', text: 'Partial answ' },
    { status: 'incomplete', reason: 'content_filter', text: 'Filtered' },
  ] as const) {
    it(`response.${output.status}${'reason' in output ? ` (${output.reason})` : ''}`, async () => {
      mock.server.enqueue(output);
      const ours = await outcome(mock.provider('gpt-4.1-mini'));
      mock.server.enqueue(output);
      const theirs = await outcome(reference());
      expect(ours).toEqual(theirs);
    });
  }

  it('a retryable 429 is retried by the AI SDK maxRetries and then succeeds', async () => {
    mock.server.fault({ type: 'error-event', code: 'rate_limit_exceeded', status: 429 });
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 2,
    });
    expect(result.text).toBe('Echo: hi');
    expect(mock.server.requests.map((r) => r.status)).toEqual(['error', 'completed']);
  });

  it('the headers of a 429 error frame are the responseHeaders, as over HTTP', async () => {
    const headers = { 'Retry-After': '1', 'retry-after-ms': '1000' };
    const errorOf = async (model: Parameters<typeof generateText>[0]['model']) =>
      (await generateText({ model, prompt: 'hi', maxRetries: 0 }).catch((e) => e)) as APICallError;
    mock.server.fault({
      type: 'error-event',
      code: 'rate_limit_exceeded',
      status: 429,
      headers,
      transport: 'websocket',
    });
    const ours = await errorOf(mock.provider('gpt-4.1-mini'));
    mock.server.fault({
      type: 'error-event',
      code: 'rate_limit_exceeded',
      status: 429,
      headers,
      transport: 'http',
    });
    const theirs = await errorOf(reference());
    expect(ours.responseHeaders).toEqual({ 'retry-after': '1', 'retry-after-ms': '1000' });
    expect(theirs.responseHeaders).toMatchObject(ours.responseHeaders ?? {});
  });

  it("the AI SDK's retry waits what retry-after-ms asks (longer than its own 2 s)", async () => {
    mock.server.fault({
      type: 'error-event',
      code: 'rate_limit_exceeded',
      status: 429,
      headers: { 'retry-after-ms': '2500' },
    });
    const started = performance.now();
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 1,
    });
    expect(result.text).toBe('Echo: hi');
    expect(mock.server.requests.map((r) => r.status)).toEqual(['error', 'completed']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2500);
  });

  it('unknown event types are ignored', async () => {
    mock.server.enqueue({ replay: 'openai-web-search-tool.1' });
    const result = await generateText({ model: mock.provider('gpt-5-mini'), prompt: 'hi' });
    expect(result.text.length).toBeGreaterThan(100);
  });
});

describe('an error before any output is thrown, however long after the acceptance it comes', () => {
  // 120 ms between events: the error follows `response.in_progress` later than any short grace.
  let slow: MockSetup;
  beforeEach(async () => {
    slow = await startMock({ transport: 'websocket' }, { costModel: { perEventMs: 120 } });
  });
  afterEach(async () => {
    await slow.close();
  });

  it('doStream rejects with the APICallError, not a stream that errors later', async () => {
    slow.server.fault({ type: 'error-event', code: 'insufficient_quota', shape: 'mid-stream' });
    const model = slow.provider('gpt-4.1-mini');
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];
    const error = (await model.doStream({ prompt }).then(
      () => undefined,
      (e: unknown) => e,
    )) as APICallError;
    expect(error).toBeInstanceOf(Error);
    expect(error.statusCode).toBe(429);
    expect(error.message).toMatch(/quota/i);
  });

  it('so streamText retries a retryable one (maxRetries) and the call succeeds', async () => {
    slow.server.fault({ type: 'error-event', code: 'server_error', shape: 'mid-stream' });
    const errors: unknown[] = [];
    const result = streamText({
      model: slow.provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 1,
      onError: ({ error }) => void errors.push(error),
    });
    expect(await result.text).toBe('Echo: hi');
    expect(errors).toEqual([]);
    expect(slow.server.requests.map((r) => r.status).at(-1)).toBe('completed');
    expect(slow.server.requests).toHaveLength(2);
  });
});
