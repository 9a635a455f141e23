import { APICallError } from '@ai-sdk/provider';
import { generateText, type ModelMessage, streamText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callError, callResult, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

let mock: MockSetup;
afterEach(async () => {
  await mock?.close();
});

/** A mock whose events are spaced out (so calls overlap and can be hit mid-stream), lanes on. */
const lanesMock = (perEventMs = 15) =>
  startMock({ pool: { lanes: 8 } }, { costModel: { perEventMs } });

const streamCall = (prompt: string, abortSignal?: AbortSignal) =>
  streamText({
    model: mock.provider('gpt-4.1-mini'),
    prompt,
    abortSignal,
    maxRetries: 0,
    onError: () => {},
  });

type Result = { text: string; providerMetadata?: unknown };

/** How a call settled: its result, or the error it failed with (handled at once, never unhandled). */
const settle = (call: Promise<Result>) =>
  call.then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const settleAll = (calls: Promise<Result>[]) => Promise.all(calls.map(settle));

describe('abort on a shared socket', () => {
  it('an abort mid-stream on one lane: it rejects at once, the four other lanes complete', async () => {
    mock = await lanesMock();
    const controller = new AbortController();
    const reason = new Error('user left');
    const aborted = streamCall(
      'aborted one two three four five six seven eight nine ten eleven twelve',
      controller.signal,
    );
    const others = [1, 2, 3, 4].map((i) => streamCall(`other ${i}`));
    const seen: string[] = [];
    const consumed = (async () => {
      for await (const part of aborted.fullStream) {
        seen.push(part.type);
        if (part.type === 'text-delta' && !controller.signal.aborted) {
          controller.abort(reason);
        }
      }
    })();
    await consumed;
    // ai@7 ends the full stream with an abort part; the result rejects with the abort reason.
    expect(seen.slice(-2)).toEqual(['text-delta', 'abort']);
    const error = await Promise.resolve(aborted.text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBe(reason);
    // It did not wait for its response to end: the server is still streaming it.
    const abortedRecord = () => mock.server.requests.find((r) => r.raw.includes('aborted one'));
    expect(abortedRecord()?.status).toBe('in_progress');

    expect(await Promise.all(others.map((call) => call.text))).toEqual(
      [1, 2, 3, 4].map((i) => `Echo: other ${i}`),
    );
    // The lane was drained to its terminal event and given back; the socket never closed.
    await vi.waitFor(() => expect(poolOf(mock).stats().inFlight).toBe(0));
    expect(abortedRecord()?.status).toBe('completed');
    expect(mock.server.sockets()).toEqual({ open: 1, opened: 1 });

    // The drained lane holds no chain, so the next new conversation gets it; only its own
    // events reach that call.
    const lane = abortedRecord()?.streamId;
    const next = streamCall('next on the drained lane');
    expect(await next.text).toBe('Echo: next on the drained lane');
    expect(wsMeta(await next.providerMetadata).lane).toBe(lane);
  });

  it('an abort before the first event: the lane drains, the socket stays for the others', async () => {
    mock = await lanesMock(0);
    mock.server.fault({ type: 'delay-first-event', ms: 300, streamId: 'lane-1' });
    const controller = new AbortController();
    const reason = new Error('stop');
    const waiting = generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'slow',
      abortSignal: controller.signal,
      maxRetries: 0,
    }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(mock.server.requests).toHaveLength(1));
    const other = generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'quick' });
    controller.abort(reason);
    expect(await waiting).toBe(reason);
    expect((await other).text).toBe('Echo: quick');
    await vi.waitFor(() => expect(poolOf(mock).stats().inFlight).toBe(0));
    expect(mock.server.sockets().opened).toBe(1);
  });
});

