import { describe, expect, it, vi } from 'vitest';
import { endingSliceRoom, sliceRoom } from '../../src/util/event-loop-slice';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Keeps the thread busy for `ms`, as a burst of synchronous call preparation would. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}

/**
 * 20 asks of one kind after the slice was used up, each followed by 1 ms of its own synchronous
 * work (about two fit in one slice): in how many turns of the loop they went on.
 */
async function turnsOfBurst(ask: () => Promise<void> | undefined): Promise<number> {
  await nextTurn();
  ask();
  busyFor(6);
  const turnsSeen = new Set<number>();
  let turn = 0;
  const ticker = setInterval(() => turn++, 0);
  const calls = Array.from({ length: 20 }, async () => {
    const wait = ask();
    if (wait) await wait;
    turnsSeen.add(turn);
    busyFor(1);
  });
  await Promise.all(calls);
  clearInterval(ticker);
  return turnsSeen.size;
}

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

  it("keeps a response's end and the next call's start on separate clocks", async () => {
    await nextTurn();
    // A response ends and records its head; then the app (the AI SDK between two steps) works
    // for longer than a slice in the same turn before the next call starts.
    expect(endingSliceRoom()).toBeUndefined();
    busyFor(6);
    // The next call goes on at once: the time went to the app, not to starting calls.
    expect(sliceRoom()).toBeUndefined();
    expect(sliceRoom()).toBeUndefined();
    // Responses that end in the same turn still share their own slice, which is used up.
    const wait = endingSliceRoom();
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    expect(endingSliceRoom()).toBeUndefined();
  });

  it('spreads a burst over turns (timers run between), and every waiting call gets through', async () => {
    expect(await turnsOfBurst(sliceRoom)).toBeGreaterThan(3);
  });

  it('spreads a burst of ending responses over turns as well', async () => {
    expect(await turnsOfBurst(endingSliceRoom)).toBeGreaterThan(3);
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
      const until = performance.now() + 6;
      while (performance.now() < until) {
        // use the slice up
      }
      await edgeSliceRoom();
      expect(edgeSliceRoom()).toBeUndefined();
    } finally {
      globalThis.setImmediate = realSetImmediate;
      delete edge.EdgeRuntime;
      vi.resetModules();
    }
  });
});
