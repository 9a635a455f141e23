/**
 * Bursts of calls give the event loop its turns. An app that starts many calls at once (a
 * thousand conversations from one `Promise.all`, or a thousand streams ending in one read of the
 * event loop) would otherwise run the synchronous part of every call — converting the prompt,
 * planning, opening a socket — back to back in one turn, and every socket, timer and request of
 * the process would wait behind it: hundreds of milliseconds at 1,000 calls.
 *
 * A call asks `sliceRoom()` where a stretch of its synchronous work begins (a response that
 * ends, `endingSliceRoom()`). Within the first SLICE_MS of that kind of work in the current turn
 * it goes on at once (undefined: nothing to wait for, not even a microtask); after that it gets a
 * promise that resolves in a later turn that has room.
 */
// Measured at 1,000 conversations started at once (bench, scale section): 2 ms slices keep the
// client's event-loop delay p99 near 30 ms where 4 ms slices left it near 50, for a few per cent
// more CPU in that burst (more turns of the loop).
const SLICE_MS = 2;

/**
 * `setImmediate` where Node.js has it: the next turn, after pending I/O. Elsewhere a zero timer.
 * Next.js's edge runtime defines a `setImmediate` that throws when called, so it is not asked.
 */
const nextTurn: (callback: () => void) => void =
  typeof (globalThis as { EdgeRuntime?: unknown }).EdgeRuntime !== 'string' &&
  typeof globalThis.setImmediate === 'function'
    ? (callback) => globalThis.setImmediate(callback)
    : (callback) => globalThis.setTimeout(callback, 0);

/**
 * One kind of work that comes in bursts, with its own slice of each turn: calls that start
 * (plan, pick a socket, send) and responses that end (record the chain head) keep separate
 * clocks. One clock for both let a response's end start the clock for the next call of its own
 * conversation: the app's and the AI SDK's work between the two (a few ms between one
 * `streamText` step and the next) used the slice up, and every call of a chat waited a turn
 * behind that work before it sent (measured: 1.7 ms on each call's time to first token).
 */
class TurnSlicer {
  private startedAt: number | undefined;
  /** A call that waited went on in this turn (so waiting calls never starve behind new ones). */
  private waiterWentOn = false;
  private readonly end = (): void => {
    this.startedAt = undefined;
    this.waiterWentOn = false;
  };

  /** Undefined: go on now. A promise: this turn's slice is used up; it resolves when one has room. */
  room(): Promise<void> | undefined {
    return this.hasRoom() ? undefined : this.untilRoom();
  }

  private hasRoom(): boolean {
    const now = performance.now();
    if (this.startedAt === undefined) {
      this.startedAt = now;
      nextTurn(this.end);
      return true;
    }
    return now - this.startedAt < SLICE_MS;
  }

  private async untilRoom(): Promise<void> {
    for (;;) {
      await new Promise<void>((resolve) => nextTurn(resolve));
      const room = this.hasRoom();
      if (room || !this.waiterWentOn) {
        this.waiterWentOn = true;
        return;
      }
    }
  }
}

const starting = new TurnSlicer();
const ending = new TurnSlicer();

/** Room for a stretch of a starting call's synchronous work (convert, plan, pick, send). */
export function sliceRoom(): Promise<void> | undefined {
  return starting.room();
}

/** Room for a stretch of an ending response's synchronous work (record its chain head). */
export function endingSliceRoom(): Promise<void> | undefined {
  return ending.room();
}
