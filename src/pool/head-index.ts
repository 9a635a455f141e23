import type { Connection } from './connection';
import type { Lane } from './lane';
import type { OwnLane } from './pick-lane';

/**
 * Which lane's cache holds which chain head, so a continuation finds its lane in one lookup
 * however many sockets and lanes the pool has. Response ids are unique; the pool still checks
 * that the lane's socket belongs to the caller's scope.
 */
export class HeadIndex {
  private readonly byHead = new Map<string, OwnLane>();

  /** Heads indexed: at most one per lane of the pool's sockets. */
  get size(): number {
    return this.byHead.size;
  }

  get(headId: string | undefined): OwnLane | undefined {
    return headId === undefined ? undefined : this.byHead.get(headId);
  }

  /** The lane now holds `headId` (undefined: nothing), in place of the head it held. */
  set(lane: Lane, connection: Connection, headId: string | undefined): void {
    this.forgetLane(lane);
    // A socket that is gone holds nothing. A turn can end after the server closed its socket
    // (`forget` has run for it): an entry then would keep the dead socket reachable for good.
    lane.headId = connection.failure ? undefined : headId;
    if (lane.headId !== undefined) this.byHead.set(lane.headId, { connection, lane });
  }

  /** The socket is gone, and the server dropped every lane's cache with it. */
  forget(connection: Connection): void {
    for (const lane of connection.lanes) this.forgetLane(lane);
  }

  private forgetLane(lane: Lane): void {
    if (lane.headId !== undefined && this.byHead.get(lane.headId)?.lane === lane) {
      this.byHead.delete(lane.headId);
    }
  }
}
