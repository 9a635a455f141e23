import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sliceRoom } from '../../src/util/event-loop-slice';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// The slice is measured with performance.now(). These tests move that clock by hand: a real busy
// loop also lets real time pass between the awaits, and on a loaded machine the few microtasks
// after a wait took more than the whole 2 ms slice (CI failed once that way).
let now = 0;
const spend = (ms: number) => {
  now += ms;
};
beforeEach(() => {
  now = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('sliceRoom', () => {
  it('lets a call go on at once, without even a microtask, while the turn has room', async () => {
    await nextTurn();
    expect(sliceRoom()).toBeUndefined();
    spend(1.9);
    expect(sliceRoom()).toBeUndefined();
    spend(0.1);
    expect(sliceRoom()).toBeInstanceOf(Promise);
  });

  it('makes a call wait for a later turn once the slice is used up', async () => {
    await nextTurn();
    expect(sliceRoom()).toBeUndefined();
    spend(6);
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
    spend(2);
    expect(sliceRoom()).toBeInstanceOf(Promise);
  });

  it('lets one call per turn go on past a used-up slice, at every check it makes in that turn', async () => {
    await nextTurn();
    sliceRoom();
    spend(6); // work that is not a call's (the app's, the AI SDK's) used the slice up
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
    spend(6);
    expect(sliceRoom(other)).toBeUndefined();
    const loneWait = sliceRoom(lone);
    expect(loneWait).toBeInstanceOf(Promise);
    await loneWait;
  });

  it('spreads a burst over turns, and every waiting call gets through', async () => {
    await nextTurn();
    sliceRoom();
    spend(6);
    const turnsSeen = new Set<number>();
    let turn = 0;
    let counting = true;
    const countTurns = () => {
      turn++;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const calls = Array.from({ length: 20 }, async () => {
      const wait = sliceRoom();
      if (wait) await wait;
      turnsSeen.add(turn);
      spend(1); // each call's own synchronous work: two fit in one slice
    });
    await Promise.all(calls);
    counting = false;
    // 20 calls × 1 ms with 2 ms slices: two calls per turn, so ten turns of the loop.
    expect(turnsSeen.size).toBe(10);
  });

  it('lets a waiting call go on in the turn it wakes, even when other work used that slice up first', async () => {
    await nextTurn();
    sliceRoom();
    spend(6);
    // Other work that runs first in every turn and uses the whole slice: until the waiting call
    // went on, for five turns at most (the test ends only after it stopped).
    let hogTurns = 0;
    let waiterWentOn = false;
    let hogStopped!: () => void;
    const hogDone = new Promise<void>((resolve) => {
      hogStopped = resolve;
    });
    const hog = () => {
      if (waiterWentOn || hogTurns === 5) return hogStopped();
      hogTurns++;
      sliceRoom();
      spend(6);
      setImmediate(hog);
    };
    setImmediate(hog);
    const wait = sliceRoom();
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    waiterWentOn = true;
    const wentOnAfterHogTurns = hogTurns;
    await hogDone;
    // It woke in the first of those turns and went on there: waiting calls do not starve.
    expect(wentOnAfterHogTurns).toBe(1);
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
      spend(6); // use the slice up
      await edgeSliceRoom();
      expect(edgeSliceRoom()).toBeUndefined();
    } finally {
      globalThis.setImmediate = realSetImmediate;
      delete edge.EdgeRuntime;
      vi.resetModules();
    }
  });
});
