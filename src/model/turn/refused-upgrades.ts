import { LRUCache } from 'lru-cache';
import { ConnectionError } from '../../pool/connection-error';
import { isRefusedForSockets } from './transport-errors';

/**
 * How long calls skip the socket after an upgrade was refused with a 4xx other than 401, 403 and
 * 429 (426, 404 or 405: no WebSocket mode here): a gateway answers every upgrade so, and each try
 * costs a connection (TCP and TLS) and a round trip before the call can start over HTTP.
 */
export const NO_WEBSOCKET_MEMORY_MS = 60_000;

/**
 * How long calls skip the socket after upgrades kept failing through their retries (403, 429, 5xx,
 * timeouts, network errors): each call would otherwise pay three upgrades and half a second of
 * backoff, and add its upgrades to a server that is shedding load. Short, so that calls are back on
 * sockets soon after the server is.
 */
export const FAILING_UPGRADE_MEMORY_MS = 10_000;

/** Credential scopes remembered at most (a multi-tenant app may have many keys). */
const MAX_SCOPES = 1_000;

type Refusal = { cause: Error; at: number; forMs: number };

/**
 * The credential scopes whose last upgrade failed for good, and when: with transport 'auto', a
 * call of such a scope goes over HTTP at once for a while instead of trying a socket again
 * (docs/architecture.md, "Failure policy"). Per scope, so that one key's refusal (a 403, a 429)
 * never moves another key's calls off their sockets.
 */
export class RefusedUpgrades {
  private readonly byScope = new LRUCache<string, Refusal>({ max: MAX_SCOPES });

  /** The upgrade of `scope` failed with `cause` after its retries (or at once: such a 4xx). */
  remember(scope: string, cause: Error): void {
    const forMs = isRefusedForSockets(cause) ? NO_WEBSOCKET_MEMORY_MS : FAILING_UPGRADE_MEMORY_MS;
    this.byScope.set(scope, { cause: withoutResponse(cause), at: Date.now(), forMs });
  }

  /** A socket of `scope` opened: upgrades work again. */
  forget(scope: string): void {
    if (this.byScope.size > 0) this.byScope.delete(scope);
  }

  /**
   * Why a call of `scope` should not try a socket now (the remembered failure, said to be one),
   * or undefined.
   */
  recent(scope: string): Error | undefined {
    if (this.byScope.size === 0) return undefined;
    const refusal = this.byScope.get(scope);
    if (!refusal) return undefined;
    const age = Date.now() - refusal.at;
    if (age >= refusal.forMs) {
      this.byScope.delete(scope);
      return undefined;
    }
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    return new Error(
      `${refusal.cause.message} (an upgrade ${seconds(age)} ago; sockets are tried again ${seconds(refusal.forMs)} after it)`,
      { cause: refusal.cause },
    );
  }

  clear(): void {
    this.byScope.clear();
  }
}

/**
 * The failure a refusal is remembered by, without the refused upgrade's headers and body: a
 * gateway's error page is read up to 64 KB, and an entry stays until 1,000 later scopes push it
 * out (or its scope calls again), long after its minute. Later calls read only the message, which
 * the status alone makes; the call the upgrade failed for got the whole response.
 */
function withoutResponse(cause: Error): Error {
  if (!(cause instanceof ConnectionError) || cause.failure.kind !== 'rejected') return cause;
  return new ConnectionError({ kind: 'rejected', status: cause.failure.status });
}
