import { describe, expect, it } from 'vitest';
import { terminalOf, textOf, userMessage } from './raw-client';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();
const open = () => mock.open();

describe('state', () => {
  it('continues the socket latest response from its cache, with only the new input', async () => {
    const client = await open();
    const first = await client.turn({ model: 'm', input: [userMessage('one')], store: false });
    const id = terminalOf(first.events)!.response.id;
    const second = await client.turn({
      model: 'm',
      input: [userMessage('two')],
      previous_response_id: id,
      store: false,
    });
    expect(textOf(second.events)).toBe('Echo: two');
    const record = mock.server.requests[1];
    expect(record).toMatchObject({
      previousResponseId: id,
      parentSource: 'socket-cache',
      duplicates: [],
    });
    expect(record.context).toEqual([
      userMessage('one'),
      terminalOf(first.events)!.response.output[0],
      userMessage('two'),
    ]);
    expect(terminalOf(second.events)!.response.previous_response_id).toBe(id);
    expect(
      terminalOf(second.events)!.response.usage.input_tokens_details.cached_tokens,
    ).toBeGreaterThan(0);
  });

  it('reloads stored responses on another socket, but never store:false ones', async () => {
    const a = await open();
    const b = await open();
    const stored = terminalOf((await a.turn({ model: 'm', input: 'kept' })).events)!.response.id;
    const ephemeral = terminalOf(
      (await a.turn({ model: 'm', input: 'gone', store: false })).events,
    )!.response.id;

    const fromStore = await b.turn({ model: 'm', input: 'next', previous_response_id: stored });
    expect(terminalOf(fromStore.events)?.type).toBe('response.completed');
    expect(mock.server.requests[2].parentSource).toBe('store');
    expect(mock.server.requests[2].socketId).not.toBe(mock.server.requests[0].socketId);

    const notFound = await b.turn({ model: 'm', input: 'next', previous_response_id: ephemeral });
    expect(notFound.events).toEqual([
      {
        type: 'error',
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'previous_response_not_found',
          message: expect.stringContaining(ephemeral),
          param: 'previous_response_id',
        },
      },
    ]);
    expect(mock.server.requests[3]).toMatchObject({ status: 'error', responseId: null });
  });

  it('keeps only the latest response per socket', async () => {
    const client = await open();
    const first = terminalOf((await client.turn({ model: 'm', input: 'a', store: false })).events)!;
    await client.turn({ model: 'm', input: 'b', store: false });
    const again = await client.turn({
      model: 'm',
      input: 'c',
      previous_response_id: first.response.id,
      store: false,
    });
    expect(again.events[0].error.code).toBe('previous_response_not_found');
  });

  it('evicts the parent when a continuation fails', async () => {
    const client = await open();
    const parent = terminalOf((await client.turn({ model: 'm', input: 'a', store: false })).events)!
      .response.id;
    const failed = await client.turn({
      model: 'm',
      input: [{ type: 'item_reference', id: 'msg_does_not_exist' }],
      previous_response_id: parent,
      store: false,
    });
    // As the real API answers an item it never stored: 400, no code, the id in the message.
    expect(failed.events[0]).toMatchObject({ status: 400 });
    expect(failed.events[0].error).toEqual({
      type: 'invalid_request_error',
      code: null,
      message: "Item with id 'msg_does_not_exist' not found.",
      param: 'input',
    });
    const retry = await client.turn({
      model: 'm',
      input: 'b',
      previous_response_id: parent,
      store: false,
    });
    expect(retry.events[0].error.code).toBe('previous_response_not_found');
  });

  it('queues a second response.create on the busy default lane and answers both in order', async () => {
    const client = await open();
    mock.server.fault({ type: 'delay-first-event', ms: 100 });
    client.send({ model: 'm', input: 'first' });
    client.send({ model: 'm', input: 'second' });
    const first = await client.collect();
    const second = await client.collect();
    expect(textOf(first.events)).toBe('Echo: first');
    expect(textOf(second.events)).toBe('Echo: second');
    // Never overlapping: the second response starts after the first one's terminal event.
    expect(first.events.at(-1)?.type).toBe('response.completed');
    expect(mock.server.requests.map((r) => [r.status, r.queuedFor])).toEqual([
      ['completed', null],
      ['completed', 'lane'],
    ]);
    expect(mock.server.requests[1].queuedMs).toBeGreaterThan(0);
    // In the server's send order, the second response's first event follows the first's terminal.
    expect(client.sentBefore(first.events.at(-1)!, second.events[0])).toBe(true);
    expect(first.events.concat(second.events).some((e) => e.type === 'error')).toBe(false);
  });

  it('resolves item_reference inputs against the store', async () => {
    const client = await open();
    const first = terminalOf((await client.turn({ model: 'm', input: 'q1' })).events)!;
    const msgId = first.response.output[0].id;
    await client.turn({
      model: 'm',
      input: [userMessage('q1'), { type: 'item_reference', id: msgId }, userMessage('q2')],
    });
    expect(mock.server.requests[1].context).toEqual([
      userMessage('q1'),
      first.response.output[0],
      userMessage('q2'),
    ]);
    expect(mock.server.requests[1].duplicates).toEqual([]);
  });

  it('supports generate:false warm-ups that later turns chain from', async () => {
    const client = await open();
    const warm = await client.turn({ model: 'm', input: [userMessage('ctx')], generate: false });
    const terminal = terminalOf(warm.events)!;
    expect(terminal.response.output).toEqual([]);
    const next = await client.turn({
      model: 'm',
      input: [userMessage('go')],
      previous_response_id: terminal.response.id,
    });
    expect(textOf(next.events)).toBe('Echo: go');
    expect(mock.server.requests[1].context).toEqual([userMessage('ctx'), userMessage('go')]);
  });
});

