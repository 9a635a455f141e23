import type { PoolSettings } from './pool/pool-settings';
import type { WebSocketConstructor } from './pool/socket-handle';

/**
 * The registry key of a provider's shared state (util/shared-instance.ts): providers with the
 * same base URL, resolved pool settings and socket constructor share one pool and one store of
 * chain heads. Credentials are not part of it: the pool keeps their scopes apart itself.
 */
export function sharedStateKey(
  baseURL: string,
  poolSettings: PoolSettings,
  webSocket: WebSocketConstructor | null | undefined,
): string {
  return `${baseURL}\n${JSON.stringify(poolSettings)}\n${constructorId(webSocket)}`;
}

// Providers that open sockets with different constructors must not share a pool.
const constructorIds = new WeakMap<object, number>();
let constructorCount = 0;
function constructorId(webSocket: WebSocketConstructor | null | undefined): string {
  if (!webSocket) return String(webSocket);
  if (!constructorIds.has(webSocket)) constructorIds.set(webSocket, ++constructorCount);
  return `ctor-${constructorIds.get(webSocket)}`;
}
