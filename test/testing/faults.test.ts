import { describe, expect, it } from 'vitest';
import { terminalOf, textOf, tryUpgrade } from './raw-client';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();
const open = () => mock.open();
const auth = { Authorization: 'Bearer test-key' };

describe('upgrade faults', () => {
  it('rejects the next upgrades with the given status, count times', async () => {
    mock.server.fault({ type: 'reject-upgrade', status: 403, count: 2 });
    mock.server.fault({ type: 'reject-upgrade', status: 426 });
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await tryUpgrade(mock.server.wsUrl, auth));
    expect(results).toMatchObject([
      { opened: false, status: 403 },
      { opened: false, status: 403 },
      { opened: false, status: 426 },
      { opened: true },
    ]);
    const body = JSON.parse((results[2] as { body: string }).body);
    expect(body.error.code).toBe('upgrade_required');
  });

  it('rejects with 401 and 500 even with a good key', async () => {
    const opened = mock.server.sockets().opened;
    mock.server.fault({ type: 'reject-upgrade', status: 401 });
    mock.server.fault({ type: 'reject-upgrade', status: 500 });
    expect(await tryUpgrade(mock.server.wsUrl, auth)).toMatchObject({ status: 401 });
    expect(await tryUpgrade(mock.server.wsUrl, auth)).toMatchObject({ status: 500 });
    expect(mock.server.sockets().opened).toBe(opened);
  });
});

describe('cutting the stream', () => {
  it('closes before the first event', async () => {
    const client = await open();
    mock.server.fault({ type: 'close-before-first-event' });
    const turn = await client.turn({ model: 'm', input: 'x' });
    expect(turn).toEqual({ events: [], closed: { code: 1011, reason: '' } });
    expect(mock.server.requests[0]).toMatchObject({
      status: 'interrupted',
      responseId: null,
      eventsSent: 0,
    });
  });

  it('closes with a chosen code', async () => {
    const client = await open();
    mock.server.fault({ type: 'close-before-first-event', closeCode: 4001 });
    expect((await client.turn({ model: 'm', input: 'x' })).closed?.code).toBe(4001);
  });

  it('terminates before the first event (no close frame)', async () => {
    const client = await open();
    mock.server.fault({ type: 'terminate-before-first-event' });
    const turn = await client.turn({ model: 'm', input: 'x' });
    expect(turn.events).toEqual([]);
    expect(turn.closed?.code).toBe(1006);
  });

  it('closes or terminates after N events', async () => {
    const a = await open();
    mock.server.fault({ type: 'close-after-events', events: 3 });
    const closed = await a.turn({ model: 'm', input: 'x' });
    expect(closed.events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
    ]);
    expect(closed.closed?.code).toBe(1011);

    const b = await open();
    mock.server.fault({ type: 'terminate-after-events', events: 1 });
    const terminated = await b.turn({ model: 'm', input: 'x' });
    expect(terminated.events.map((e) => e.type)).toEqual(['response.created']);
    expect(terminated.closed?.code).toBe(1006);
    expect(mock.server.requests.map((r) => [r.status, r.eventsSent])).toEqual([
      ['interrupted', 3],
      ['interrupted', 1],
    ]);
  });

  it('completes the response before closing when N exceeds its events', async () => {
    const client = await open();
    mock.server.fault({ type: 'close-after-events', events: 1000 });
    const turn = await client.turn({ model: 'm', input: 'x' });
    expect(terminalOf(turn.events)?.type).toBe('response.completed');
    expect((await client.closedPromise).code).toBe(1011);
    expect(mock.server.requests[0].status).toBe('completed');
  });
});

describe('state faults', () => {
  it('fails the next continuation with previous_response_not_found once, and evicts the parent', async () => {
    const client = await open();
    mock.server.fault({ type: 'previous-response-not-found' });
    // A request without previous_response_id does not consume the fault.
    const first = terminalOf((await client.turn({ model: 'm', input: 'a', store: false })).events)!;
    const failed = await client.turn({
      model: 'm',
      input: 'b',
      previous_response_id: first.response.id,
      store: false,
    });
    expect(failed.events[0]).toMatchObject({
      type: 'error',
      status: 400,
      error: { code: 'previous_response_not_found', param: 'previous_response_id' },
    });
    const again = await client.turn({
      model: 'm',
      input: 'b',
      previous_response_id: first.response.id,
      store: false,
    });
    // The parent was evicted: a store:false chain cannot be resumed.
    expect(again.events[0].error.code).toBe('previous_response_not_found');
    const full = await client.turn({ model: 'm', input: 'b', store: false });
    expect(textOf(full.events)).toBe('Echo: b');
  });

  it('sends websocket_connection_limit_reached on a request, then closes', async () => {
    const client = await open();
    mock.server.fault({ type: 'connection-limit-on-request' });
    const turn = await client.turn({ model: 'm', input: 'x' });
    expect(turn.events).toEqual([
      {
        type: 'error',
        status: 400,
        error: {
          type: 'invalid_request_error',
          code: 'websocket_connection_limit_reached',
          message: expect.any(String),
          param: null,
        },
      },
    ]);
    expect((await client.closedPromise).code).toBe(1000);
    expect(mock.server.requests[0].error?.code).toBe('websocket_connection_limit_reached');
  });

  it('sends websocket_connection_limit_reached unsolicited to idle sockets only', async () => {
    const idle = await open();
    const busy = await open();
    mock.server.fault({ type: 'delay-first-event', ms: 400 });
    busy.send({ model: 'm', input: 'slow' });
    while (mock.server.requests.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 5));
    mock.server.fault({ type: 'connection-limit-idle', afterMs: 10 });
    const unsolicited = await idle.next();
    expect(unsolicited).toMatchObject({
      type: 'error',
      error: { code: 'websocket_connection_limit_reached' },
    });
    expect((await idle.closedPromise).code).toBe(1000);
    const slow = await busy.collect();
    expect(textOf(slow.events)).toBe('Echo: slow');
    expect(busy.closed).toBeNull();
  });
});

