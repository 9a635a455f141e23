import { afterEach, describe, expect, it, vi } from 'vitest';
import { Connection, nextConnectionId } from '../../src/pool/connection';
import type { ConnectionError, ConnectionFailure } from '../../src/pool/connection-error';
import type { Lane } from '../../src/pool/lane';
import { completeEveryTurn, type SocketServer, startSocketServer } from './socket-server';

let server: SocketServer | undefined;
const opened: Connection[] = [];
afterEach(async () => {
  for (const connection of opened.splice(0)) connection.close('test over');
  await server?.close();
  server = undefined;
});

function connect(url: string, settings: { pingIntervalMs?: number; lanes?: number } = {}) {
  const closed: Connection[] = [];
  const connection = new Connection({
    id: nextConnectionId(),
    url,
    headers: { Authorization: 'Bearer test-key' },
    webSocket: undefined,
    pingIntervalMs: settings.pingIntervalMs ?? 0,
    maxPayload: 1024 * 1024,
    lanes: settings.lanes ?? 0,
    onClosed: (c) => closed.push(c),
  });
  opened.push(connection);
  return { connection, closed };
}

/** Starts a turn on `lane` (the first one by default) that records its events and its failure. */
function recordTurn(
  connection: Connection,
  frame = '{"type":"response.create"}',
  lane: Lane = connection.lanes[0],
) {
  const events: Record<string, unknown>[] = [];
  const failures: ConnectionError[] = [];
  connection.startTurn(lane, frame, {
    event: (event) => events.push(event),
    failed: (error) => failures.push(error),
  });
  return { events, failures };
}

async function failureOf(promise: Promise<unknown>): Promise<ConnectionFailure> {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as ConnectionError | undefined;
  if (!error) throw new Error('expected the promise to reject');
  return error.failure;
}

describe('Connection', () => {
  it('opens with the upgrade headers, sends the frame, routes the events of its one turn', async () => {
    server = await startSocketServer({ onFrame: completeEveryTurn() });
    const { connection } = connect(server.url);
    expect(connection.state).toBe('connecting');
    await connection.waitOpen(2_000);
    expect(connection.usable).toBe(true);
    expect(server.upgrades[0].headers.authorization).toBe('Bearer test-key');

    const owner = {};
    connection.reserve(connection.lanes[0], owner);
    expect(connection.busy).toBe(true);
    const turn = recordTurn(connection);
    expect(() => recordTurn(connection)).toThrow(/already in flight/);
    await vi.waitFor(() => expect(turn.events).toHaveLength(2));
    expect(turn.events.map((event) => event.type)).toEqual([
      'response.created',
      'response.completed',
    ]);
    expect(server.frames[0]).toEqual(['{"type":"response.create"}']);
    expect(connection.unreserve(connection.lanes[0], {})).toBe(false); // not its owner
    expect(connection.unreserve(connection.lanes[0], owner)).toBe(true);
    expect(connection.busy).toBe(false);
    expect(connection.lanes[0].listener).toBeUndefined();
    expect(turn.failures).toEqual([]);
  });

  it('keeps the headers of the upgrade response', async () => {
    server = await startSocketServer({
      upgradeHeaders: ['x-request-id: req_9', 'set-cookie: a=b'],
    });
    const { connection } = connect(server.url);
    await connection.waitOpen(2000);
    expect(connection.upgradeHeaders).toMatchObject({
      'x-request-id': 'req_9',
      'set-cookie': 'a=b',
      upgrade: 'websocket',
    });
  });

  it('an upgrade answered with an HTTP status rejects with that status', async () => {
    server = await startSocketServer({ rejectWith: 401 });
    const { connection, closed } = connect(server.url);
    expect(await failureOf(connection.waitOpen(2_000))).toEqual({
      kind: 'rejected',
      status: 401,
      headers: { 'content-length': '0' },
      body: '',
    });
    expect(connection.usable).toBe(false);
    expect(closed).toEqual([connection]);
  });

  it('an upgrade that never completes rejects after the connect timeout', async () => {
    server = await startSocketServer({ silentUpgrade: true });
    const { connection } = connect(server.url);
    expect(await failureOf(connection.waitOpen(100))).toEqual({ kind: 'connect-timeout' });
    expect(connection.state).toBe('closed');
  });

  it('a frame that is not JSON fails the turn and retires the socket', async () => {
    server = await startSocketServer({ onFrame: (socket) => socket.send('not json') });
    const { connection, closed } = connect(server.url);
    await connection.waitOpen(2_000);
    const turn = recordTurn(connection);
    await vi.waitFor(() => expect(turn.failures).toHaveLength(1));
    expect(turn.failures[0].failure).toEqual({ kind: 'malformed-frame' });
    expect(closed).toEqual([connection]);
    await vi.waitFor(() => expect(server?.open()).toBe(0));
  });

  it('an event on an idle socket (the server is about to drop it) retires it', async () => {
    server = await startSocketServer();
    const { connection, closed } = connect(server.url);
    await connection.waitOpen(2_000);
    server.sockets[0].send(JSON.stringify({ type: 'error', error: { code: 'limit' } }));
    await vi.waitFor(() => expect(closed).toEqual([connection]));
    expect(connection.usable).toBe(false);
    expect(connection.failure).toEqual({ kind: 'error', message: 'server error on idle socket' });
  });

  it('a close of its own during a turn fails the turn as closed-by-client', async () => {
    server = await startSocketServer();
    const { connection } = connect(server.url);
    await connection.waitOpen(2_000);
    const turn = recordTurn(connection);
    connection.close('provider closed');
    expect(turn.failures.map((error) => error.failure)).toEqual([
      { kind: 'closed-by-client', reason: 'provider closed' },
    ]);
    expect(() => recordTurn(connection)).toThrow(/closed by the client/);
    await vi.waitFor(() => expect(server?.open()).toBe(0));
  });

  it('a close by the server during a turn fails the turn with its code', async () => {
    server = await startSocketServer({ onFrame: (socket) => socket.close(1011, 'server bye') });
    const { connection } = connect(server.url);
    await connection.waitOpen(2_000);
    const turn = recordTurn(connection);
    await vi.waitFor(() => expect(turn.failures).toHaveLength(1));
    expect(turn.failures[0].failure).toEqual({ kind: 'closed', code: 1011, reason: 'server bye' });
  });

  it('a server that stops answering pings is dropped; one that answers is kept', async () => {
    server = await startSocketServer();
    const alive = connect(server.url, { pingIntervalMs: 40 });
    await alive.connection.waitOpen(2_000);
    const silentServer = await startSocketServer({ noPongs: true });
    try {
      const silent = connect(silentServer.url, { pingIntervalMs: 40 });
      await silent.connection.waitOpen(2_000);
      await vi.waitFor(() => expect(silent.closed).toHaveLength(1));
      expect(silent.connection.failure).toEqual({ kind: 'ping-timeout' });
      // The answering one saw at least as many ping rounds and is still in service.
      expect(alive.connection.usable).toBe(true);
    } finally {
      await silentServer.close();
    }
  });
});

