/**
 * The AI SDK's `maxRetries` through ai@7, against `@ai-sdk/openai` answered with the same events
 * (through-ai.ts): a retryable error (429, 500, a response that fails before any output) on the
 * first attempt of a step is retried by the AI SDK. The retry sends what `@ai-sdk/openai`'s
 * sends (no item twice), the result is the same, and after the last attempt the error is.
 */

import type { ProviderOptions } from '@ai-sdk/provider-utils';
import { generateText, RetryError, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MockResponsesServer } from '../../src/testing';
import type { Fault as MockFault } from '../../src/testing/types';
import { comparableMetadata, type ModelOf, useThroughAi } from './through-ai';

const lanesOff = useThroughAi();
const lanesOn = useThroughAi('v4', { pool: { lanes: 4 } });
const { runBoth, state } = lanesOff;

/** No wait between attempts: the AI SDK honours `retry-after-ms`. */
const now = { 'retry-after-ms': '0' };

const failures: Array<[string, MockFault]> = [
  ['a 429', { type: 'error-event', code: 'rate_limit_exceeded', headers: now }],
  ['a 500', { type: 'error-event', code: 'server_error', headers: now }],
  [
    'a failed response before output',
    { type: 'error-event', code: 'server_error', shape: 'mid-stream' },
  ],
];

/**
 * A two-step loop; `failAt` arms `fault` (times over) for the first attempt of that step: before
 * the call for step 0, from the tool (which runs between the steps) for step 1.
 */
function loop(
  model: ModelOf,
  server: MockResponsesServer,
  {
    fault,
    failAt,
    times = 1,
    kind = 'generate',
    maxRetries = 2,
    providerOptions = {},
  }: {
    fault: MockFault;
    failAt: 0 | 1;
    times?: number;
    kind?: 'generate' | 'stream';
    maxRetries?: number;
    providerOptions?: ProviderOptions;
  },
  armed: { done: boolean },
) {
  const arm = () => {
    if (armed.done) return;
    armed.done = true;
    for (let i = 0; i < times; i++) server.fault(fault);
  };
  if (failAt === 0) arm();
  const lookup = tool({
    inputSchema: z.object({ step: z.number() }),
    execute: async ({ step }) => {
      if (failAt === 1) arm();
      return `fact ${step}`;
    },
  });
  const options = {
    model: model(),
    prompt: 'Collect one fact. #tools=1',
    tools: { lookup },
    stopWhen: stepCountIs(5),
    maxRetries,
    providerOptions,
  };
  if (kind === 'generate') return generateText(options);
  const result = streamText({ ...options, onError: () => {} });
  return result.consumeStream().then(async () => ({
    steps: await result.steps,
    responseMessages: await result.responseMessages,
    text: await result.text,
  }));
}

// Lanes on: the failures that need no backoff of the AI SDK's (they carry `retry-after-ms`).
describe.each([
  ['lanes off', lanesOff, failures],
  ['lanes on', lanesOn, failures.slice(0, 2)],
] as const)('%s', (_lanes, harness, cases) => {
  describe.each(['generate', 'stream'] as const)('maxRetries through %sText', (kind) => {
    describe.each([
      ['stored', {}],
      ['store: false', { openai: { store: false } }],
    ])('%s', (_store, providerOptions) => {
      it.each(cases)(
        '%s on the first attempt of step 1: retried, as @ai-sdk/openai',
        async (_name, fault) => {
          const armed = { done: false };
          const { ours, theirs, requests } = await harness.runBoth((model) =>
            loop(model, harness.state.server, { fault, failAt: 1, kind, providerOptions }, armed),
          );
          expect(ours.error).toBeUndefined();
          expect(requests.map((record) => record.status)).toEqual([
            'completed',
            expect.stringMatching(/error|failed/),
            'completed',
          ]);
          expect(comparableMetadata(ours.result?.responseMessages)).toEqual(
            comparableMetadata(theirs.result?.responseMessages),
          );
          expect(ours.result?.text).toBe(theirs.result?.text);
        },
      );
    });
  });
});

/** What a RetryError says, and what its last error says (`data`: only its `error`, see below). */
function retryView(error: unknown) {
  if (!RetryError.isInstance(error)) return error;
  const last = error.lastError as Record<string, unknown>;
  return {
    name: error.name,
    message: error.message,
    reason: error.reason,
    attempts: error.errors.length,
    last: {
      name: last.name,
      message: last.message,
      statusCode: last.statusCode,
      isRetryable: last.isRetryable,
      // Ours is the error frame (README, "errors"), @ai-sdk/openai's the HTTP error body: both
      // hold the same `error`.
      error: (last.data as { error?: unknown } | undefined)?.error,
    },
  };
}

describe('maxRetries through generateText, every attempt failing', () => {
  it.each(failures)('%s: the same RetryError after the last attempt', async (_name, fault) => {
    const armed = { done: false };
    const { ours, theirs, requests } = await runBoth((model) =>
      loop(model, state.server, { fault, failAt: 0, times: 2, maxRetries: 1 }, armed),
    );
    expect(requests).toHaveLength(2);
    expect(RetryError.isInstance(ours.error)).toBe(true);
    expect(retryView(ours.error)).toEqual(retryView(theirs.error));
  });
});