describe('event faults', () => {
  it('injects one malformed frame and then carries on', async () => {
    const client = await open();
    mock.server.fault({ type: 'malformed-frame', afterEvents: 2 });
    const turn = await client.turn({ model: 'm', input: 'x' });
    expect(turn.events[2].type).toBe('<malformed>');
    expect(turn.events.filter((e) => e.type === '<malformed>')).toHaveLength(1);
    expect(textOf(turn.events)).toBe('Echo: x');
  });

  it('sends a request-shaped error event (e.g. 429) and evicts the parent of a continuation', async () => {
    const client = await open();
    const parent = terminalOf(
      (await client.turn({ model: 'm', input: 'a', store: false })).events,
    )!;
    mock.server.fault({
      type: 'error-event',
      code: 'rate_limit_exceeded',
      message: 'Slow down',
      headers: { 'retry-after': '1' },
    });
    const turn = await client.turn({
      model: 'm',
      input: 'b',
      previous_response_id: parent.response.id,
      store: false,
    });
    expect(turn.events).toEqual([
      {
        type: 'error',
        status: 429,
        error: { type: 'requests', code: 'rate_limit_exceeded', message: 'Slow down', param: null },
        headers: { 'retry-after': '1' },
      },
    ]);
    const retry = await client.turn({
      model: 'm',
      input: 'b',
      previous_response_id: parent.response.id,
      store: false,
    });
    expect(retry.events[0].error.code).toBe('previous_response_not_found');
  });

  it('fails mid-stream: error event with a sequence number, then response.failed', async () => {
    const client = await open();
    mock.server.fault({ type: 'error-event', code: 'server_error', shape: 'mid-stream' });
    const turn = await client.turn({ model: 'm', input: 'x' });
    expect(turn.events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'error',
      'response.failed',
    ]);
    expect(turn.events[2]).toEqual({
      type: 'error',
      sequence_number: 2,
      error: {
        type: 'server_error',
        code: 'server_error',
        message: expect.any(String),
        param: null,
      },
    });
    expect(turn.events[3].response).toMatchObject({
      status: 'failed',
      error: { code: 'server_error' },
    });
    expect(mock.server.requests[0]).toMatchObject({
      status: 'failed',
      error: { code: 'server_error' },
    });
  });

  it('sends a stray event on the next request lane before anything else of that request', async () => {
    const client = await open();
    const first = await client.turn({ model: 'm', input: 'a' });
    const stray = { type: 'error', code: 'server_error', message: 'late', sequence_number: 99 };
    mock.server.fault({ type: 'stray-event', event: stray });
    const next = await client.turn({ model: 'm', input: 'b' });
    expect(next.events[0]).toEqual(stray);
    expect(next.events.slice(1).map((e) => e.sequence_number)).toEqual(
      first.events.map((_, i) => i),
    );
    expect(textOf(next.events)).toBe('Echo: b');
    expect(mock.server.requests.map((r) => [r.status, r.error])).toEqual([
      ['completed', null],
      ['completed', null],
    ]);
    // Before a refusal too, and on the lane the request names (stream_id added).
    mock.server.fault({ type: 'stray-event', event: stray, streamId: 'lane-1' });
    mock.server.fault({ type: 'error-event', code: 'invalid_value', streamId: 'lane-1' });
    const refused = await client.turn({ model: 'm', input: 'c', stream_id: 'lane-1' });
    expect(refused.events).toMatchObject([
      { ...stray, stream_id: 'lane-1' },
      { type: 'error', status: 400, error: { code: 'invalid_value' }, stream_id: 'lane-1' },
    ]);
  });

  it('delays the first event', async () => {
    const client = await open();
    mock.server.fault({ type: 'delay-first-event', ms: 120 });
    const started = performance.now();
    client.send({ model: 'm', input: 'x' });
    await client.next();
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
  });

  it('stops answering pings until reset', async () => {
    const client = await open();
    const pongWithin = (ms: number) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          client.ws.off('pong', onPong);
          resolve(false);
        }, ms);
        const onPong = () => {
          clearTimeout(timer);
          resolve(true);
        };
        client.ws.once('pong', onPong);
        client.ws.ping();
      });
    mock.server.fault({ type: 'ignore-pings' });
    expect(await pongWithin(80)).toBe(false);
    mock.server.reset();
    expect(await pongWithin(1000)).toBe(true);
  });

  it('only fires a transport-filtered fault on that transport', async () => {
    const client = await open();
    mock.server.fault({ type: 'close-before-first-event', transport: 'http' });
    const turn = await client.turn({ model: 'm', input: 'x' });
    expect(textOf(turn.events)).toBe('Echo: x');
  });
});