describe('Connection with lanes', () => {
  const laneOf = (frame: string) => (JSON.parse(frame) as { stream_id: string }).stream_id;

  it('offers lanes lane-1 … lane-N and routes interleaved events by stream_id', async () => {
    const frames: { socket: import('ws').WebSocket; lane: string }[] = [];
    server = await startSocketServer({
      onFrame: (socket, frame) => {
        frames.push({ socket, lane: laneOf(frame) });
        if (frames.length < 2) return;
        // Both responses interleave on the socket, as different lanes do.
        for (const type of ['response.created', 'response.output_text.delta', 'response.completed'])
          for (const { lane } of frames) socket.send(JSON.stringify({ type, stream_id: lane }));
      },
    });
    const { connection } = connect(server.url, { lanes: 3 });
    expect(connection.lanes.map((lane) => lane.streamId)).toEqual(['lane-1', 'lane-2', 'lane-3']);
    expect(connection.multiplexed).toBe(true);
    await connection.waitOpen(2_000);
    const [a, b] = connection.lanes;
    const first = recordTurn(connection, '{"stream_id":"lane-1"}', a);
    const second = recordTurn(connection, '{"stream_id":"lane-2"}', b);
    await vi.waitFor(() => expect(second.events).toHaveLength(3));
    expect(first.events.map((e) => e.stream_id)).toEqual(['lane-1', 'lane-1', 'lane-1']);
    expect(second.events.map((e) => e.stream_id)).toEqual(['lane-2', 'lane-2', 'lane-2']);
    expect(connection.usable).toBe(true);
  });

  it('a socket failure fails every lane in flight on it', async () => {
    let count = 0;
    server = await startSocketServer({
      onFrame: (socket) => {
        if (++count === 2) socket.close(1011, 'gone');
      },
    });
    const { connection } = connect(server.url, { lanes: 2 });
    await connection.waitOpen(2_000);
    const turns = connection.lanes.map((lane) => recordTurn(connection, '{}', lane));
    await vi.waitFor(() => expect(turns.every((t) => t.failures.length === 1)).toBe(true));
    for (const turn of turns)
      expect(turn.failures[0].failure).toEqual({ kind: 'closed', code: 1011, reason: 'gone' });
    expect(connection.lanes.every((lane) => lane.listener === undefined)).toBe(true);
  });

  it('drops an event of a lane nobody listens to; an event outside any lane retires the socket', async () => {
    server = await startSocketServer();
    const { connection, closed } = connect(server.url, { lanes: 2 });
    await connection.waitOpen(2_000);
    const turn = recordTurn(connection, '{}', connection.lanes[0]);
    const peer = server.sockets[0];
    peer.send(JSON.stringify({ type: 'response.completed', stream_id: 'lane-2' }));
    peer.send(JSON.stringify({ type: 'response.created', stream_id: 'lane-1' }));
    await vi.waitFor(() => expect(turn.events).toHaveLength(1));
    expect(turn.events[0]).toEqual({ type: 'response.created', stream_id: 'lane-1' });
    expect(connection.usable).toBe(true);
    peer.send(
      JSON.stringify({ type: 'error', error: { code: 'websocket_connection_limit_reached' } }),
    );
    await vi.waitFor(() => expect(closed).toEqual([connection]));
    expect(turn.failures.map((error) => error.failure)).toEqual([
      { kind: 'error', message: 'server error on idle socket' },
    ]);
  });

  it('every caller may wait for the upgrade; a connect timeout fails them all', async () => {
    server = await startSocketServer({ silentUpgrade: true });
    const { connection } = connect(server.url, { lanes: 2 });
    const waits = [connection.waitOpen(100), connection.waitOpen(5_000)];
    expect(await failureOf(waits[0])).toEqual({ kind: 'connect-timeout' });
    expect(await failureOf(waits[1])).toEqual({ kind: 'connect-timeout' });
  });

  it("an abort ends one caller's wait for the upgrade; the others still get the open socket", async () => {
    server = await startSocketServer();
    const { connection } = connect(server.url, { lanes: 2 });
    const controller = new AbortController();
    const aborted = connection.waitOpen(2_000, controller.signal).catch((e: unknown) => e);
    const other = connection.waitOpen(2_000, new AbortController().signal);
    const reason = new Error('gone');
    controller.abort(reason);
    expect(await aborted).toBe(reason);
    await other;
    expect(connection.usable).toBe(true);
  });
});
