/** Keeps the thread busy for `ms`, as synchronous work (a burst of calls, the app's own) would. */
export function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin
  }
}
