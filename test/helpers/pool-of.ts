import { expect, vi } from 'vitest';
import type { SessionPool } from '../../src/pool/session-pool';
import type { MockSetup } from './mock-provider';

/** The registry of shared pools and heads (src/util/shared-instance.ts). */
const REGISTRY = Symbol.for('ai-sdk-openai-ws.shared.v1');

/**
 * The client-side pool of a mock setup's provider, for tests that must wait until the client
 * itself has seen something (a socket the server closed, a call in the queue). Looked up by the
 * setup's exact registry key: a base URL alone can name several pools (an earlier test's server
 * may have had the same port).
 */
export function poolOf(mock: MockSetup): SessionPool {
  const entry = sharedRegistry().get(mock.poolKey);
  if (!entry) throw new Error(`no pool under ${JSON.stringify(mock.poolKey)}`);
  return entry.pool;
}

/** Every entry of that registry by its key (empty before the first provider made one). */
export function sharedRegistry(): Map<string, { pool: SessionPool }> {
  return (globalThis as { [REGISTRY]?: Map<string, { pool: SessionPool }> })[REGISTRY] ?? new Map();
}

/** Waits until `count` requests reached the mock's server: each of them holds a socket or lane. */
export function requestsArrived(mock: MockSetup | undefined, count: number) {
  return vi.waitFor(() => expect(mock?.server.requests).toHaveLength(count), { timeout: 5_000 });
}

/** Waits until `count` calls wait in the client's queue for a socket. */
export function callsQueued(mock: MockSetup | undefined, count: number) {
  return vi.waitFor(() => expect(mock && poolOf(mock).stats().queued).toBe(count), {
    timeout: 5_000,
  });
}