describe('a socket failure with lanes', () => {
  it('a socket killed with five lanes in flight: each call recovers or fails cleanly, none hangs', async () => {
    mock = await lanesMock();
    // lane-5 waits before its first event (no output yet: it is resent); lane-3 kills the socket.
    mock.server.fault({ type: 'delay-first-event', ms: 1_000, streamId: 'lane-5' });
    mock.server.fault({ type: 'terminate-after-events', events: 5, streamId: 'lane-3' });
    const deadline = AbortSignal.timeout(10_000);
    const calls = [1, 2, 3, 4, 5].map((i) =>
      generateText({
        model: mock.provider('gpt-4.1-mini'),
        prompt: `call ${i} with a few words of text`,
        maxRetries: 0,
        abortSignal: deadline,
      }),
    );
    const outcomes = await settleAll(calls);
    expect(deadline.aborted).toBe(false);
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok)
        expect(outcome.result.text).toBe(`Echo: call ${i + 1} with a few words of text`);
      else expect(APICallError.isInstance(outcome.error)).toBe(true);
    }
    // Which call ran on which lane (the calls reach the pool in no fixed order).
    const onLane = (lane: string) => {
      const record = mock.server.requests.find((r) => r.streamId === lane);
      return outcomes[Number(/call (\d)/.exec(record?.raw ?? '')?.[1]) - 1];
    };
    const delayed = onLane('lane-5');
    expect(delayed.ok && wsMeta(delayed.result.providerMetadata)).toMatchObject({
      reason: 'socket-replaced',
      retries: 1,
    });
    const killer = onLane('lane-3');
    expect(killer.ok).toBe(false);
    expect(!killer.ok && (killer.error as APICallError).isRetryable).toBe(true);
    expect(poolOf(mock).stats()).toMatchObject({ inFlight: 0, queued: 0 });
    expect(mock.server.requests.flatMap((r) => r.duplicates)).toEqual([]);
  });

  it('an unsolicited connection limit on an idle shared socket retires it; the next call opens another', async () => {
    mock = await lanesMock(0);
    const messages: ModelMessage[] = [{ role: 'user', content: 'Turn one' }];
    const first = await generateText({ model: mock.provider('gpt-4.1-mini'), messages });
    messages.push(...first.responseMessages, { role: 'user', content: 'Turn two' });
    mock.server.fault({ type: 'connection-limit-idle' });
    await vi.waitFor(() => expect(poolOf(mock).stats().open).toBe(0));
    const next = await generateText({ model: mock.provider('gpt-4.1-mini'), messages });
    expect(next.text).toBe('Echo: Turn two');
    expect(wsMeta(next.providerMetadata)).toMatchObject({
      reason: 'continuation-from-store',
      socketReused: false,
      lane: 'lane-1',
    });
  });
});

describe('timeouts with lanes', () => {
  it('no first event in time: the lane is left to drain, the call is resent on a fresh socket', async () => {
    mock = await startMock({ pool: { lanes: 8, firstEventTimeoutMs: 300 } });
    mock.server.fault({ type: 'delay-first-event', ms: 1_000, streamId: 'lane-1' });
    const result = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'hello' });
    expect(result.text).toBe('Echo: hello');
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      reason: 'first-event-timeout',
      retries: 1,
      socketReused: false,
    });
    // The silent lane's socket was not closed: its response ran to its end and was dropped.
    expect(mock.server.sockets()).toEqual({ open: 2, opened: 2 });
    await vi.waitFor(() => expect(poolOf(mock).stats().inFlight).toBe(0), { timeout: 5_000 });
    expect(mock.server.requests.map((r) => r.status)).toEqual(['completed', 'completed']);
  });
});

