import type { LanguageModelV4Prompt } from '@ai-sdk/provider-v4';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import * as v4 from '../../src/v4';
import { gc } from '../helpers/gc';
import { sharedRegistry } from '../helpers/pool-of';

/*
 * A pooled socket lives up to `maxSocketAgeMs` (55 minutes) and serves many calls; it must keep
 * nothing of the call that opened it. It kept that call's pool request, and through it the
 * call's abort signal (a server's request signal) and the whole call: its prompt, its request.
 */

let server: MockResponsesServer | undefined;
const providers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const provider of providers.splice(0)) await provider.close();
  await server?.close();
  server = undefined;
});

/** What the call kept weakly: whether each is still alive after garbage collection. */
type Kept = { signal: WeakRef<AbortSignal>; message: WeakRef<object> };

/** One call on `model`, with a signal and a prompt message of its own that the test drops. */
async function oneCall(
  model: ReturnType<ReturnType<typeof v4.createOpenAIWebSocket>>,
  text: string,
): Promise<Kept> {
  const controller = new AbortController();
  const message = { role: 'user' as const, content: [{ type: 'text' as const, text }] };
  const prompt: LanguageModelV4Prompt = [message];
  // The failed response rejects; either way the call is over.
  await Promise.resolve(model.doGenerate({ prompt, abortSignal: controller.signal })).catch(
    () => {},
  );
  return { signal: new WeakRef(controller.signal), message: new WeakRef(message) };
}

/** Collects garbage until `alive` is false (a boolean: a failed expectation would hold it). */
const collected = (alive: () => boolean) =>
  vi.waitFor(() => {
    gc();
    expect(alive()).toBe(false);
  });

function openPool(settings: v4.OpenAIWebSocketSettings) {
  const provider = v4.createOpenAIWebSocket({
    apiKey: MOCK_API_KEY,
    baseURL: server?.url,
    ...settings,
  });
  providers.push(provider);
  // The model takes the pool from the registry (the entry asked for last).
  const model = provider('gpt-4.1-mini');
  const pool = [...sharedRegistry().values()].at(-1)?.pool;
  return { model, pool: () => pool?.stats() };
}

describe('an idle socket keeps nothing of the call that opened it', () => {
  it('lanes on, after a failed response: neither its signal nor its prompt', async () => {
    server = await createMockResponsesServer();
    const { model, pool } = openPool({ pool: { lanes: 4 } });
    // A failed response leaves no chain head, which would hold the prompt by design.
    server.enqueue({ status: 'failed', code: 'server_error' });
    const kept = await oneCall(model, 'a prompt of its own');
    expect(pool()).toMatchObject({ open: 1, busy: 0 });
    await collected(() => kept.signal.deref() !== undefined);
    await collected(() => kept.message.deref() !== undefined);
    expect(pool()).toMatchObject({ open: 1 });
  });

  it('lanes off, after a completed response: not its signal', async () => {
    server = await createMockResponsesServer();
    const { model, pool } = openPool({});
    const kept = await oneCall(model, 'a prompt of its own');
    expect(pool()).toMatchObject({ open: 1, idle: 1 });
    await collected(() => kept.signal.deref() !== undefined);
    expect(pool()).toMatchObject({ open: 1 });
  });
});
