import { getEventListeners } from 'node:events';
import type { LanguageModelV2 } from '@ai-sdk/provider-v2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpenAIWebSocketSettings } from '../../src/index';
import { gc } from '../helpers/gc';
import { type MockSetup, startMock } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

/*
 * Streams a caller lets go of unfinished (never read, or read a little) while their calls share
 * one long-lived signal. The signal watches every turn under way; that must not keep a dropped
 * stream, or its turn, alive: once the streams are collected their turns are stopped and settle,
 * and the signal keeps nothing of them (test/reliability/dropped-streams.test.ts has the same
 * without a signal).
 */

const DROPPED = 6;
/** Far more parts than the stream buffers: each response is still running when it is dropped. */
const LONG_PROMPT = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');

let setup: MockSetup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

/** One streamed call whose stream is dropped: never read, or after its first parts. */
async function dropStream(model: LanguageModelV2, i: number, abortSignal: AbortSignal) {
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: `${i} ${LONG_PROMPT}` }] }],
    abortSignal,
  });
  if (i % 2 === 0) return;
  const reader = stream.getReader();
  await reader.read();
  await reader.read();
}

describe(`${DROPPED} streams dropped unfinished, on one long-lived signal`, () => {
  it.each<[string, OpenAIWebSocketSettings]>([
    ['lanes off', {}],
    ['lanes on', { pool: { lanes: 4 } }],
    ['over the HTTP fallback', { webSocket: null }],
  ])(
    '%s: once collected, their turns are stopped and the signal keeps nothing',
    async (_, settings) => {
      const mock = await startMock(settings, { costModel: { perEventMs: 2 } });
      setup = mock;
      const signal = new AbortController().signal;
      const model = mock.provider('gpt-4.1-mini') as LanguageModelV2;
      for (let i = 0; i < DROPPED; i++) await dropStream(model, i, signal);
      // Their turns watch the signal until they are stopped.
      expect(abortListeners(signal)).toBe(1);
      await vi.waitFor(
        () => {
          gc();
          expect(abortListeners(signal)).toBe(0);
        },
        { timeout: 5_000 },
      );
      // Stopped as a cancel stops a turn: lanes off the sockets close, over HTTP the requests are
      // aborted (lanes on, each lane drains until its response ends).
      if (!settings.pool) {
        await vi.waitFor(() =>
          expect(poolOf(mock).stats()).toMatchObject({ inFlight: 0, open: 0 }),
        );
        await vi.waitFor(() =>
          expect(mock.server.requests.map((request) => request.status)).toEqual(
            Array(DROPPED).fill('interrupted'),
          ),
        );
      }
    },
  );
});
