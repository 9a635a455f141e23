import { getEventListeners } from 'node:events';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider-v4';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { HeadStore } from '../../src/model/chain/head-store';
import type { CredentialCache } from '../../src/model/credentials';
import { MAX_IDLE_POOLS } from '../../src/pool/idle-pools';
import { DEFAULT_POOL_SETTINGS } from '../../src/pool/pool-settings';
import type { SessionPool } from '../../src/pool/session-pool';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import * as v4 from '../../src/v4';
import { sharedRegistry } from '../helpers/pool-of';

/**
 * Long-lived state stays bounded however many conversations, providers, failures and credential
 * scopes a process sees. Counts, not timing; each run goes past the bound it checks.
 */
type Shared = { pool: SessionPool; heads: HeadStore; credentials: CredentialCache };
type Model = ReturnType<ReturnType<typeof v4.createOpenAIWebSocket>>;

let server: MockResponsesServer | undefined;
const providers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const provider of providers.splice(0)) await provider.close();
  await server?.close();
  server = undefined;
});

const user = (text: string) => ({
  role: 'user' as const,
  content: [{ type: 'text' as const, text }],
});

function provider(settings: v4.OpenAIWebSocketSettings = {}) {
  const made = v4.createOpenAIWebSocket({
    apiKey: MOCK_API_KEY,
    baseURL: server?.url,
    ...settings,
  });
  providers.push(made);
  return made;
}

/** The registry entry providers on this server with these pool settings share. */
function sharedOf(pool: v4.OpenAIWebSocketSettings['pool'] = {}): Shared {
  const settings = JSON.stringify({ ...DEFAULT_POOL_SETTINGS, ...pool });
  const key = `${server?.url}\n${settings}\nundefined`;
  const entry = sharedRegistry().get(key) as unknown as Shared | undefined;
  if (!entry) throw new Error(`no shared state under ${key}`);
  return entry;
}

/** One conversation of `steps` calls, each continuing the one before (a delta). */
async function conversation(
  model: Model,
  name: string,
  steps: number,
  headers?: Record<string, string>,
) {
  const prompt: LanguageModelV4Prompt = [user(name)];
  for (let step = 1; step <= steps; step++) {
    const result = await model.doGenerate({ prompt, headers });
    const content = result.content.flatMap((part) =>
      part.type === 'text'
        ? [{ type: 'text' as const, text: part.text, providerOptions: part.providerMetadata }]
        : [],
    );
    prompt.push({ role: 'assistant', content }, user(`${name} step ${step + 1}`));
  }
}

/** Runs `count` tasks, `concurrency` at a time. */
async function inBatches(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
) {
  for (let start = 0; start < count; start += concurrency) {
    const end = Math.min(count, start + concurrency);
    await Promise.all(Array.from({ length: end - start }, (_, k) => task(start + k)));
  }
}

/** Waits for a call that is meant to fail. */
const failed = (call: PromiseLike<unknown>) => Promise.resolve(call).catch(() => {});

/** A streamed call aborted (by a signal of its own besides `signal`) after its first part. */
async function abortAfterFirstPart(model: Model, text: string, signal: AbortSignal) {
  const aborting = new AbortController();
  try {
    const { stream } = await model.doStream({
      prompt: [user(text)],
      abortSignal: AbortSignal.any([signal, aborting.signal]),
    });
    const reader = stream.getReader();
    await reader.read();
    aborting.abort();
    await reader.cancel();
  } catch {
    // A call that fails on its own fails like the others.
  }
}

