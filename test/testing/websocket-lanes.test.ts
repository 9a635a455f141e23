import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Event, terminalOf, textOf, until, userMessage } from './raw-client';
import { useMockServer } from './use-mock-server';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/openai-recorded');
const mock = useMockServer();
const open = () => mock.open();
const idOf = (events: Event[]) => terminalOf(events)!.response.id as string;

describe('lanes', () => {
  it('runs two named lanes concurrently, every event and the terminal echoing its stream_id', async () => {
    const client = await open();
    mock.server.fault({ type: 'delay-first-event', ms: 150, streamId: 'slow' });
    client.send({ model: 'm', input: 'tortoise', stream_id: 'slow' });
    client.send({ model: 'm', input: 'hare', stream_id: 'fast' });
    const [slow, fast] = await Promise.all([client.collect('slow'), client.collect('fast')]);
    expect(textOf(slow.events)).toBe('Echo: tortoise');
    expect(textOf(fast.events)).toBe('Echo: hare');
    expect(slow.events.every((e) => e.stream_id === 'slow')).toBe(true);
    expect(fast.events.every((e) => e.stream_id === 'fast')).toBe(true);
    const [first, second] = mock.server.requests;
    expect(first).toMatchObject({ streamId: 'slow', queuedFor: null, inFlight: 1, lanes: 1 });
    // The fast lane did not wait for the slow one.
    expect(second).toMatchObject({ streamId: 'fast', queuedFor: null, inFlight: 2, lanes: 2 });
    expect(second.queuedMs).toBeLessThan(100);
    expect(client.sentBefore(fast.events.at(-1)!, slow.events[0])).toBe(true);
  });

  it('queues requests on one lane FIFO, never overlapping', async () => {
    const client = await open();
    mock.server.fault({ type: 'delay-first-event', ms: 80, streamId: 'a' });
    for (const input of ['one', 'two', 'three']) client.send({ model: 'm', input, stream_id: 'a' });
    const turns = [await client.collect('a'), await client.collect('a'), await client.collect('a')];
    expect(turns.map((t) => textOf(t.events))).toEqual(['Echo: one', 'Echo: two', 'Echo: three']);
    expect(mock.server.requests.map((r) => r.queuedFor)).toEqual([null, 'lane', 'lane']);
    expect(mock.server.requests.map((r) => r.inFlight)).toEqual([1, 1, 1]);
    expect(mock.server.requests[1].queuedMs).toBeGreaterThan(0);
    // Each started only after the one before it ended, in the server's send order.
    for (const [before, after] of [turns.slice(0, 2), turns.slice(1, 3)]) {
      expect(client.sentBefore(before.events.at(-1)!, after.events[0])).toBe(true);
    }
  });

  it('keeps at most 16 responses in flight per connection and queues the rest', async () => {
    const client = await open();
    for (let i = 0; i < 16; i++) mock.server.fault({ type: 'delay-first-event', ms: 150 });
    const lanes = Array.from({ length: 17 }, (_, i) => `lane-${i}`);
    for (const lane of lanes) client.send({ model: 'm', input: lane, stream_id: lane });
    const turns = await Promise.all(lanes.map((lane) => client.collect(lane)));
    expect(turns.map((t) => textOf(t.events))).toEqual(lanes.map((lane) => `Echo: ${lane}`));
    const records = mock.server.requests;
    expect(Math.max(...records.map((r) => r.inFlight))).toBe(16);
    expect(records[16]).toMatchObject({ queuedFor: 'connection', inFlight: 16 });
    expect(records[16].queuedMs).toBeGreaterThan(0);
    // The 17th started only once a slot was free: its first event follows a terminal event of
    // another lane. (Its wait in ms depends on how long the server took to read the 16 frames
    // before it, so the order is asserted, not a duration.)
    const freed = turns.slice(0, 16).map((t) => t.events.at(-1)!);
    expect(freed.some((end) => client.sentBefore(end, turns[16].events[0]))).toBe(true);
    expect(records.slice(0, 16).every((r) => r.queuedFor === null)).toBe(true);
  });

  it('refuses a 33rd named lane with websocket_stream_limit_reached, echoing its stream_id', async () => {
    const client = await open();
    for (let i = 1; i <= 32; i++) {
      const turn = await client.turn({ model: 'm', input: `n${i}`, stream_id: `s${i}` });
      expect(terminalOf(turn.events)?.type).toBe('response.completed');
    }
    const refused = await client.turn({ model: 'm', input: 'one too many', stream_id: 's33' });
    expect(refused.events).toEqual([
      {
        type: 'error',
        status: 400,
        error: expect.objectContaining({ code: 'websocket_stream_limit_reached' }),
        stream_id: 's33',
      },
    ]);
    // The default lane does not count, and registered lanes stay usable.
    expect(textOf((await client.turn({ model: 'm', input: 'default' })).events)).toBe(
      'Echo: default',
    );
    const reused = await client.turn({ model: 'm', input: 'again', stream_id: 's7' });
    expect(textOf(reused.events)).toBe('Echo: again');
    expect(mock.server.requests.map((r) => r.lanes).slice(31)).toEqual([32, 32, 32, 32]);
    expect(mock.server.requests[32]).toMatchObject({ status: 'error', streamId: null });
  });

  it('refuses an invalid stream_id with invalid_stream_id', async () => {
    const client = await open();
    for (const streamId of ['', 'has space', 'x'.repeat(257), 42]) {
      const turn = await client.turn({ model: 'm', input: 'x', stream_id: streamId });
      expect(turn.events[0]).toMatchObject({
        type: 'error',
        status: 400,
        error: { code: 'invalid_stream_id', param: 'stream_id' },
      });
      expect(turn.events[0].stream_id).toBe(typeof streamId === 'string' ? streamId : undefined);
    }
    const longest = 'a.B_9-'.repeat(42) + 'abcd';
    expect(longest).toHaveLength(256);
    const ok = await client.turn({ model: 'm', input: 'fine', stream_id: longest });
    expect(terminalOf(ok.events)?.stream_id).toBe(longest);
  });

  it('replays a recording on a named lane byte for byte, with stream_id appended', async () => {
    const client = await open();
    const file = 'issue-19493-gpt-5.1-tool-call.chunks.txt';
    const lines = readFileSync(join(FIXTURES, file), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    mock.server.enqueue({ replay: file });
    const raw: string[] = [];
    client.ws.on('message', (data) => raw.push(String(data)));
    const turn = await client.turn({ model: 'm', input: 'weather?', stream_id: 'rec' });
    expect(turn.events.map(({ stream_id: _lane, ...event }) => event)).toEqual(
      lines.map((line) => JSON.parse(line)),
    );
    expect(raw).toEqual(lines.map((line) => `${line.slice(0, -1)},"stream_id":"rec"}`));
  });

  it('echoes stream_id on request errors of a named lane', async () => {
    const client = await open();
    const turn = await client.turn({
      model: 'm',
      input: 'x',
      stream_id: 'a',
      previous_response_id: 'resp_unknown',
    });
    expect(turn.events).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ code: 'previous_response_not_found' }),
        stream_id: 'a',
      }),
    ]);
  });
});

