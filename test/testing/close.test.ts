import { createHook } from 'node:async_hooks';
import { expect, it } from 'vitest';
import { createMockResponsesServer } from '../../src/testing';
import { connect } from './raw-client';

const TRACKED = new Set(['TCPSERVERWRAP', 'TCPWRAP', 'Timeout']);

it('close() leaves no server, socket or timer behind, even mid-response', async () => {
  // Every server, socket and timer created from here on, until it is destroyed.
  const alive = new Map<number, string>();
  const hook = createHook({
    init: (id, type) => {
      if (!TRACKED.has(type)) return;
      // fetch's (undici's) process-wide, unref'd timer wheel belongs to the client, not the mock.
      if (type === 'Timeout' && new Error().stack?.includes('undici')) return;
      alive.set(id, type);
    },
    destroy: (id) => {
      alive.delete(id);
    },
  }).enable();
  try {
    const server = await createMockResponsesServer({ costModel: { latencyMs: 5_000 } });
    const client = await connect(server.wsUrl);
    server.fault({ type: 'connection-limit-idle', afterMs: 60_000 });
    client.send({ model: 'm', input: 'slow' });
    const http = fetch(`${server.url}/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key' },
      body: JSON.stringify({ model: 'm', input: 'x' }),
    }).catch((error: unknown) => error);
    while (server.requests.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    expect([...alive.values()]).toEqual(expect.arrayContaining(['TCPSERVERWRAP', 'Timeout']));

    const closing = performance.now();
    await server.close();
    expect(performance.now() - closing).toBeLessThan(1_000);
    // The 5 s latency never finishes: the request dies with the server.
    expect(await http).toBeInstanceOf(Error);
    await client.closedPromise;
    // Let destroy hooks of just-closed handles run.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect([...alive.values()]).toEqual([]);
  } finally {
    hook.disable();
  }
});

it('a fault armed after close() schedules nothing that would keep the process alive', async () => {
  const server = await createMockResponsesServer();
  await server.close();
  const timers = () => process.getActiveResourcesInfo().filter((type) => type === 'Timeout');
  const before = timers().length;
  server.fault({ type: 'connection-limit-idle', afterMs: 60_000 });
  expect(timers()).toHaveLength(before);
});
