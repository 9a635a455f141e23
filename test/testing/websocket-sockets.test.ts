import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMockResponsesServer } from '../../src/testing';
import { connect, terminalOf, textOf } from './raw-client';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();
const open = () => mock.open();

describe('sockets', () => {
  it('answers pings', async () => {
    const client = await open();
    const pong = new Promise<string>((resolve) =>
      client.ws.once('pong', (d) => resolve(String(d))),
    );
    client.ws.ping('hello');
    expect(await pong).toBe('hello');
  });

  it('refuses frames over 16 MiB with close 1009', async () => {
    const client = await open();
    client.send({ model: 'm', input: 'x'.repeat(16 * 1024 * 1024) });
    expect((await client.closedPromise).code).toBe(1009);
    expect(mock.server.requests).toHaveLength(0);
  });

  it('counts sockets and closes them all on demand', async () => {
    const a = await open();
    const b = await open();
    expect(mock.server.sockets()).toMatchObject({ open: 2 });
    const opened = mock.server.sockets().opened;
    mock.server.closeAllSockets(4000);
    expect((await a.closedPromise).code).toBe(4000);
    expect((await b.closedPromise).code).toBe(4000);
    expect(mock.server.sockets()).toEqual({ open: 0, opened });
  });

  it('reset() forgets records and state but keeps sockets open', async () => {
    const client = await open();
    const id = terminalOf((await client.turn({ model: 'm', input: 'a' })).events)!.response.id;
    mock.server.enqueue({ text: 'never used' });
    mock.server.reset();
    expect(mock.server.requests).toHaveLength(0);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    const after = await client.turn({ model: 'm', input: 'b', previous_response_id: id });
    expect(after.events[0].error.code).toBe('previous_response_not_found');
    const fresh = await client.turn({ model: 'm', input: 'c' });
    expect(textOf(fresh.events)).toBe('Echo: c');
    expect(mock.server.requests[0].id).toBe(1);
    // Ids keep counting, so an id issued before the reset is never reused.
    expect(terminalOf(fresh.events)!.response.id).not.toBe(id);
  });

  it('close() closes every socket', async () => {
    const own = await createMockResponsesServer();
    const client = await connect(own.wsUrl);
    await own.close();
    expect((await client.closedPromise).code).toBe(1006);
  });
});
