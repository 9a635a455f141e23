import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { resolvePoolSettings } from '../../src/pool/pool-settings';
import { sharedStateKey } from '../../src/shared-state-key';
import { MOCK_API_KEY } from '../../src/testing';
import { MAX_UNUSED_ENTRIES, sharedInstance } from '../../src/util/shared-instance';
import { afterOneTurn, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { sharedRegistry } from '../helpers/pool-of';

const registry = sharedRegistry;
const keysStartingWith = (prefix: string) =>
  [...registry().keys()].filter((key) => key.startsWith(prefix));

describe('the shared registry', () => {
  const mocks: MockSetup[] = [];
  afterEach(async () => {
    for (const mock of mocks.splice(0)) await mock.close();
  });

  it('hands out one instance per key, made once', () => {
    let made = 0;
    const create = () => ({ n: ++made });
    const a = sharedInstance('test:once', create, () => false);
    expect(sharedInstance('test:once', create, () => false)).toBe(a);
    expect(made).toBe(1);
  });

  it('forgets the least recently asked for of the entries not in use, past the limit', () => {
    const extra = 10;
    const key = (i: number) => `test:unused:${i}`;
    for (let i = 0; i < MAX_UNUSED_ENTRIES + extra; i++) {
      sharedInstance(
        key(i),
        () => ({ i }),
        () => false,
      );
      // Asked for again, the first one is the most recently used: it stays.
      sharedInstance(
        key(0),
        () => ({ i: 0 }),
        () => false,
      );
    }
    const left = keysStartingWith('test:unused:');
    expect(left.length).toBeLessThanOrEqual(MAX_UNUSED_ENTRIES);
    expect(left).toContain(key(0));
    expect(left).toContain(key(MAX_UNUSED_ENTRIES + extra - 1));
    expect(left).not.toContain(key(1));
  });

  it('keeps entries in use however many come after them', () => {
    const busy = sharedInstance(
      'test:busy',
      () => ({ busy: true }),
      () => true,
    );
    for (let i = 0; i < MAX_UNUSED_ENTRIES * 2; i++) {
      sharedInstance(
        `test:after-busy:${i}`,
        () => ({ busy: false }),
        (entry) => (entry as { busy: boolean }).busy,
      );
    }
    expect(registry().get('test:busy')).toBe(busy);
    expect(keysStartingWith('test:after-busy:').length).toBeLessThanOrEqual(MAX_UNUSED_ENTRIES);
  });

  it('keeps a provider configuration with an open socket; one without is forgotten, and its provider still works', async () => {
    const live = await startMock();
    mocks.push(live);
    const { model, messages } = await afterOneTurn(live);
    const livePool = registry().get(live.poolKey)?.pool;
    expect(livePool?.stats().open).toBe(1);

    // A configuration of its own on the same server, used once, then idle with no socket.
    const quiet = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: live.server.url,
      pool: { maxSockets: 3 },
    });
    const quietKey = sharedStateKey(
      live.server.url,
      resolvePoolSettings({ maxSockets: 3 }),
      undefined,
    );
    const quietModel = quiet('gpt-4.1-mini');
    expect(registry().has(quietKey)).toBe(true);
    const earlier = await generateText({ model: quietModel, prompt: 'Quiet one' });
    await quiet.close();
    expect(registry().get(quietKey)?.pool.inUse).toBe(false);

    // Configurations made on the fly (a base URL per tenant), each asked for once.
    const tenants = MAX_UNUSED_ENTRIES + 20;
    for (let i = 0; i < tenants; i++) {
      createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: `http://127.0.0.1:9/tenant-${i}/v1` })(
        'gpt-4.1-mini',
      );
    }
    expect(keysStartingWith('http://127.0.0.1:9/tenant-').length).toBeLessThanOrEqual(
      MAX_UNUSED_ENTRIES,
    );
    expect(registry().has(quietKey)).toBe(false);
    // The socket's entry stayed, with its chain heads: the next turn is a delta on that socket.
    expect(registry().get(live.poolKey)?.pool).toBe(livePool);
    const second = await generateText({ model, messages });
    expect(wsMeta(second.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      socketReused: true,
    });

    // The forgotten configuration's provider keeps its own pool and still answers.
    const answer = await generateText({ model: quietModel, prompt: 'still here?' });
    expect(answer.text.length).toBeGreaterThan(0);
    await quiet.close();
    expect(registry().has(quietKey)).toBe(false);

    // A new provider of that configuration has no chain heads, and continues from the digest.
    const again = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: live.server.url,
      pool: { maxSockets: 3 },
    });
    const continued = await generateText({
      model: again('gpt-4.1-mini'),
      messages: [
        { role: 'user', content: 'Quiet one' },
        ...earlier.responseMessages,
        { role: 'user', content: 'Quiet two' },
      ],
    });
    expect(wsMeta(continued.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation-from-store',
    });
    await again.close();
  });
});