/** A `store: false` request on a lane, continuing `parent` when given. */
const onLane = (lane: string, text: string, parent?: string) => ({
  model: 'm',
  input: [userMessage(text)],
  stream_id: lane,
  store: false,
  ...(parent && { previous_response_id: parent }),
});

const notFoundOn = (lane: string) =>
  expect.objectContaining({
    type: 'error',
    error: expect.objectContaining({ code: 'previous_response_not_found' }),
    stream_id: lane,
  });

describe('lane caches', () => {
  it('caches the latest response per lane: two chains continue from one socket', async () => {
    const client = await open();
    const a1 = idOf((await client.turn(onLane('a', 'a1'))).events);
    const b1 = idOf((await client.turn(onLane('b', 'b1'))).events);
    const a2 = await client.turn(onLane('a', 'a2', a1));
    const b2 = await client.turn(onLane('b', 'b2', b1));
    expect([textOf(a2.events), textOf(b2.events)]).toEqual(['Echo: a2', 'Echo: b2']);
    expect(mock.server.requests.slice(2).map((r) => [r.parentSource, r.forked])).toEqual([
      ['socket-cache', false],
      ['socket-cache', false],
    ]);
    // The default lane has its own cache, which holds neither chain.
    const { stream_id: _lane, ...onDefault } = onLane('-', 'x', a1);
    const fromDefault = await client.turn({ ...onDefault, previous_response_id: 'resp_none' });
    expect(fromDefault.events[0].error.code).toBe('previous_response_not_found');
  });

  it('forks another lane’s response onto a new lane; the source lane keeps it', async () => {
    const client = await open();
    const parent = idOf((await client.turn(onLane('a', 'root'))).events);
    const fork = await client.turn(onLane('b', 'fork', parent));
    expect(textOf(fork.events)).toBe('Echo: fork');
    expect(mock.server.requests[1]).toMatchObject({
      parentSource: 'socket-cache',
      forked: true,
      streamId: 'b',
    });
    expect(mock.server.requests[1].context).toHaveLength(3);
    const cached = terminalOf(fork.events)!.response.usage.input_tokens_details.cached_tokens;
    expect(cached).toBeGreaterThan(0);
    const onSource = await client.turn(onLane('a', 'still here', parent));
    expect(textOf(onSource.events)).toBe('Echo: still here');
  });

  it('a failed fork keeps the shared parent; a failed same-lane continuation evicts it', async () => {
    const client = await open();
    const parent = idOf((await client.turn(onLane('a', 'p'))).events);
    mock.server.fault({ type: 'error-event', code: 'server_error', streamId: 'b' });
    const fork = await client.turn(onLane('b', 'f', parent));
    expect(fork.events[0]).toMatchObject({ type: 'error', status: 500, stream_id: 'b' });

    mock.server.fault({ type: 'error-event', code: 'server_error', streamId: 'a' });
    const failed = await client.turn(onLane('a', 'c', parent));
    expect(failed.events[0]).toMatchObject({ type: 'error', status: 500, stream_id: 'a' });
    const retry = await client.turn(onLane('a', 'c', parent));
    expect(retry.events).toEqual([notFoundOn('a')]);
  });

  it('with store:false, a source lane that advances before the fork started evicts the parent', async () => {
    const client = await open();
    const parent = idOf((await client.turn(onLane('a', 'p'))).events);
    // The fork waits before its first event; the source lane moves on meanwhile.
    mock.server.fault({ type: 'delay-first-event', ms: 150, streamId: 'b' });
    client.send(onLane('b', 'fork', parent));
    client.send(onLane('a', 'next', parent));
    const [fork, advanced] = await Promise.all([client.collect('b'), client.collect('a')]);
    expect(textOf(advanced.events)).toBe('Echo: next');
    expect(fork.events).toEqual([notFoundOn('b')]);
  });

  it('with store:false, a fork that started before the source lane advanced keeps its parent', async () => {
    const client = await open();
    const parent = idOf((await client.turn(onLane('a', 'p'))).events);
    mock.server.fault({ type: 'delay-first-event', ms: 100, streamId: 'b' });
    client.send(onLane('b', 'fork', parent));
    // The documented rule: advance the source lane only after the fork's response.in_progress.
    let event = await client.next('b');
    while (event && event.type !== 'response.in_progress') event = await client.next('b');
    client.send(onLane('a', 'next', parent));
    const [fork, advanced] = await Promise.all([client.collect('b'), client.collect('a')]);
    expect(terminalOf(fork.events)?.type).toBe('response.completed');
    expect(textOf(advanced.events)).toBe('Echo: next');
  });

  it('reset() clears every lane cache but keeps the lanes registered', async () => {
    const client = await open();
    const id = idOf((await client.turn({ model: 'm', input: 'x', stream_id: 'a' })).events);
    mock.server.reset();
    const after = await client.turn({
      model: 'm',
      input: 'y',
      stream_id: 'a',
      previous_response_id: id,
    });
    expect(after.events[0]).toMatchObject({
      error: { code: 'previous_response_not_found' },
      stream_id: 'a',
    });
    await client.turn({ model: 'm', input: 'z', stream_id: 'b' });
    expect(mock.server.requests.map((r) => r.lanes)).toEqual([1, 2]);
  });
});

