import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FAILING_UPGRADE_MEMORY_MS,
  NO_WEBSOCKET_MEMORY_MS,
  RefusedUpgrades,
} from '../../../src/model/turn/refused-upgrades';
import { ConnectionError } from '../../../src/pool/connection-error';
import type { createOpenAIWebSocket } from '../../../src/v4';
import { gc } from '../../helpers/gc';
import { wsMeta } from '../../helpers/mock-provider';
import { KEY_B, useRecordedMock } from '../../helpers/recorded-mock';

// After an upgrade failed for good, calls of the same credentials go over HTTP at once for a
// while: each upgrade tried costs a connection and a round trip (three and 500 ms of backoff
// while the server sheds load) before the call can start over HTTP.

const setup = useRecordedMock();
const start = () => setup.start();
afterEach(() => {
  vi.restoreAllMocks();
});

const call = (provider: ReturnType<typeof createOpenAIWebSocket>, prompt = 'hi') =>
  generateText({ model: provider('gpt-4.1-mini'), prompt, maxRetries: 0 });

/** How the call went: its transport, and the upgrades tried so far. */
async function how(provider: ReturnType<typeof createOpenAIWebSocket>) {
  const result = await call(provider);
  return `${wsMeta(result.providerMetadata).transport} ${setup.recorder?.upgrades.length}`;
}

/** Date.now moved `ms` ahead. */
function later(ms: number) {
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => now() + ms);
}

describe('a refused upgrade is remembered', () => {
  it('426: the next call goes over HTTP without an upgrade, saying why; after a minute a socket is tried again', async () => {
    const provider = (await start())();
    setup.server?.fault({ type: 'reject-upgrade', status: 426, count: 1 });
    expect(await how(provider)).toBe('http 1');
    const second = await call(provider);
    expect(wsMeta(second.providerMetadata)).toMatchObject({
      transport: 'http',
      reason: 'websocket-upgrade-failed',
      retries: 0,
    });
    expect(wsMeta(second.providerMetadata).fallbackCause).toMatch(
      /HTTP 426 \(an upgrade 0 s ago; sockets are tried again 60 s after it\)/,
    );
    expect(setup.recorder?.upgrades).toHaveLength(1);
    later(NO_WEBSOCKET_MEMORY_MS - 1_000);
    expect(await how(provider)).toBe('http 1');
    vi.restoreAllMocks();
    later(NO_WEBSOCKET_MEMORY_MS);
    expect(await how(provider)).toBe('websocket 2');
    expect(setup.server?.requests.map((r) => r.transport)).toEqual([
      'http',
      'http',
      'http',
      'websocket',
    ]);
  });

  it('upgrades failing through their retries (500): HTTP at once for ten seconds', async () => {
    const provider = (await start())();
    setup.server?.fault({ type: 'reject-upgrade', status: 500, count: 3 });
    expect(await how(provider)).toBe('http 3');
    expect(await how(provider)).toBe('http 3');
    later(FAILING_UPGRADE_MEMORY_MS);
    expect(await how(provider)).toBe('websocket 4');
  });

  it("per credentials: another key's calls still try their socket", async () => {
    const make = await start();
    const a = make();
    const b = make({ apiKey: KEY_B });
    setup.server?.fault({ type: 'reject-upgrade', status: 403, count: 3 });
    expect(await how(a)).toBe('http 3');
    expect(await how(b)).toBe('websocket 4');
    expect(await how(a)).toBe('http 4');
  });

  it("transport 'websocket' keeps trying every call, and a socket it opens ends the memory", async () => {
    const make = await start();
    const auto = make();
    // Configured alike but for the transport: the same pool and the same memory.
    const strict = make({ transport: 'websocket' });
    setup.server?.fault({ type: 'reject-upgrade', status: 426, count: 2 });
    expect(await how(auto)).toBe('http 1');
    const refused = await call(strict).catch((error: { statusCode?: number }) => error);
    expect(refused).toMatchObject({ statusCode: 426 });
    expect(setup.recorder?.upgrades).toHaveLength(2);
    expect(await how(auto)).toBe('http 2');
    expect(await how(strict)).toBe('websocket 3');
    // A socket of its own: the idle one holds the other conversation's response.
    expect(await how(auto)).toBe('websocket 4');
  });

  it('a conversation whose socket is open goes on on it, by delta; only new sockets are skipped', async () => {
    const provider = (await start())();
    const model = provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'one', maxRetries: 0 });
    setup.server?.fault({ type: 'reject-upgrade', status: 426, count: 1 });
    // A new conversation opens a socket of its own (the open one holds the first): refused.
    expect(await how(provider)).toBe('http 2');
    const next = await generateText({
      model,
      messages: [
        { role: 'user', content: 'one' },
        ...first.responseMessages,
        { role: 'user', content: 'two' },
      ],
      maxRetries: 0,
    });
    expect(wsMeta(next.providerMetadata)).toMatchObject({
      transport: 'websocket',
      inputMode: 'delta',
      reason: 'continuation',
    });
    expect(await how(provider)).toBe('http 2');
    expect(setup.recorder?.upgrades).toHaveLength(2);
  });

  it('provider.close() forgets it', async () => {
    const provider = (await start())();
    setup.server?.fault({ type: 'reject-upgrade', status: 426, count: 1 });
    expect(await how(provider)).toBe('http 1');
    await provider.close();
    expect(await how(provider)).toBe('websocket 2');
  });
});

describe('RefusedUpgrades', () => {
  const refused = (status: number) => new ConnectionError({ kind: 'rejected', status });

  it('keeps the last 1,000 scopes', () => {
    const memory = new RefusedUpgrades();
    for (let i = 0; i <= 1_000; i++) memory.remember(`scope ${i}`, refused(426));
    expect(memory.recent('scope 0')).toBeUndefined();
    expect(memory.recent('scope 1')).toBeInstanceOf(Error);
    expect(memory.recent('scope 1000')?.cause).toBeInstanceOf(ConnectionError);
  });

  it("keeps what later calls report, not the refused upgrade's body and headers", async () => {
    const memory = new RefusedUpgrades();
    // A gateway's error page: up to 64 KB is read, for each of up to 1,000 scopes.
    const body = `<html>${'x'.repeat(64 * 1024)}</html>`;
    const cause = new WeakRef(
      new ConnectionError({ kind: 'rejected', status: 426, headers: { server: 'proxy' }, body }),
    );
    memory.remember('scope', cause.deref() as ConnectionError);
    // A boolean: a failed expectation that held the error would keep it alive itself.
    await vi.waitFor(() => {
      gc();
      expect(cause.deref() === undefined).toBe(true);
    });
    const recent = memory.recent('scope');
    expect(recent?.message).toMatch(/^WebSocket upgrade rejected with HTTP 426 \(an upgrade/);
    expect(recent?.cause).toMatchObject({ failure: { kind: 'rejected', status: 426 } });
    expect(Object.keys((recent?.cause as ConnectionError | undefined)?.failure ?? {})).toEqual([
      'kind',
      'status',
    ]);
  });

  it('404 and 405 are remembered as long as 426, other failures briefly', () => {
    const memory = new RefusedUpgrades();
    memory.remember('404', refused(404));
    memory.remember('405', refused(405));
    memory.remember('429', refused(429));
    memory.remember('timeout', new ConnectionError({ kind: 'connect-timeout' }));
    later(FAILING_UPGRADE_MEMORY_MS);
    expect(['404', '405', '429', 'timeout'].map((scope) => !!memory.recent(scope))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
