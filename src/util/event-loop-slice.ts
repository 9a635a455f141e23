/**
 * Bursts of calls give the event loop its turns. An app that starts many calls at once (a
 * thousand conversations from one `Promise.all`, or a thousand streams ending in one read of the
 * event loop) would otherwise run the synchronous part of every call — converting the prompt,
 * planning, opening a socket — back to back in one turn, and every socket, timer and request of
 * the process would wait behind it: hundreds of milliseconds at 1,000 calls.
 *
 * A call asks `sliceRoom(call)` where a stretch of its synchronous work begins. Within the first
 * SLICE_MS of the current turn it goes on at once (undefined: nothing to wait for, not even a
 * microtask); after that it gets a promise that resolves in a later turn that has room. One call
 * per turn goes on even past the slice, at every check it makes in that turn: a lone call must
 * not wait behind work that is not its own (between two chat calls the AI SDK spends ~2 ms
 * finishing the last one, in the turn its response ended in), while a burst still moves on by
 * one call more per turn.
 */
// Measured at 1,000 conversations started at once (bench, scale section): 2 ms slices keep the
// client's event-loop delay p99 near 30 ms where 4 ms slices left it near 50, for a few per cent
// more CPU in that burst (more turns of the loop). Calls that start and responses that end share
// the slice (separate clocks for the two made 1–18 % of the crowd's continuations lose their lane
// with `lanes: 32`); the one call per turn that goes on past the slice is what spares a chat's
// next call its wait.
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

let sliceStartedAt: number | undefined;
/** A call that waited went on in this turn (so waiting calls never starve behind new ones). */
let waiterWentOn = false;
/** The call that went on past the used-up slice in this turn. */
let passHolder: object | undefined;

function endSlice(): void {
  sliceStartedAt = undefined;
  waiterWentOn = false;
  passHolder = undefined;
}

function turnHasRoom(): boolean {
  const now = performance.now();
  if (sliceStartedAt === undefined) {
    sliceStartedAt = now;
    nextTurn(endSlice);
    return true;
  }
  return now - sliceStartedAt < SLICE_MS;
}

async function untilRoom(): Promise<void> {
  for (;;) {
    await new Promise<void>((resolve) => nextTurn(resolve));
    const room = turnHasRoom();
    if (room || !waiterWentOn) {
      waiterWentOn = true;
      return;
    }
  }
}

/**
 * Undefined: go on now. A promise: this turn's slice is used up; it resolves when one has room.
 * `call` (any object that stands for the call) may take this turn's pass past the slice.
 */
export function sliceRoom(call?: object): Promise<void> | undefined {
  if (turnHasRoom()) return undefined;
  if (call !== undefined && (passHolder === undefined || passHolder === call)) {
    passHolder = call;
    return undefined;
  }
  return untilRoom();
}
