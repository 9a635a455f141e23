import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockResponsesServer, type MockResponsesServer } from '../../src/testing';
import { requestCost } from '../../src/testing/cost-model';
import { connect, terminalOf, until, userMessage } from './raw-client';

describe('requestCost', () => {
  const model = { latencyMs: 10, perKbMs: 2, storageLoadMs: 30 };
  it('charges the whole context without a parent', () => {
    expect(
      requestCost(model, { parentSource: null, contextBytes: 4096, newInputBytes: 1024 }),
    ).toEqual({ processedBytes: 4096, delayMs: 18 });
  });
  it('charges only the new input with a cached parent', () => {
    expect(
      requestCost(model, { parentSource: 'socket-cache', contextBytes: 4096, newInputBytes: 1024 }),
    ).toEqual({ processedBytes: 1024, delayMs: 12 });
  });
  it('adds the storage load for a parent from the store', () => {
    expect(
      requestCost(model, { parentSource: 'store', contextBytes: 4096, newInputBytes: 1024 }),
    ).toEqual({ processedBytes: 1024, delayMs: 42 });
  });
  it('is free by default', () => {
    expect(
      requestCost({}, { parentSource: null, contextBytes: 1e6, newInputBytes: 0 }).delayMs,
    ).toBe(0);
  });
});

describe('cost model on the server', () => {
  let server: MockResponsesServer;
  beforeAll(async () => {
    server = await createMockResponsesServer({
      costModel: { latencyMs: 40, perKbMs: 10, storageLoadMs: 25 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('delays the first event and records what it charged', async () => {
    const a = await connect(server.wsUrl);
    const b = await connect(server.wsUrl);
    const big = 'x'.repeat(3000);
    const started = performance.now();
    const first = await a.turn({ model: 'm', input: [userMessage(big)] });
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    const id = terminalOf(first.events)!.response.id;
    await a.turn({ model: 'm', input: [userMessage('short')], previous_response_id: id });
    await b.turn({ model: 'm', input: [userMessage('short')], previous_response_id: id });
    await Promise.all([a.close(), b.close()]);

    const [full, cached, stored] = server.requests;
    expect(full.processedBytes).toBeGreaterThan(3000);
    expect(full.costDelayMs).toBeCloseTo(40 + (10 * full.processedBytes) / 1024);
    expect(cached.parentSource).toBe('socket-cache');
    expect(cached.processedBytes).toBe(Buffer.byteLength(JSON.stringify([userMessage('short')])));
    expect(cached.costDelayMs).toBeLessThan(full.costDelayMs);
    expect(stored.parentSource).toBe('store');
    expect(stored.costDelayMs).toBeCloseTo(cached.costDelayMs + 25);
  });
});

describe('perEventMs', () => {
  it('spaces the events of a stream', async () => {
    const server = await createMockResponsesServer({ costModel: { perEventMs: 5 } });
    try {
      const client = await connect(server.wsUrl);
      const started = performance.now();
      const { events } = await client.turn({ model: 'm', input: 'a b c' });
      expect(performance.now() - started).toBeGreaterThanOrEqual((events.length - 1) * 4);
      await client.close();
    } finally {
      await server.close();
    }
  });

  it('stops a spaced stream when the client goes away', async () => {
    // 100 ms between events: the close handshake may take a loaded machine a while, and fewer
    // than 10 of the stream's events must still have gone out by the time the server sees it.
    const server = await createMockResponsesServer({ costModel: { perEventMs: 100 } });
    try {
      const client = await connect(server.wsUrl);
      client.send({ model: 'm', input: 'long answer here' });
      await client.next();
      await client.close();
      await until(() => server.requests[0].status !== 'in_progress');
      expect(server.requests[0].status).toBe('interrupted');
      expect(server.requests[0].eventsSent).toBeLessThan(10);
    } finally {
      await server.close();
    }
  });

  it('close() does not wait for a spaced stream to finish', async () => {
    const server = await createMockResponsesServer({ costModel: { perEventMs: 2_000 } });
    const client = await connect(server.wsUrl);
    client.send({ model: 'm', input: 'long answer here' });
    await client.next();
    const closing = performance.now();
    await server.close();
    expect(performance.now() - closing).toBeLessThan(1_500);
    expect((await client.closedPromise).code).toBe(1006);
  });
});
