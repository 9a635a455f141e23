// Bytes on the wire per step: the relay logs every client→server chunk with the time it
// arrived, the client logs when each step started, both on the same monotonic clock (`hrMs`).
// A chunk belongs to the last step that had started by then; anything before the first step
// (a socket opened ahead of it) belongs to the first step.

/**
 * @param {Array<[number, number]>} uploads [hrtime ms, bytes] in arrival order
 * @param {number[]} stepStarts hrtime ms at which each step started, ascending
 * @param {number} toleranceMs how much earlier than a step's start a chunk may be logged and
 *   still count for it (the two processes read the clock at slightly different moments)
 */
export function bytesPerStep(uploads, stepStarts, toleranceMs = 1) {
  const out = stepStarts.map(() => 0);
  let step = 0;
  for (const [at, bytes] of [...uploads].sort((a, b) => a[0] - b[0])) {
    while (step + 1 < stepStarts.length && stepStarts[step + 1] <= at + toleranceMs) step++;
    out[step] += bytes;
  }
  return out;
}