describe('lane-scoped errors', () => {
  it('a lane the server refuses (websocket_stream_limit_reached) is retired; the call goes out on another', async () => {
    mock = await lanesMock(0);
    mock.server.fault({
      type: 'error-event',
      code: 'websocket_stream_limit_reached',
      streamId: 'lane-1',
    });
    const result = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'hi' });
    expect(result.text).toBe('Echo: hi');
    expect(wsMeta(result.providerMetadata)).toMatchObject({ lane: 'lane-2', retries: 1 });
    const again = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'again' });
    expect(wsMeta(again.providerMetadata).lane).not.toBe('lane-1');
    expect(mock.server.sockets().opened).toBe(1);
  });

  it('a stream limit on the last resend fails the call, and that lane too is never used again', async () => {
    mock = await lanesMock(0);
    for (const lane of ['lane-1', 'lane-2', 'lane-3']) {
      mock.server.fault({
        type: 'error-event',
        code: 'websocket_stream_limit_reached',
        streamId: lane,
      });
    }
    const error = await callError(mock, 'refused three times');
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toMatch(/websocket_stream_limit_reached/);
    await vi.waitFor(() => expect(poolOf(mock).stats().inFlight).toBe(0));
    // The server refused lane-3 as it refused the two before it: the next call goes on lane-4.
    const next = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'next' });
    expect(wsMeta(next.providerMetadata)).toMatchObject({ lane: 'lane-4', retries: 0 });
    expect(mock.server.requests.map((r) => r.streamId)).toEqual([
      'lane-1',
      'lane-2',
      'lane-3',
      'lane-4',
    ]);
  });

  it('invalid_stream_id fails that call with what to do; the other lanes are untouched', async () => {
    mock = await lanesMock();
    mock.server.fault({ type: 'error-event', code: 'invalid_stream_id', streamId: 'lane-1' });
    const one = settle(callResult(mock, 'one'));
    await vi.waitFor(() => expect(mock.server.requests).toHaveLength(1));
    const two = settle(callResult(mock, 'two'));
    const [refused, other] = await Promise.all([one, two]);
    expect(refused.ok).toBe(false);
    const error = !refused.ok ? (refused.error as APICallError) : undefined;
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error?.message).toMatch(/pool\.lanes to 0/);
    expect(error?.isRetryable).toBe(false);
    expect(other.ok && other.result.text).toBe('Echo: two');
    expect(mock.server.sockets()).toEqual({ open: 1, opened: 1 });
  });

  it('a failed same-lane continuation evicts its parent (full input next); another lane keeps its chain', async () => {
    mock = await lanesMock(0);
    const model = mock.provider('gpt-4.1-mini');
    const store = { openai: { store: false } };
    const chats = [[], []] as ModelMessage[][];
    for (const [c, messages] of chats.entries()) {
      messages.push({ role: 'user', content: `chat ${c} one` });
      const first = await generateText({ model, messages, providerOptions: store });
      messages.push(...first.responseMessages, { role: 'user', content: `chat ${c} two` });
    }
    mock.server.fault({ type: 'error-event', code: 'server_error', streamId: 'lane-1' });
    const failed = await settleAll([
      generateText({ model, messages: chats[0], providerOptions: store, maxRetries: 0 }),
    ]);
    expect(failed[0].ok).toBe(false);
    const retried = await generateText({ model, messages: chats[0], providerOptions: store });
    expect(wsMeta(retried.providerMetadata)).toMatchObject({ inputMode: 'full' });
    const other = await generateText({ model, messages: chats[1], providerOptions: store });
    expect(wsMeta(other.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation',
      lane: 'lane-2',
    });
    expect(mock.server.sockets().opened).toBe(1);
    expect(mock.server.requests.flatMap((r) => r.duplicates)).toEqual([]);
  });

  it('an error mid-stream on one lane: that stream errors, the lane drains, the other stream completes', async () => {
    mock = await lanesMock();
    mock.server.fault({
      type: 'error-event',
      code: 'server_error',
      shape: 'mid-stream',
      streamId: 'lane-1',
    });
    const broken = streamCall('broken');
    await vi.waitFor(() => expect(mock.server.requests).toHaveLength(1));
    const fine = streamCall('fine');
    const types: string[] = [];
    for await (const part of broken.fullStream) types.push(part.type);
    expect(types).toContain('error');
    expect(await fine.text).toBe('Echo: fine');
    await vi.waitFor(() => expect(poolOf(mock).stats().inFlight).toBe(0));
    expect(mock.server.sockets()).toEqual({ open: 1, opened: 1 });
    const after = await streamCall('after').text;
    expect(after).toBe('Echo: after');
  });
});
