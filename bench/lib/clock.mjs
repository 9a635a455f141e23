// The clocks every process of the benchmark reads. `hrMs` is the monotonic system clock
// (CLOCK_MONOTONIC on Linux): the same in every process, so a client's step times and the
// relay's byte log (server process) can be lined up, and so can V8's CPU-profile samples.
import { readdirSync, readFileSync } from 'node:fs';

export const hrMs = () => Number(process.hrtime.bigint()) / 1e6;

/** This process's CPU time (user + system), in µs. */
export function cpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * Read system calls this process made so far (Linux: `syscr` in /proc/self/io), or null where
 * that is not available. libuv reads a socket with one read() per readiness event, so the delta
 * over a stream tells how many socket reads its events took.
 */
export function readSyscalls() {
  try {
    const match = /syscr:\s*(\d+)/.exec(readFileSync('/proc/self/io', 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (µs) spent so far by this process's threads other than the main one: V8's garbage
 * collector and compiler threads, libuv's pool. Null where /proc is not there (not Linux).
 * `process.cpuUsage()` counts them too, so a step's CPU minus their share over the same window
 * is the main thread's. Read from `/proc/self/task/<tid>/schedstat` (nanoseconds): the kernel
 * brings a thread's figure up to date at each scheduler tick and when the thread is switched
 * out, so the figure of a thread running on another core at the moment of the read lags by up to
 * a tick (4 ms at HZ=250). Over one short window that can even exceed the process's CPU; over
 * many steps the lags at the two ends even out, and the report takes medians. The main thread,
 * always running while it reads, is never read this way. Costs a few file reads: call it
 * outside a measured window.
 */
export function otherThreadsMicros() {
  let tids;
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  let ns = 0;
  for (const tid of tids) {
    if (Number(tid) === process.pid) continue;
    try {
      const text = readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8');
      ns += Number(text.slice(0, text.indexOf(' ')));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1000;
}

/** Other threads' CPU (µs) since `start`, an `otherThreadsMicros()` reading; null where unknown. */
export function otherThreadsSince(start) {
  const now = otherThreadsMicros();
  return start === null || now === null ? null : now - start;
}