describe('records', () => {
  it('records the raw frame, its bytes and the socket', async () => {
    const client = await open();
    const frame = JSON.stringify({ type: 'response.create', model: 'm', input: 'héllo' });
    client.send(frame);
    await client.collect();
    expect(mock.server.requests[0]).toMatchObject({
      id: 1,
      transport: 'websocket',
      socketId: expect.any(Number),
      raw: frame,
      bytes: Buffer.byteLength(frame),
      input: [{ type: 'message', role: 'user', content: 'héllo' }],
      responseId: expect.stringMatching(/^resp_\d+$/),
      eventsSent: expect.any(Number),
    });
    expect(mock.server.requests[0].bytes).toBe(frame.length + 1);
  });

  it('reports items a delta repeats and call ids used twice', async () => {
    const client = await open();
    mock.server.enqueue({ toolCalls: [{ name: 'f', arguments: {} }] });
    const first = terminalOf(
      (await client.turn({ model: 'm', input: [userMessage('go')] })).events,
    )!;
    const call = first.response.output[0];
    // A broken client resends its previous output (without id) along with the tool result.
    const { id: _id, status: _status, ...callWithoutId } = call;
    await client.turn({
      model: 'm',
      previous_response_id: first.response.id,
      input: [callWithoutId, { type: 'function_call_output', call_id: call.call_id, output: '1' }],
    });
    const duplicates = mock.server.requests[1].duplicates;
    expect(duplicates).toHaveLength(2);
    expect(duplicates[0]).toContain(`function_call call_id=${call.call_id} appears 2 times`);
    expect(duplicates[1]).toContain('input[0] function_call f');
    expect(duplicates[1]).toContain('same content');

    await client.turn({
      model: 'm',
      previous_response_id: mock.server.requests[1].responseId,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '1' }],
    });
    // The duplicated call stays in the chain, and the resent output adds two more findings.
    expect(mock.server.requests[2].duplicates).toEqual([
      expect.stringContaining(`function_call call_id=${call.call_id} appears 2 times`),
      expect.stringContaining(`function_call_output call_id=${call.call_id} appears 2 times`),
      expect.stringMatching(/input\[0\] function_call_output .*same content/),
    ]);
  });

  it('reports an item repeated by id', async () => {
    const client = await open();
    const first = terminalOf((await client.turn({ model: 'm', input: 'a' })).events)!;
    await client.turn({
      model: 'm',
      previous_response_id: first.response.id,
      input: [{ type: 'item_reference', id: first.response.output[0].id }, userMessage('b')],
    });
    expect(mock.server.requests[1].duplicates).toEqual([
      expect.stringMatching(/input\[0\].*same id/),
    ]);
  });

  it('records invalid frames with an error', async () => {
    const client = await open();
    client.send('not json');
    const bad = await client.collect();
    client.send(JSON.stringify({ type: 'session.update' }));
    const unknown = await client.collect();
    client.send(JSON.stringify({ type: 'response.create', input: 'x' }));
    const noModel = await client.collect();
    expect(bad.events[0].error.code).toBe('invalid_json');
    expect(unknown.events[0].error.code).toBe('unknown_event_type');
    expect(noModel.events[0].error).toMatchObject({
      code: 'missing_required_parameter',
      param: 'model',
    });
    expect(mock.server.requests.map((r) => r.status)).toEqual(['error', 'error', 'error']);
    expect('sequence_number' in bad.events[0]).toBe(false);
  });
});
