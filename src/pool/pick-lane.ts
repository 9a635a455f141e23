import type { Connection } from './connection';
import type { Lane } from './lane';

/** A lane the pool may hand out; `forkFrom`: the busy lane of the same socket holding the head. */
export type LanePick = { connection: Connection; lane: Lane; forkFrom?: Lane };

/** The lane whose cache holds a call's chain head. */
export type OwnLane = { connection: Connection; lane: Lane };

/** Sockets a resend would rather not use: the one that failed it, those opened before a failure. */
export type SocketFilter = { avoid?: ReadonlySet<number>; freshSince?: number };

/**
 * The sockets of a scope a call may use that have room for one more response: not failed, not
 * in `avoid`, opened since `freshSince` (with lanes off none: a resend needs a new socket), and
 * younger than `maxSocketAgeMs` (an idle one past it is closed on the way).
 */
export function candidateSockets(
  set: ReadonlySet<Connection> | undefined,
  { avoid, freshSince }: SocketFilter,
  limits: { lanes: number; maxInFlight: number; maxSocketAgeMs: number },
): Connection[] {
  const sockets: Connection[] = [];
  if (!set || (freshSince !== undefined && limits.lanes === 0)) return sockets;
  const oldest = Date.now() - limits.maxSocketAgeMs;
  for (const c of set) {
    if (c.failure || avoid?.has(c.id) || c.inFlight >= limits.maxInFlight) continue;
    if (freshSince !== undefined && c.openedAt < freshSince) continue;
    if (c.openedAt <= oldest) {
      if (!c.busy) c.close('socket age limit');
      continue;
    }
    sockets.push(c);
  }
  return sockets;
}

/**
 * Which lane a call gets, in order (docs/architecture.md, "The pool"). `sockets` are the scope's
 * sockets this call may use that have room for one more response; `own` the lane holding the
 * call's chain head, when one does.
 *
 * - The own lane, when it is free: the call continues from the lane's cache.
 * - With lanes on and the own lane busy (a double submit): a lane of the same socket that holds
 *   no chain, to fork the head onto.
 * - A lane that holds no chain (lanes off: an idle socket that holds none), on the socket with
 *   the fewest responses in flight: a call never evicts another conversation's chain while one
 *   exists. The caller opens a new socket before it evicts one (`pickLeastRecentLane`; lanes
 *   off, while fewer than `maxIdleSockets` are idle): taking an idle socket that holds a chain
 *   costs that conversation its next continuation from the socket (a load from the store, or
 *   with `store: false` its whole history sent again), and conversations that take turns would
 *   keep taking each other's sockets.
 */
export function pickLane(
  sockets: readonly Connection[],
  own: OwnLane | undefined,
  multiplexed: boolean,
): LanePick | undefined {
  if (own && sockets.includes(own.connection)) {
    if (own.lane.free) return own;
    const empty = multiplexed && !own.lane.retired ? emptyLane(own.connection) : undefined;
    if (empty) return { connection: own.connection, lane: empty, forkFrom: own.lane };
  }
  let best: LanePick | undefined;
  for (const connection of sockets) {
    if (best && connection.inFlight >= best.connection.inFlight) continue;
    const lane = emptyLane(connection);
    if (lane) best = { connection, lane };
  }
  return best;
}

/** The free lane used least recently: its chain is the least likely to be continued. */
export function pickLeastRecentLane(sockets: readonly Connection[]): LanePick | undefined {
  let best: LanePick | undefined;
  for (const connection of sockets) {
    for (const lane of connection.lanes) {
      if (lane.free && (!best || lane.lastUsedAt < best.lane.lastUsedAt)) {
        best = { connection, lane };
      }
    }
  }
  return best;
}

/** Any free lane: one that holds no chain, else the least recently used chain's (lanes on). */
export function pickAnyLane(sockets: readonly Connection[]): LanePick | undefined {
  return pickLane(sockets, undefined, true) ?? pickLeastRecentLane(sockets);
}

/** A free lane that holds no chain (lanes are taken in order: `lane-1` first). */
function emptyLane(connection: Connection): Lane | undefined {
  for (const lane of connection.lanes) if (lane.free && lane.headId === undefined) return lane;
  return undefined;
}
