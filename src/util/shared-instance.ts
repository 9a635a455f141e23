// One registry per process, shared by every copy of this module (Next.js dev reloads and
// separate bundles load it more than once): sockets and chain heads survive a reload, and
// providers configured alike share one pool.
const REGISTRY = Symbol.for('ai-sdk-openai-ws.shared.v1');

type Registry = Map<string, unknown>;

export function sharedInstance<T>(key: string, create: () => T): T {
  const holder = globalThis as { [REGISTRY]?: Registry };
  holder[REGISTRY] ??= new Map();
  const registry = holder[REGISTRY];
  if (!registry.has(key)) registry.set(key, create());
  return registry.get(key) as T;
}