describe('faults per lane', () => {
  it('fails one lane mid-stream while the other completes', async () => {
    const client = await open();
    mock.server.fault({
      type: 'error-event',
      code: 'server_error',
      shape: 'mid-stream',
      streamId: 'b',
    });
    client.send({ model: 'm', input: 'fine', stream_id: 'a' });
    client.send({ model: 'm', input: 'broken', stream_id: 'b' });
    const [a, b] = await Promise.all([client.collect('a'), client.collect('b')]);
    expect(terminalOf(a.events)?.type).toBe('response.completed');
    expect(b.events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'error',
      'response.failed',
    ]);
    expect(b.events.every((e) => e.stream_id === 'b')).toBe(true);
  });

  it('closes the socket when one lane’s response reaches N events, failing every lane on it', async () => {
    const client = await open();
    mock.server.fault({ type: 'delay-first-event', ms: 200, streamId: 'a' });
    mock.server.fault({ type: 'close-after-events', events: 2, streamId: 'b' });
    client.send({ model: 'm', input: 'waiting', stream_id: 'a' });
    client.send({ model: 'm', input: 'cut', stream_id: 'b' });
    const [a, b] = await Promise.all([client.collect('a'), client.collect('b')]);
    expect(b.events.map((e) => e.type)).toEqual(['response.created', 'response.in_progress']);
    expect(b.closed?.code).toBe(1011);
    expect(a).toEqual({ events: [], closed: { code: 1011, reason: '' } });
    await until(() => mock.server.requests.every((r) => r.status === 'interrupted'));
    expect(mock.server.requests.map((r) => r.eventsSent)).toEqual([0, 2]);
  });

  it('a lane filter leaves other lanes’ requests alone', async () => {
    const client = await open();
    mock.server.fault({ type: 'close-before-first-event', streamId: 'x' });
    const other = await client.turn({ model: 'm', input: 'safe', stream_id: 'y' });
    const onDefault = await client.turn({ model: 'm', input: 'safe too' });
    expect(textOf(other.events)).toBe('Echo: safe');
    expect(textOf(onDefault.events)).toBe('Echo: safe too');
    const cut = await client.turn({ model: 'm', input: 'x', stream_id: 'x' });
    expect(cut.closed?.code).toBe(1011);
  });
});
