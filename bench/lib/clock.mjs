// The clocks every process of the benchmark reads. `hrMs` is the monotonic system clock
// (CLOCK_MONOTONIC on Linux): the same in every process, so a client's step times and the
// relay's byte log (server process) can be lined up, and so can V8's CPU-profile samples.
import { readFileSync } from 'node:fs';

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
