import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Connection,
  type ConnectionError,
  type ConnectionFailure,
  nextConnectionId,
} from '../../src/pool/connection';
import { completeEveryTurn, type SocketServer, startSocketServer } from './socket-server';

let server: SocketServer | undefined;
const opened: Connection[] = [];
afterEach(async () => {
  for (const connection of opened.splice(0)) connection.close('test over');
  await server?.close();
  server = undefined;
});

function connect(url: string, settings: { pingIntervalMs?: number } = {}) {
  const closed: Connection[] = [];
  const connection = new Connection({
    id: nextConnectionId(),
    url,
    headers: { Authorization: 'Bearer test-key' },
    webSocket: undefined,
    pingIntervalMs: settings.pingIntervalMs ?? 0,
    maxPayload: 1024 * 1024,
    onClosed: (c) => closed.push(c),
  });
  opened.push(connection);
  return { connection, closed };
}

/** Starts a turn that records its events and its failure. */
function recordTurn(connection: Connection, frame = '{"type":"response.create"}') {
  const events: Record<string, unknown>[] = [];
  const failures: ConnectionError[] = [];
  connection.startTurn(frame, {
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

    const turn = recordTurn(connection);
    expect(connection.busy).toBe(true);
    expect(() => recordTurn(connection)).toThrow(/already in flight/);
    await vi.waitFor(() => expect(turn.events).toHaveLength(2));
    expect(turn.events.map((event) => event.type)).toEqual([
      'response.created',
      'response.completed',
    ]);
    expect(server.frames[0]).toEqual(['{"type":"response.create"}']);
    connection.endTurn();
    expect(connection.busy).toBe(false);
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
    expect(await failureOf(connection.waitOpen(2_000))).toEqual({ kind: 'rejected', status: 401 });
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
