import { describe, expect, it } from 'vitest';
import { createMockResponsesServer } from '../../src/testing';
import { connect, type Event, type RawClient, terminalOf, textOf } from './raw-client';
import { useMockServer } from './use-mock-server';

// Spaced events leave room to steer a response while it streams.
const mock = useMockServer({ costModel: { perEventMs: 20 } });
const open = () => mock.open();

/** A reasoning summary long enough (one delta per word) to steer while it streams. */
const LONG = Array.from({ length: 15 }, (_, i) => `thought${i}`).join(' ');

/** Frames of a lane until `type` arrives (inclusive). */
async function until(client: RawClient, type: string, lane?: string | null): Promise<Event[]> {
  const events: Event[] = [];
  for (;;) {
    const event = await client.next(lane);
    if (!event) throw new Error(`socket closed before ${type}`);
    events.push(event);
    if (event.type === type) return events;
  }
}

describe('response.steer', () => {
  it('steers a GPT-6 response: accepted, stopped at an item boundary, continued by a successor', async () => {
    const client = await open();
    mock.server.enqueue({ reasoning: { summary: LONG }, text: 'the plan before steering' });
    client.send({ model: 'gpt-6-mini', input: 'plan it', stream_id: 'L' });
    const [created] = await until(client, 'response.created', 'L');
    const id = created.response.id;
    client.send(
      JSON.stringify({ type: 'response.steer', previous_response_id: id, input: 'change of plan' }),
    );

    const steered = await until(client, 'response.incomplete', 'L');
    const accepted = steered.find((e) => e.type === 'response.steer.accepted');
    expect(accepted).toMatchObject({
      steer: { id: expect.stringMatching(/^steer_/), previous_response_id: id },
      stream_id: 'L',
    });
    const terminal = steered.at(-1)!;
    expect(terminal.response).toMatchObject({
      id,
      status: 'incomplete',
      incomplete_details: { reason: 'steered' },
      output: [expect.objectContaining({ type: 'reasoning' })],
    });
    // One sequence for the response, steering events included.
    expect(steered.map((e) => e.sequence_number)).toEqual(steered.map((_, i) => i + 1));

    const successor = await client.collect('L');
    expect(successor.events[0]).toMatchObject({
      type: 'response.created',
      response: { previous_response_id: id, model: 'gpt-6-mini' },
      stream_id: 'L',
    });
    expect(textOf(successor.events)).toBe('Echo: change of plan');

    const [create, steer, auto] = mock.server.requests;
    expect(create).toMatchObject({ kind: 'request', status: 'incomplete', responseId: id });
    const successorId = terminalOf(successor.events)!.response.id;
    expect(steer).toMatchObject({
      kind: 'steer',
      status: 'completed',
      responseId: successorId,
      streamId: 'L',
    });
    expect(auto).toMatchObject({
      kind: 'successor',
      raw: '',
      previousResponseId: id,
      parentSource: 'socket-cache',
      streamId: 'L',
      status: 'completed',
    });
    expect(auto.context.at(-1)).toEqual({
      type: 'message',
      role: 'user',
      content: 'change of plan',
    });
  });

  it('answers steering_not_supported for models before GPT-6, and the response carries on', async () => {
    const client = await open();
    mock.server.enqueue({ reasoning: { summary: LONG }, text: 'steady' });
    client.send({ model: 'gpt-5.1', input: 'go' });
    const [created] = await until(client, 'response.created');
    client.send(
      JSON.stringify({
        type: 'response.steer',
        previous_response_id: created.response.id,
        input: 'turn',
      }),
    );
    const rest = await client.collect();
    const failed = rest.events.find((e) => e.type === 'response.steer.failed');
    expect(failed).toMatchObject({
      error: { type: 'invalid_request_error', code: 'steering_not_supported' },
      steer: { input: 'turn', previous_response_id: created.response.id },
    });
    expect(terminalOf(rest.events)?.type).toBe('response.completed');
    expect(textOf(rest.events)).toBe('steady');
    expect(mock.server.requests[1]).toMatchObject({
      kind: 'steer',
      status: 'error',
      error: { code: 'steering_not_supported' },
    });
  });

  it('refuses finished, unknown and invalid targets', async () => {
    const client = await open();
    const done = terminalOf(
      (await client.turn({ model: 'gpt-6', input: 'x', stream_id: 'z' })).events,
    )!;
    const steer = (body: Record<string, unknown>) => {
      client.send(JSON.stringify({ type: 'response.steer', ...body }));
      return client.next();
    };
    expect(await steer({ previous_response_id: done.response.id, input: 'late' })).toMatchObject({
      type: 'response.steer.failed',
      error: { code: 'response_already_completed' },
      stream_id: 'z',
    });
    const unknown = await steer({ previous_response_id: 'resp_nope', input: 'x' });
    expect(unknown).toMatchObject({ error: { code: 'response_not_found' } });
    expect(unknown).not.toHaveProperty('stream_id');
    expect(await steer({ input: 'x' })).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('refuses input that is not user messages', async () => {
    const client = await open();
    mock.server.enqueue({ reasoning: { summary: LONG }, text: 'fine' });
    client.send({ model: 'gpt-6', input: 'go' });
    const [created] = await until(client, 'response.created');
    client.send(
      JSON.stringify({
        type: 'response.steer',
        previous_response_id: created.response.id,
        input: [{ role: 'assistant', content: 'not allowed' }],
      }),
    );
    const rest = await client.collect();
    expect(rest.events.find((e) => e.type === 'response.steer.failed')).toMatchObject({
      error: { code: 'invalid_input' },
    });
    expect(terminalOf(rest.events)?.type).toBe('response.completed');
  });

  it('keeps steering input for the explicit continuation of a response that stopped for a tool call', async () => {
    const client = await open();
    // One item (long arguments, streamed in chunks): no boundary before the tool call.
    mock.server.enqueue({ toolCalls: [{ name: 'lookup', arguments: { q: LONG } }] });
    client.send({
      model: 'gpt-6',
      input: 'look it up',
      tools: [{ type: 'function', name: 'lookup', parameters: {} }],
    });
    const [created] = await until(client, 'response.created');
    const id = created.response.id;
    client.send(
      JSON.stringify({ type: 'response.steer', previous_response_id: id, input: 'and hurry' }),
    );
    const first = await client.collect();
    expect(terminalOf(first.events)?.type).toBe('response.completed');
    const call = terminalOf(first.events)!.response.output[0];
    const pending = await client.next();
    expect(pending).toMatchObject({
      type: 'response.steer.pending',
      reason: 'waiting_for_required_input',
      required_input: [{ type: 'function_call_output', call_id: call.call_id }],
      steer: { previous_response_id: id },
    });

    const next = await client.turn({
      model: 'gpt-6',
      previous_response_id: id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: 'found' }],
    });
    expect(terminalOf(next.events)?.type).toBe('response.completed');
    const record = mock.server.requests[2];
    expect(record.context.slice(-2)).toEqual([
      { type: 'message', role: 'user', content: 'and hurry' },
      { type: 'function_call_output', call_id: call.call_id, output: 'found' },
    ]);
    expect(mock.server.requests[1]).toMatchObject({
      status: 'completed',
      responseId: record.responseId,
    });
  });

  it('hands accepted input back when the response fails instead of finishing', async () => {
    const slow = await createMockResponsesServer({ costModel: { perEventMs: 100 } });
    const client = await connect(slow.wsUrl);
    try {
      slow.enqueue({ status: 'failed', code: 'server_error' });
      client.send({ model: 'gpt-6', input: 'doomed', stream_id: 'f' });
      const [created] = await until(client, 'response.created', 'f');
      const id = created.response.id;
      client.send(
        JSON.stringify({ type: 'response.steer', previous_response_id: id, input: 'too late' }),
      );
      const rest = await until(client, 'response.steer.failed', 'f');
      expect(rest.map((e) => e.type)).toEqual([
        'response.steer.accepted',
        'response.in_progress',
        'response.failed',
        'response.steer.failed',
      ]);
      expect(rest.at(-1)).toMatchObject({
        error: { code: 'response_not_active' },
        steer: { input: 'too late', previous_response_id: id },
      });
      expect(slow.requests.map((r) => [r.kind, r.status])).toEqual([
        ['request', 'failed'],
        ['steer', 'error'],
      ]);
    } finally {
      await client.close();
      await slow.close();
    }
  });
});
