import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gc } from '../helpers/gc';
import { type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';
import { runChild } from '../helpers/run-child';

/*
 * A consumer that stops reading a stream without cancelling it: ai's `textStream` and
 * `fullStream` are tees of the step's stream, so breaking out of a `for await` over one (or
 * cancelling its reader) cancels only that branch. The provider's stream is never cancelled nor
 * read again, and its response holds its socket (lanes on: its lane) for as long as nothing
 * stops it. It must not keep the process alive, and once the stream is garbage collected, the
 * response is stopped as a cancel stops it.
 */

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** Far more parts than the AI SDK and the provider's stream buffer: the stream fills and waits. */
const LONG_PROMPT = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');

/**
 * Streams `prompt`, reads the first text chunk and breaks out of the loop; nothing of the call is
 * kept (its result goes out of scope with this function).
 */
async function breakOutAfterFirstChunk(mock: MockSetup, prompt = LONG_PROMPT): Promise<string> {
  const result = streamText({ model: mock.provider('gpt-4.1-mini'), prompt, maxRetries: 0 });
  for await (const text of result.textStream) return text;
  throw new Error('the stream had no text');
}

/**
 * Collects garbage until `check` passes (the dropped stream's turn is stopped after the GC). With
 * lanes on, the stopped lane drains until the server has sent the rest of its 400 events: on a
 * loaded 2-core machine (the whole suite, other work beside it) that took over 5 s.
 */
const afterCollection = (check: () => void) =>
  vi.waitFor(
    () => {
      gc();
      check();
    },
    { timeout: 15_000 },
  );

describe('a stream its consumer stops reading without cancelling it', () => {
  it.each([
    [
      'lanes off, breaking out of textStream',
      '{}',
      'for await (const text of result.textStream) break;',
    ],
    [
      "lanes on, cancelling fullStream's reader",
      '{ pool: { lanes: 4 } }',
      'const reader = result.fullStream.getReader(); await reader.read(); await reader.cancel();',
    ],
  ])('does not keep the process alive: %s, the script exits', async (_, settings, stop) => {
    // 400 events 20 ms apart: the response runs for 8 s, the child is killed after 6 s.
    mock = await startMock({}, { costModel: { perEventMs: 20 } });
    const { stdout, code } = await runChild(
      mock.server.url,
      `
      const own = createOpenAIWebSocket({ apiKey: 'test-key', baseURL: ${JSON.stringify(mock.server.url)}, ...${settings} });
      const result = streamText({ model: own('gpt-4.1-mini'), prompt: ${JSON.stringify(LONG_PROMPT)} });
      ${stop}
      console.log('stopped reading');
    `,
      6_000,
    );
    expect(stdout).toBe('stopped reading');
    expect(code).toBe(0);
  });

  it('lanes off, once collected: its socket is closed, not returned idle, and the next call runs', async () => {
    mock = await startMock({}, { costModel: { perEventMs: 2 } });
    expect(await breakOutAfterFirstChunk(mock)).toBe('Echo:');
    expect(poolOf(mock).stats().inFlight).toBe(1);
    await afterCollection(() => expect(poolOf(mock!).stats().inFlight).toBe(0));
    await vi.waitFor(() => expect(mock?.server.sockets().open).toBe(0));
    expect(mock.server.requests[0].status).toBe('interrupted');

    const next = streamText({ model: mock.provider('gpt-4.1-mini'), prompt: 'again' });
    expect(await next.text).toBe('Echo: again');
  });

  it('lanes on, once collected: its lane drains and is reused, the other lane is unaffected', async () => {
    mock = await startMock({ pool: { lanes: 4 } }, { costModel: { perEventMs: 2 } });
    const other = generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'the other call' });
    expect(await breakOutAfterFirstChunk(mock)).toBe('Echo:');
    expect((await other).text).toBe('Echo: the other call');
    await afterCollection(() => expect(poolOf(mock!).stats().inFlight).toBe(0));
    expect(mock.server.sockets()).toEqual({ open: 1, opened: 1 });

    // The drained lane holds no chain: a new conversation may take it, and gets its own events.
    const lane = mock.server.requests.find((r) => r.raw.includes('word0'))?.streamId;
    const next = streamText({ model: mock.provider('gpt-4.1-mini'), prompt: 'again' });
    expect(await next.text).toBe('Echo: again');
    expect(wsMeta(await next.providerMetadata).lane).toBe(lane);
  });

  it('over the HTTP fallback, once collected: its request is aborted', async () => {
    // 400 events 10 ms apart: the server is still sending when the stream is collected.
    mock = await startMock({ webSocket: null }, { costModel: { perEventMs: 10 } });
    expect(await breakOutAfterFirstChunk(mock)).toBe('Echo:');
    const request = mock.server.requests[0];
    expect(request.transport).toBe('http');
    await afterCollection(() => expect(request.status).not.toBe('in_progress'));
    expect(request.status).toBe('interrupted');
  });
});
