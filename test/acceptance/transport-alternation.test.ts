/**
 * A conversation whose calls alternate between the socket and the HTTP fallback: each call sends
 * what the server it reaches can continue. A response made over HTTP is in no socket's cache:
 * a socket continues it only from the store (`store` on), else the call goes out in full.
 */
import { generateText, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_WEBSOCKET_MEMORY_MS } from '../../src/model/turn/refused-upgrades';
import type { MockRequestRecord } from '../../src/testing';
import { contextTexts, type Instance, useInstances } from '../helpers/instances';
import { wsMeta } from '../helpers/mock-provider';

const setup = useInstances();
afterEach(() => {
  vi.restoreAllMocks();
});

/** The clock moved past the time a refused upgrade keeps calls on HTTP (refused-upgrades.ts). */
function pastRefusalMemory() {
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + NO_WEBSOCKET_MEMORY_MS);
}
const big = `A long paste: ${'x'.repeat(3_000)}`;

/** One chat turn, with `store` as given; `how`: its transport and reason. */
async function turn(instance: Instance, history: ModelMessage[], text: string, store: boolean) {
  const messages: ModelMessage[] = [...history, { role: 'user', content: text }];
  const result = await generateText({
    model: instance('gpt-4.1-mini'),
    messages,
    providerOptions: { openai: { store } },
    maxRetries: 0,
  });
  const meta = wsMeta(result.providerMetadata);
  return {
    history: [...messages, ...result.responseMessages],
    how: `${meta.transport} ${meta.reason}`,
  };
}

const expectWholeContext = (record: MockRequestRecord | undefined, texts: string[]) => {
  expect(contextTexts(record as MockRequestRecord)).toEqual(texts);
  expect(record?.duplicates).toEqual([]);
};

describe('socket, then HTTP, then the socket again', () => {
  it('store on: the HTTP response is continued from the store, then on the socket', async () => {
    const a = setup.instance({ maxFrameBytes: 2_000 });
    const one = await turn(a, [], 'One', true);
    const two = await turn(a, one.history, big, true);
    const three = await turn(a, two.history, 'Three', true);
    const four = await turn(a, three.history, 'Four', true);
    expect([one.how, two.how, three.how, four.how]).toEqual([
      'websocket new-conversation',
      'http frame-too-large',
      'websocket continuation-from-store',
      'websocket continuation',
    ]);
    const records = setup.server.requests;
    expect(records[2]).toMatchObject({
      previousResponseId: records[1].responseId,
      parentSource: 'store',
    });
    expectWholeContext(records[3], [
      'One',
      'Echo: One',
      big,
      `Echo: ${big}`,
      'Three',
      'Echo: Three',
      'Four',
    ]);
  });

  it('store off: after the upgrade was refused once, the next socket call sends everything', async () => {
    const a = setup.instance();
    const one = await turn(a, [], 'One', false);
    setup.server.closeAllSockets();
    setup.server.fault({ type: 'reject-upgrade', status: 426 });
    const two = await turn(a, one.history, 'Two', false);
    pastRefusalMemory();
    const three = await turn(a, two.history, 'Three', false);
    const four = await turn(a, three.history, 'Four', false);
    expect([one.how, two.how, three.how, four.how]).toEqual([
      'websocket new-conversation',
      'http websocket-upgrade-failed',
      // Nothing holds the HTTP response: neither a socket's cache nor the store.
      'websocket socket-replaced',
      'websocket continuation',
    ]);
    const records = setup.server.requests.filter((r) => r.status === 'completed');
    expect(records[2].previousResponseId).toBeNull();
    expectWholeContext(records[3], [
      'One',
      'Echo: One',
      'Two',
      'Echo: Two',
      'Three',
      'Echo: Three',
      'Four',
    ]);
  });

  it('store off, the socket still holding the first response: socket, HTTP, HTTP', async () => {
    const a = setup.instance({ maxFrameBytes: 2_000 });
    const one = await turn(a, [], 'One', false);
    const two = await turn(a, one.history, big, false);
    const three = await turn(a, two.history, 'Three', false);
    // The paste is in every later input (no store to continue from): too large for a socket.
    expect([one.how, two.how, three.how]).toEqual([
      'websocket new-conversation',
      'http frame-too-large',
      'http frame-too-large',
    ]);
    expectWholeContext(setup.server.requests[2], [
      'One',
      'Echo: One',
      big,
      `Echo: ${big}`,
      'Three',
    ]);
  });
});

describe('the digest of a response made over HTTP', () => {
  it('lets another instance continue it from the store', async () => {
    const overHttp = setup.instance({ webSocket: null });
    const one = await turn(overHttp, [], 'One', true);
    const two = await turn(setup.instance(), one.history, 'Two', true);
    const three = await turn(overHttp, two.history, 'Three', true);
    expect([one.how, two.how, three.how]).toEqual([
      'http websocket-unavailable',
      'websocket continuation-from-store',
      'http websocket-unavailable',
    ]);
    expect(setup.server.requests[1]).toMatchObject({ parentSource: 'store' });
    expectWholeContext(setup.server.requests[1], ['One', 'Echo: One', 'Two']);
  });
});
