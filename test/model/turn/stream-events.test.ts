import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseEventMapper } from '../../../src/model/events/map-events';
import { type MockSetup, startMock } from '../../helpers/mock-provider';
import { poolOf } from '../../helpers/pool-of';

/*
 * Handling an event can throw only through a bug (the mapper is tolerant of what the server
 * sends, the adapters' conversions do not throw): the mapper is made to throw here. The turn must
 * end as a failure at once, its stream erroring with what was thrown, and give back what it holds.
 */

let mock: MockSetup;
afterEach(async () => {
  vi.restoreAllMocks();
  await mock?.close();
});

/** The mapper throws `error` on the first event of this type (and maps every other one). */
function throwOn(type: string, error: Error, when = (_mapper: ResponseEventMapper) => true) {
  const mapInto = ResponseEventMapper.prototype.mapInto;
  let thrown = false;
  vi.spyOn(ResponseEventMapper.prototype, 'mapInto').mockImplementation(function (
    this: ResponseEventMapper,
    event,
    parts,
  ) {
    if (!thrown && (event as { type?: unknown }).type === type && when(this)) {
      thrown = true;
      throw error;
    }
    return mapInto.call(this, event, parts);
  });
}

/** The error a streamed call failed with: its stream's error, or else its first error part. */
async function streamError(prompt = 'a few words to stream'): Promise<unknown> {
  const errorParts: unknown[] = [];
  const result = streamText({
    model: mock.provider('gpt-4.1-mini'),
    prompt,
    maxRetries: 0,
    onError: ({ error }) => void errorParts.push(error),
  });
  try {
    for await (const _ of result.fullStream);
  } catch (error) {
    return error;
  }
  expect(errorParts).toHaveLength(1);
  return errorParts[0];
}

describe('a throw while handling an event ends the turn at once', () => {
  it('an event that arrives while the stream flows: the stream errors with it, the socket closes', async () => {
    // Spaced events: the deltas arrive in the socket's callback while the stream flows. The
    // silence deadline is short, so that a stream left waiting for it fails within the test.
    mock = await startMock({ pool: { eventTimeoutMs: 2_000 } }, { costModel: { perEventMs: 20 } });
    const boom = new Error('mapping failed');
    throwOn('response.output_text.delta', boom);
    expect(await streamError()).toBe(boom);
    // Lanes off: the response cannot be cancelled, so its socket goes.
    expect(poolOf(mock).stats()).toMatchObject({ open: 0, inFlight: 0 });
    await vi.waitFor(() => expect(mock.server.requests[0].status).toBe('interrupted'));
    const next = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'again' });
    expect(next.text).toBe('Echo: again');
  });

  it('an event read when the stream pulls: the turn gives its socket back (it stayed busy for good)', async () => {
    mock = await startMock({}, { costModel: { perEventMs: 20 } });
    const boom = new Error('mapping failed');
    // response.created was read before the first output: the stream's first pull hands it on.
    throwOn('response.created', boom);
    expect(await streamError()).toBe(boom);
    expect(poolOf(mock).stats()).toMatchObject({ open: 0, inFlight: 0 });
  });

  it.each([
    {
      name: 'doGenerate',
      message: 'mapping failed',
      settings: { pool: { eventTimeoutMs: 2_000 } },
      server: { costModel: { perEventMs: 20 } },
      type: 'response.output_text.delta',
      when: undefined,
      // Mid-response, lanes off: the response cannot be cancelled, so its socket goes.
      open: 0,
    },
    {
      name: 'doGenerate, ending the turn',
      message: 'replay failed',
      settings: undefined,
      server: undefined,
      // doGenerate reports a finished response as its output, replayed through a mapper of its
      // own once the terminal event came: that replay throws, before the turn has settled.
      type: 'response.output_item.done',
      when: (mapper: { generating: boolean }) => mapper.generating,
      // The response had ended: nothing more can come on the socket, which stays for the next.
      open: 1,
    },
  ])(
    '$name: the call rejects with it, the socket is not left busy',
    async ({ message, settings, server, type, when, open }) => {
      mock = await startMock(settings, server);
      const boom = new Error(message);
      throwOn(type, boom, when);
      const error = await generateText({
        model: mock.provider('gpt-4.1-mini'),
        prompt: 'a few words',
        maxRetries: 0,
      }).catch((e) => e);
      expect(error).toBe(boom);
      expect(poolOf(mock).stats()).toMatchObject({ open, inFlight: 0 });
    },
  );

  it('over the HTTP fallback: the stream errors with it, the response is stopped', async () => {
    // A frame above the limit goes over HTTP ('auto').
    mock = await startMock({ maxFrameBytes: 1_000 }, { costModel: { perEventMs: 20 } });
    const boom = new Error('mapping failed');
    throwOn('response.output_text.delta', boom);
    expect(await streamError(`a few words ${'x'.repeat(1_000)}`)).toBe(boom);
    const [record] = mock.server.requests;
    expect(record.transport).toBe('http');
    await vi.waitFor(() => expect(record.status).not.toBe('in_progress'));
    expect(record.status).toBe('interrupted');
  });
});
