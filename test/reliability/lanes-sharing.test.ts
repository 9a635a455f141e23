import { generateText, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MockServerOptions } from '../../src/testing';
import { type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

let mock: MockSetup;
afterEach(async () => {
  await mock?.close();
});

const lanesMock = (pool: Record<string, number>, options: MockServerOptions = {}) =>
  startMock({ pool: { lanes: 32, ...pool } }, options);

/** One chat turn of a conversation: the history plus a new user message. */
async function chatTurn(messages: ModelMessage[], text: string, store?: boolean) {
  messages.push({ role: 'user', content: text });
  const result = await generateText({
    model: mock.provider('gpt-4.1-mini'),
    messages,
    ...(store !== undefined && { providerOptions: { openai: { store } } }),
  });
  messages.push(...result.responseMessages);
  return result;
}

describe('many conversations on lanes', () => {
  it('40 conversations on one socket’s worth of lanes: never a 33rd lane, every call succeeds', async () => {
    mock = await lanesMock({ maxSockets: 1 });
    const texts: string[][] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, c) => {
        const messages: ModelMessage[] = [];
        texts[c] = [];
        for (let t = 0; t < 3; t++) {
          texts[c].push((await chatTurn(messages, `conversation ${c} turn ${t}`)).text);
        }
      }),
    );
    for (const [c, replies] of texts.entries()) {
      expect(replies).toEqual([0, 1, 2].map((t) => `Echo: conversation ${c} turn ${t}`));
    }
    const records = mock.server.requests;
    expect(records).toHaveLength(120);
    expect(mock.server.sockets().opened).toBe(1);
    expect(records.every((r) => r.status === 'completed')).toBe(true);
    expect(new Set(records.map((r) => r.streamId)).size).toBe(32);
    expect(Math.max(...records.map((r) => r.lanes))).toBe(32);
    // The client kept to 16 in flight: the server never had to queue a request.
    expect(Math.max(...records.map((r) => r.inFlight))).toBeLessThanOrEqual(16);
    expect(records.filter((r) => r.queuedFor !== null)).toEqual([]);
    expect(records.flatMap((r) => r.duplicates)).toEqual([]);
    expect(poolOf(mock).stats()).toMatchObject({ open: 1, inFlight: 0, queued: 0 });
  });

  it('a new conversation takes a free lane instead of another conversation’s chain', async () => {
    mock = await lanesMock({ maxSockets: 1 });
    const first: ModelMessage[] = [];
    await chatTurn(first, 'first conversation', false);
    const second: ModelMessage[] = [];
    await chatTurn(second, 'second conversation', false);
    // With store: false only the lane's cache can continue the first conversation.
    const again = await chatTurn(first, 'first again', false);
    expect(wsMeta(again.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation',
      lane: 'lane-1',
    });
    expect(mock.server.requests.map((r) => r.streamId)).toEqual(['lane-1', 'lane-2', 'lane-1']);
  });
});

describe('double submit with lanes', () => {
  /** One completed turn, then (after `beforeSubmit`) the same next prompt sent twice at once. */
  async function doubleSubmit(store: boolean, beforeSubmit?: () => void) {
    const messages: ModelMessage[] = [];
    await chatTurn(messages, 'Turn one', store);
    beforeSubmit?.();
    const next: ModelMessage[] = [...messages, { role: 'user', content: 'Turn two' }];
    const call = () =>
      generateText({
        model: mock.provider('gpt-4.1-mini'),
        messages: next,
        providerOptions: { openai: { store } },
      });
    return Promise.all([call(), call()]);
  }

  it('the second call forks the head onto another lane of the same socket (store: true)', async () => {
    mock = await lanesMock({}, { costModel: { perEventMs: 5 } });
    const results = await doubleSubmit(true);
    expect(results.map((r) => r.text)).toEqual(['Echo: Turn two', 'Echo: Turn two']);
    const metas = results.map((r) => wsMeta(r.providerMetadata));
    expect(metas.map((m) => m.reason).sort()).toEqual(['continuation', 'continuation-fork']);
    expect(metas.every((m) => m.inputMode === 'delta')).toBe(true);
    const [, ...twice] = mock.server.requests;
    expect(twice.map((r) => [r.parentSource, r.forked]).sort()).toEqual([
      ['socket-cache', false],
      ['socket-cache', true],
    ]);
    expect(new Set(twice.map((r) => r.socketId)).size).toBe(1);
    expect(twice.map((r) => r.input.length)).toEqual([1, 1]);
    expect(mock.server.requests.flatMap((r) => r.duplicates)).toEqual([]);
  });

  it('store: false, the fork started before the source lane moved on: a delta from the cache', async () => {
    mock = await lanesMock({}, { costModel: { perEventMs: 10 } });
    const results = await doubleSubmit(false);
    const metas = results.map((r) => wsMeta(r.providerMetadata));
    expect(metas.map((m) => m.reason).sort()).toEqual(['continuation', 'continuation-fork']);
    expect(mock.server.requests.slice(1).every((r) => r.status === 'completed')).toBe(true);
  });

  it('store: false, the source lane finished before the fork started: resent with full input, never duplicated or lost', async () => {
    mock = await lanesMock({});
    // The source lane is held long enough for the second call to find it busy and fork; the fork
    // (on the second lane) is held longer still, so the source lane completes first.
    const results = await doubleSubmit(false, () => {
      mock.server.fault({ type: 'delay-first-event', ms: 300, streamId: 'lane-1' });
      mock.server.fault({ type: 'delay-first-event', ms: 900, streamId: 'lane-2' });
    });
    expect(results.map((r) => r.text)).toEqual(['Echo: Turn two', 'Echo: Turn two']);
    const metas = results.map((r) => wsMeta(r.providerMetadata));
    expect(metas.map((m) => m.reason).sort()).toEqual([
      'continuation',
      'previous-response-not-found',
    ]);
    const resent = metas.find((m) => m.reason === 'previous-response-not-found');
    expect(resent).toMatchObject({ inputMode: 'full', retries: 1 });
    const records = mock.server.requests;
    expect(records.map((r) => r.error?.code ?? null)).toContain('previous_response_not_found');
    const last = records.at(-1);
    // The full input: the first turn, its answer and the second question, each once.
    expect(last?.previousResponseId).toBeNull();
    expect(last?.input).toHaveLength(3);
    expect(records.flatMap((r) => r.duplicates)).toEqual([]);
    await vi.waitFor(() => expect(poolOf(mock).stats().inFlight).toBe(0));
  });
});

describe('lanes and the HTTP fallback', () => {
  it('a frame too large for the socket goes over HTTP without a lane, and gives its lane back', async () => {
    mock = await startMock({ maxFrameBytes: 2_000, pool: { lanes: 4 } });
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: `big ${'x'.repeat(3_000)}`,
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'http', lane: null });
    expect(poolOf(mock).stats().inFlight).toBe(0);
  });
});
