import { describe, expect, it, vi } from 'vitest';
import { sliceRoom } from '../../src/util/event-loop-slice';
import { busyFor } from '../helpers/busy-for';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('sliceRoom', () => {
  it('lets a call go on at once, without even a microtask, while the turn has room', async () => {
    await nextTurn();
    expect(sliceRoom()).toBeUndefined();
    expect(sliceRoom()).toBeUndefined();
  });

  it('makes a call wait for a later turn once the slice is used up', async () => {
    await nextTurn();
    expect(sliceRoom()).toBeUndefined();
    busyFor(6);
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const wait = sliceRoom();
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    // Work queued before the wait ran first: the call gave the event loop its turn.
    expect(otherWorkRan).toBe(true);
    // The new turn has room again.
    expect(sliceRoom()).toBeUndefined();
  });

  it('lets one call per turn go on past a used-up slice, at every check it makes in that turn', async () => {
    await nextTurn();
    sliceRoom();
    busyFor(6); // work that is not a call's (the app's, the AI SDK's) used the slice up
    const lone = {};
    const other = {};
    expect(sliceRoom(lone)).toBeUndefined();
    expect(sliceRoom(lone)).toBeUndefined(); // its next check in the same turn
    // The pass is taken: another call, and work that names no call, wait for a later turn.
    const otherWait = sliceRoom(other);
    const anonymousWait = sliceRoom();
    expect(otherWait).toBeInstanceOf(Promise);
    expect(anonymousWait).toBeInstanceOf(Promise);
    await Promise.all([otherWait, anonymousWait]);
    // A new turn: the pass is free again.
    busyFor(6);
    expect(sliceRoom(other)).toBeUndefined();
    const loneWait = sliceRoom(lone);
    expect(loneWait).toBeInstanceOf(Promise);
    await loneWait;
  });

  it('spreads a burst over turns, and every waiting call gets through', async () => {
    await nextTurn();
    sliceRoom();
    busyFor(6);
    const turnsSeen = new Set<number>();
    let turn = 0;
    const ticker = setInterval(() => turn++, 0);
    const calls = Array.from({ length: 20 }, async () => {
      const wait = sliceRoom();
      if (wait) await wait;
      turnsSeen.add(turn);
      busyFor(1); // each call's own synchronous work: about two fit in one slice
    });
    await Promise.all(calls);
    clearInterval(ticker);
    // 20 calls × 1 ms with 2 ms slices: spread over several turns of the loop (timers ran between).
    expect(turnsSeen.size).toBeGreaterThan(3);
  });

  it("never calls the edge runtime's setImmediate (it throws there): a zero timer instead", async () => {
    const realSetImmediate = globalThis.setImmediate;
    const edge = globalThis as { EdgeRuntime?: string };
    edge.EdgeRuntime = 'edge-runtime';
    globalThis.setImmediate = (() => {
      throw new Error('A Node.js API is used (setImmediate)');
    }) as unknown as typeof setImmediate;
    try {
      vi.resetModules();
      const { sliceRoom: edgeSliceRoom } = await import('../../src/util/event-loop-slice');
      expect(edgeSliceRoom()).toBeUndefined();
      busyFor(6); // use the slice up
      await edgeSliceRoom();
      expect(edgeSliceRoom()).toBeUndefined();
    } finally {
      globalThis.setImmediate = realSetImmediate;
      delete edge.EdgeRuntime;
      vi.resetModules();
    }
  });
});