describe('memory bounds of a long-lived process', () => {
  it('2,100 conversations of 2 steps: heads, earlier heads and sockets stay within their bounds', async () => {
    server = await createMockResponsesServer();
    const model = provider()('gpt-4.1-mini');
    await inBatches(2_100, 50, (c) => conversation(model, `c${c}`, 2));
    const { pool, heads, credentials } = sharedOf();
    const kept = heads.stats();
    expect(kept.heads).toBeLessThanOrEqual(2_000);
    expect(kept.earlier).toBeLessThanOrEqual(2_000);
    expect(kept.items).toBeLessThanOrEqual(250_000);
    expect(pool.stats().open).toBeLessThanOrEqual(DEFAULT_POOL_SETTINGS.maxIdleSockets);
    expect(pool.sizes().indexedHeads).toBeLessThanOrEqual(pool.stats().open);
    expect(credentials.size).toBe(1);
  });

  it('a provider per request, 2,000 times, and 1,000 tenant keys: one shared entry, bounded caches', async () => {
    const keys = Array.from({ length: 1_000 }, (_, i) => `sk-tenant-${i}`);
    server = await createMockResponsesServer({ apiKeys: [MOCK_API_KEY, ...keys] });
    const before = sharedRegistry().size;
    await inBatches(2_000, 20, (i) =>
      conversation(provider({ apiKey: keys[i % keys.length] })('gpt-4.1-mini'), `r${i}`, 1),
    );
    expect(sharedRegistry().size - before).toBe(1);
    const { pool, heads, credentials } = sharedOf();
    expect(credentials.size).toBeLessThanOrEqual(256);
    expect(pool.stats().open).toBeLessThanOrEqual(DEFAULT_POOL_SETTINGS.maxIdleSockets);
    expect(pool.sizes().scopes).toBeLessThanOrEqual(DEFAULT_POOL_SETTINGS.maxIdleSockets);
    expect(heads.stats().heads).toBeLessThanOrEqual(2_000);
  });

  it('a configuration made per request (a webSocket class of its own): at most 64 idle pools keep sockets', async () => {
    server = await createMockResponsesServer();
    const before = new Set(sharedRegistry().values());
    for (let i = 0; i < 200; i++) {
      class PerRequest extends WebSocket {}
      const made = provider({
        webSocket: PerRequest as unknown as v4.OpenAIWebSocketSettings['webSocket'],
      });
      await conversation(made('gpt-4.1-mini'), `q${i}`, 1);
    }
    const ours = [...sharedRegistry().values()].filter((entry) => !before.has(entry));
    const open = ours.reduce((sum, entry) => sum + entry.pool.stats().open, 0);
    // The entry asked for last keeps its socket besides the 64 idle pools.
    expect(open).toBeLessThanOrEqual(MAX_IDLE_POOLS + 1);
    await vi.waitFor(() => expect(server?.sockets().open).toBeLessThanOrEqual(MAX_IDLE_POOLS + 1));
  });

  it('1,200 calls refused, broken off, failed or aborted leave no socket, listener or entry behind', async () => {
    server = await createMockResponsesServer();
    const model = provider()('gpt-4.1-mini');
    // One signal for the life of the process (a shutdown signal passed to every call).
    const shutdown = new AbortController();
    const signal = shutdown.signal;
    for (let i = 0; i < 300; i++) {
      server.fault({ type: 'reject-upgrade', status: 401 });
      await failed(model.doGenerate({ prompt: [user(`r${i}`)], abortSignal: signal }));
      server.fault({ type: 'terminate-after-events', events: 3 });
      await failed(model.doGenerate({ prompt: [user(`b${i}`)], abortSignal: signal }));
      server.fault({ type: 'error-event', code: 'server_error', shape: 'mid-stream' });
      await failed(model.doGenerate({ prompt: [user(`f${i}`)], abortSignal: signal }));
      await abortAfterFirstPart(model, `a${i}`, signal);
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
    const { pool, heads } = sharedOf();
    await vi.waitFor(() => expect(pool.stats()).toMatchObject({ busy: 0, queued: 0 }));
    expect(pool.stats().open).toBeLessThanOrEqual(DEFAULT_POOL_SETTINGS.maxIdleSockets);
    expect(pool.sizes().indexedHeads).toBeLessThanOrEqual(pool.stats().open);
    const kept = heads.stats();
    expect(kept.notCompleted).toBeLessThanOrEqual(2_000);
    expect(kept.unstored).toBeLessThanOrEqual(10_000);
  });

  it('1,000 per-call credential scopes used once: sockets and maps go, caches stay bounded', async () => {
    server = await createMockResponsesServer();
    const pool = { idleTimeoutMs: 200 };
    const model = provider({ pool })('gpt-4.1-mini');
    await inBatches(1_000, 20, (i) =>
      conversation(model, `s${i}`, 2, { 'x-api-key': `gateway-key-${i}` }),
    );
    const shared = sharedOf(pool);
    expect(shared.pool.sizes().scopes).toBeLessThanOrEqual(DEFAULT_POOL_SETTINGS.maxIdleSockets);
    expect(shared.credentials.size).toBeLessThanOrEqual(256);
    // Unused, their sockets close, and the pool keeps no map entry for their scopes.
    await vi.waitFor(() => expect(shared.pool.sizes()).toEqual({ scopes: 0, indexedHeads: 0 }), {
      timeout: 5_000,
    });
    expect(shared.pool.inUse).toBe(false);
  });
});
