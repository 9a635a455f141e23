import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { afterOneTurn, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

/*
 * A late event of a response (after its terminal event) that reaches the socket once the lane's
 * next call has been sent: the server sends a lane's events in order, so it comes before that
 * call's `response.created`. The mock's `stray-event` fault puts it exactly there. A response
 * numbers its events from 0, so the late event carries the number after its terminal event's.
 */

let mock: MockSetup;
afterEach(async () => {
  await mock?.close();
});

/** The events the mock numbered for a response: the next number its stream would have used. */
const nextNumberOf = (index: number) => mock.server.requests[index].eventsSent;

describe.each([
  { lanes: 0, streamId: null },
  { lanes: 4, streamId: 'lane-1' },
])('a late event of the previous response, lanes $lanes', ({ lanes, streamId }) => {
  /**
   * One completed turn, then the next call of the conversation with `event` ahead of it; `next`
   * makes the call after that one.
   */
  async function nextCallAfter(event: (first: { responseId: string }) => Record<string, unknown>) {
    mock = await startMock({ pool: { lanes } });
    const { model, messages } = await afterOneTurn(mock);
    const responseId = mock.server.requests[0].responseId as string;
    mock.server.fault({ type: 'stray-event', event: event({ responseId }), streamId });
    const result = await generateText({ model, messages, maxRetries: 0 });
    const next = (content: string) =>
      generateText({
        model,
        messages: [...messages, ...result.response.messages, { role: 'user', content }],
      });
    return { result, next };
  }

  it('a late error event is not the next call’s: it completes on the same socket, not resent', async () => {
    const { result } = await nextCallAfter(() => ({
      type: 'error',
      code: 'server_error',
      message: 'late error of the previous response',
      param: null,
      sequence_number: nextNumberOf(0),
    }));
    expect(result.text).toBe('Echo: Turn two');
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation',
      retries: 0,
      socketReused: true,
    });
    expect(mock.server.requests.map((r) => r.status)).toEqual(['completed', 'completed']);
    expect(mock.server.sockets().opened).toBe(1);
  });

  it('a repeated terminal event is not the next call’s: its own response ends it, and the call after it', async () => {
    const { result, next } = await nextCallAfter(({ responseId }) => ({
      type: 'response.completed',
      sequence_number: nextNumberOf(0),
      response: { id: responseId, object: 'response', status: 'completed', output: [] },
    }));
    expect(result.text).toBe('Echo: Turn two');
    expect(result.response.id).toBe(mock.server.requests[1].responseId);
    expect(poolOf(mock).stats()).toMatchObject({ open: 1, inFlight: 0 });
    // Its socket carries the conversation on, with nothing of either response in the way.
    const third = await next('Turn three');
    expect(third.text).toBe('Echo: Turn three');
    expect(wsMeta(third.providerMetadata)).toMatchObject({ reason: 'continuation', retries: 0 });
    expect(mock.server.sockets().opened).toBe(1);
  });

  it('a late text delta does not reach the next call’s stream', async () => {
    mock = await startMock({ pool: { lanes } });
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({
      type: 'stray-event',
      event: {
        type: 'response.output_text.delta',
        item_id: 'msg_late',
        output_index: 0,
        content_index: 0,
        delta: 'LATE ',
        logprobs: [],
        sequence_number: nextNumberOf(0),
      },
      streamId,
    });
    const result = streamText({ model, messages, maxRetries: 0 });
    expect(await result.text).toBe('Echo: Turn two');
    expect((await result.response).id).toBe(mock.server.requests[1].responseId);
  });

  it('after a late error, the next call still gets the error that refuses its own frame', async () => {
    mock = await startMock({ pool: { lanes } });
    const { model, messages } = await afterOneTurn(mock);
    const late = { type: 'error', code: 'server_error', message: 'late', sequence_number: 9 };
    mock.server.fault({ type: 'stray-event', event: late, streamId });
    mock.server.fault({
      type: 'error-event',
      code: 'invalid_value',
      message: 'its own refusal',
      streamId,
    });
    const error = await generateText({ model, messages, maxRetries: 0 }).catch((e) => e);
    expect(error.message).toBe('its own refusal');
    expect(error.statusCode).toBe(400);
  });

  it('an error without a sequence number before the call’s response.created is taken as its refusal (nothing on the wire tells it apart)', async () => {
    const error = await nextCallAfter(() => ({
      type: 'error',
      status: 400,
      error: { type: 'invalid_request_error', code: 'invalid_value', message: 'unnumbered' },
    })).catch((e) => e);
    expect(error.message).toBe('unnumbered');
  });
});
