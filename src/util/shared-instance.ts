// One registry per process, shared by every copy of this module (Next.js dev reloads and
// separate bundles load it more than once): sockets and chain heads survive a reload, and
// providers configured alike share one pool.
const REGISTRY = Symbol.for('ai-sdk-openai-ws.shared.v1');

/**
 * Entries kept beyond those in use. An app that makes configurations on the fly (a base URL per
 * tenant, a socket class per request) would otherwise add an entry, with its store of chain
 * heads, for each one it ever made.
 */
export const MAX_UNUSED_ENTRIES = 64;

type Registry = Map<string, unknown>;

/**
 * The process's instance under `key`, made by `create` the first time. The registry keeps its
 * entries in the order they were last asked for; past `MAX_UNUSED_ENTRIES` it forgets the least
 * recently asked for of those `inUse` says are not in use (a provider that holds one keeps using
 * it; only later providers of that configuration start afresh).
 */
export function sharedInstance<T>(
  key: string,
  create: () => T,
  inUse: (instance: unknown) => boolean,
): T {
  const holder = globalThis as { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= new Map();
  const registry = holder[REGISTRY];
  const instance = registry.has(key) ? registry.get(key) : create();
  // Re-inserted: the Map's order is the order of last use.
  registry.delete(key);
  registry.set(key, instance);
  if (registry.size > MAX_UNUSED_ENTRIES) forgetUnused(registry, key, inUse);
  return instance as T;
}

function forgetUnused(registry: Registry, keep: string, inUse: (instance: unknown) => boolean) {
  let unused = 0;
  for (const instance of registry.values()) if (!inUse(instance)) unused++;
  for (const [key, instance] of registry) {
    if (unused <= MAX_UNUSED_ENTRIES) return;
    if (key === keep || inUse(instance)) continue;
    registry.delete(key);
    unused--;
  }
}

/** Every entry of the registry (what `sharedInstance` made, in this copy of the module or another). */
export function sharedEntries(): Iterable<unknown> {
  return (globalThis as { [REGISTRY]?: Registry })[REGISTRY]?.values() ?? [];
}
