import type { SessionPool } from '../../src/pool/session-pool';
import type { MockSetup } from './mock-provider';

/** The registry of shared pools and heads (src/util/shared-instance.ts). */
const REGISTRY = Symbol.for('ai-sdk-openai-ws.shared.v1');

/**
 * The client-side pool of a mock setup's provider, for tests that must wait until the client
 * itself has seen something (a socket the server closed, a call in the queue). Its registry key
 * starts with the base URL, and every mock server has a port of its own.
 */
export function poolOf(mock: MockSetup): SessionPool {
  const registry = (globalThis as { [REGISTRY]?: Map<string, { pool: SessionPool }> })[REGISTRY];
  const entries = [...(registry ?? new Map()).entries()].filter(([key]) =>
    key.startsWith(`${mock.server.url}\n`),
  );
  if (entries.length !== 1) {
    throw new Error(`expected one pool for ${mock.server.url}, found ${entries.length}`);
  }
  return entries[0][1].pool;
}
