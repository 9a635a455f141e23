/**
 * Most pools of the shared registry that keep idle sockets while no call uses them. An app that
 * makes a provider configuration per request (a `webSocket` class or a base URL made in the
 * handler) gets a registry entry per request, and each kept its idle socket (and the chain heads
 * it served) until `idleTimeoutMs`: 10,000 requests in five minutes, 10,000 open sockets.
 */
export const MAX_IDLE_POOLS = 64;

/** What a pool of any copy of this module offers for this (checked by shape, not by class). */
type IdlePool = { idleSince(): number | undefined; closeIdle(): void };

function idlePoolOf(entry: unknown): IdlePool | undefined {
  const pool = (entry as { pool?: Partial<IdlePool> } | undefined)?.pool;
  return typeof pool?.idleSince === 'function' && typeof pool.closeIdle === 'function'
    ? (pool as IdlePool)
    : undefined;
}

/**
 * Past `MAX_IDLE_POOLS` idle pools among `entries`, the least recently used ones close their
 * sockets (their providers go on working, on new sockets). `keep`, the entry about to be used,
 * keeps its own. By last use rather than by when an entry was asked for: a long-lived provider
 * asks once and uses its pool for days.
 */
export function closeLeastRecentIdlePools(entries: Iterable<unknown>, keep: unknown): void {
  const idle: { pool: IdlePool; since: number }[] = [];
  for (const entry of entries) {
    const pool = entry === keep ? undefined : idlePoolOf(entry);
    const since = pool?.idleSince();
    if (pool && since !== undefined) idle.push({ pool, since });
  }
  if (idle.length <= MAX_IDLE_POOLS) return;
  idle.sort((a, b) => a.since - b.since);
  for (const { pool } of idle.slice(0, idle.length - MAX_IDLE_POOLS)) pool.closeIdle();
}
