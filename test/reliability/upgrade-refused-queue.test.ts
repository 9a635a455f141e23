import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { resolvePoolSettings } from '../../src/pool/pool-settings';
import { sharedStateKey } from '../../src/shared-state-key';
import { createMockResponsesServer, MOCK_API_KEY } from '../../src/testing';
import { type MockSetup, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

/**
 * A front for the mock that never answers a WebSocket upgrade (a proxy that black-holes them, as
 * some do) and passes every POST on to the mock: only the HTTP fallback gets through.
 */
async function upgradesBlackHoled() {
  const mock = await createMockResponsesServer();
  const held: Duplex[] = [];
  const front: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(`${mock.url}/responses`, {
      method: 'POST',
      headers: {
        authorization: String(req.headers.authorization),
        'content-type': 'application/json',
      },
      body: Buffer.concat(chunks),
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  front.on('upgrade', (_req, socket: Duplex) => void held.push(socket));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    mock,
    baseURL: `http://127.0.0.1:${(front.address() as AddressInfo).port}/v1`,
    upgrades: () => held.length,
    async close() {
      for (const socket of held) socket.destroy();
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await mock.close();
    },
  };
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe('calls queued behind an upgrade that fails', () => {
  it("share its failure: with 'auto' every call goes over HTTP, none fails with a queue timeout", async () => {
    const front = await upgradesBlackHoled();
    const pool = { maxSockets: 1, connectTimeoutMs: 200, queueTimeoutMs: 1_000 };
    const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: front.baseURL, pool });
    cleanup = async () => {
      await provider.close();
      await front.close();
    };
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        generateText({ model: provider('gpt-4.1-mini'), prompt: `call ${i}`, maxRetries: 0 }),
      ),
    );
    const outcomes = results.map((result) =>
      result.status === 'fulfilled'
        ? wsMeta(result.value.providerMetadata).transport
        : String(result.reason),
    );
    expect(outcomes).toEqual(Array(6).fill('http'));
    expect(front.mock.requests.map((r) => r.transport)).toEqual(Array(6).fill('http'));
    // No socket stays: the pool is empty, nobody waits.
    const poolKey = sharedStateKey(front.baseURL, resolvePoolSettings(pool), undefined);
    expect(poolOf({ poolKey } as MockSetup).stats()).toMatchObject({ open: 0, queued: 0 });
  });

  it("with 'websocket' each fails with the upgrade's own error, not a queue timeout", async () => {
    const front = await upgradesBlackHoled();
    const pool = { maxSockets: 1, connectTimeoutMs: 200, queueTimeoutMs: 1_000 };
    const provider = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: front.baseURL,
      pool,
      transport: 'websocket',
    });
    cleanup = async () => {
      await provider.close();
      await front.close();
    };
    const errors = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        generateText({ model: provider('gpt-4.1-mini'), prompt: `call ${i}`, maxRetries: 0 }).then(
          () => undefined,
          (error: Error & { isRetryable?: boolean }) => error,
        ),
      ),
    );
    for (const error of errors) {
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error?.message).toMatch(/WebSocket connect timed out/);
      expect(error?.isRetryable).toBe(true);
    }
    expect(front.mock.requests).toHaveLength(0);
  });
});
