import { unrefTimer } from '../util/deadline';
import type { Connection } from './connection';
import type { PoolSettings } from './pool-settings';

/** The pool's sockets by credential scope. */
type Sockets = ReadonlyMap<string, Set<Connection>>;

/** Open sockets with no lane handed out, least recently used first. */
function idleSockets(sockets: Sockets): Connection[] {
  const idle: Connection[] = [];
  for (const set of sockets.values()) for (const c of set) if (!c.busy && c.usable) idle.push(c);
  return idle.sort((a, b) => a.lastUsedAt - b.lastUsedAt);
}

/** Makes room for a socket of another scope: the least recently used idle socket goes. */
export function evictLeastRecentIdle(sockets: Sockets): void {
  idleSockets(sockets)[0]?.close('evicted (pool full)');
}

/** How many open sockets have no lane handed out (no sorting). */
export function countIdle(sockets: Sockets): number {
  let idle = 0;
  for (const set of sockets.values()) for (const c of set) if (!c.busy && c.usable) idle++;
  return idle;
}

/** Sockets with and without a lane handed out, and the lanes handed out on all of them. */
export function countSockets(sockets: Sockets): { idle: number; busy: number; inFlight: number } {
  let idle = 0;
  let busy = 0;
  let inFlight = 0;
  for (const set of sockets.values()) {
    for (const c of set) {
      c.busy ? busy++ : idle++;
      inFlight += c.inFlight;
    }
  }
  return { idle, busy, inFlight };
}

/**
 * Whether a socket (open or opening, of any scope, not older than `oldest`) has a free lane and
 * room for one more response: some waiting call may be able to take it.
 */
export function hasFreeLane(sockets: Sockets, maxInFlight: number, oldest: number): boolean {
  for (const set of sockets.values()) {
    for (const c of set) {
      if (c.failure || c.inFlight >= maxInFlight || c.openedAt <= oldest) continue;
      if (c.lanes.some((lane) => lane.free)) return true;
    }
  }
  return false;
}

/** Beyond `maxIdleSockets` idle sockets, the least recently used ones go. */
export function trimIdle(sockets: Sockets, maxIdleSockets: number): void {
  // Sorting happens only when there is something to evict.
  if (countIdle(sockets) <= maxIdleSockets) return;
  const idle = idleSockets(sockets);
  for (const c of idle.slice(0, idle.length - maxIdleSockets)) {
    c.close('evicted (too many idle sockets)');
  }
}

/** When the sockets were last used, if there are some and none has a lane handed out. */
export function lastUseOfIdlePool(sockets: Sockets): number | undefined {
  let last: number | undefined;
  for (const set of sockets.values()) {
    for (const c of set) {
      if (c.busy) return undefined;
      last = Math.max(last ?? 0, c.lastUsedAt);
    }
  }
  return last;
}

/** Closes every socket with no lane handed out. */
export function closeIdleSockets(sockets: Sockets, reason: string): void {
  for (const set of sockets.values()) for (const c of set) if (!c.busy) c.close(reason);
}

/**
 * Closes idle sockets on a timer that runs while the pool has sockets and stops with the last
 * one: a pool nobody uses any more (a provider configuration an app stopped creating stays in
 * the shared registry) costs no timer and no wake-ups.
 */
export class IdleSweep {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly sockets: Sockets,
    private readonly settings: PoolSettings,
  ) {}

  /** A socket came or went: the first starts the sweep, the last stops it. */
  update(): void {
    if (this.sockets.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (this.timer !== undefined) return;
    const { sockets, settings } = this;
    const every = Math.max(50, Math.min(5_000, Math.floor(settings.idleTimeoutMs / 2)));
    this.timer = unrefTimer(setInterval(() => sweepIdle(sockets, settings), every));
  }
}

/** Idle sockets unused for `idleTimeoutMs`, or past `maxSocketAgeMs`, close. */
function sweepIdle(sockets: Sockets, settings: PoolSettings): void {
  const now = Date.now();
  for (const c of idleSockets(sockets)) {
    if (now - c.lastUsedAt >= settings.idleTimeoutMs) c.close('idle timeout');
    else if (now - c.openedAt >= settings.maxSocketAgeMs) c.close('socket age limit');
  }
}
