import { getEventListeners } from 'node:events';
import type { LanguageModelV2 } from '@ai-sdk/provider-v2';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenAIWebSocketSettings } from '../../src/index';
import { type MockSetup, startMock } from '../helpers/mock-provider';
import { callsQueued, requestsArrived } from '../helpers/pool-of';

/*
 * One long-lived AbortSignal shared by many calls at once: an app-wide shutdown controller, or a
 * server's request signal handed to the parallel calls of one request. Each call that watched it
 * with a listener of its own put one more on it; past ten at once Node.js warns of a leak
 * (`MaxListenersExceededWarning`), which an app's monitoring reports although nothing leaked.
 * The package watches a signal with one listener however many of its calls share it.
 *
 * Half the calls are generateText through the real `ai`, which puts no listener of its own on the
 * signal; the other half stream at the model level, because ai's streamText puts two of its own
 * on it per call (and so warns past five at once whatever the provider does).
 */

const CALLS = 24;

let setup: MockSetup | undefined;
const warnings: Error[] = [];
const onWarning = (warning: Error) => void warnings.push(warning);
afterEach(async () => {
  process.off('warning', onWarning);
  warnings.length = 0;
  await setup?.close();
  setup = undefined;
});

const abortListeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

/** The warnings Node.js emitted for listeners, once its emission (on a later tick) is through. */
async function listenerWarnings(): Promise<string[]> {
  await new Promise((resolve) => setImmediate(resolve));
  return warnings
    .filter((warning) => warning.name === 'MaxListenersExceededWarning')
    .map((warning) => warning.message);
}

/** The text of one call streamed at the model level (doStream), read to its end. */
async function streamedText(model: LanguageModelV2, text: string, abortSignal: AbortSignal) {
  const { stream } = await model.doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
    abortSignal,
  });
  const reader = stream.getReader();
  let streamed = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (read.value.type === 'text-delta') streamed += read.value.delta;
  }
  return streamed;
}

describe(`${CALLS} calls at once on one long-lived signal`, () => {
  it.each<[string, OpenAIWebSocketSettings, (mock: MockSetup) => Promise<unknown>]>([
    ['lanes off', {}, (mock) => requestsArrived(mock, CALLS)],
    ['lanes on', { pool: { lanes: 4 } }, (mock) => requestsArrived(mock, CALLS)],
    // Two run, the others wait in the pool's queue: a wait watches the signal too.
    ['through the wait queue', { pool: { maxSockets: 2 } }, (mock) => callsQueued(mock, CALLS - 2)],
    ['over the HTTP fallback', { webSocket: null }, (mock) => requestsArrived(mock, CALLS)],
  ])(
    '%s: one listener on it while they run, none after, no warning',
    async (_, settings, inFlight) => {
      process.on('warning', onWarning);
      // 20 ms between events: every call is still under way when the listeners are counted.
      const mock = await startMock(settings, { costModel: { perEventMs: 20 } });
      setup = mock;
      const signal = new AbortController().signal;
      const model = mock.provider('gpt-4.1-mini');
      const calls = Array.from({ length: CALLS }, (_, i) =>
        i % 2 === 0
          ? generateText({ model, prompt: `call ${i}`, abortSignal: signal, maxRetries: 0 }).then(
              (result) => result.text,
            )
          : streamedText(model, `call ${i}`, signal),
      );
      await inFlight(mock);
      expect(abortListeners(signal)).toBeLessThanOrEqual(1);
      const texts = await Promise.all(calls);
      expect(texts).toEqual(Array.from({ length: CALLS }, (_, i) => `Echo: call ${i}`));
      expect(abortListeners(signal)).toBe(0);
      expect(await listenerWarnings()).toEqual([]);
    },
  );
});
