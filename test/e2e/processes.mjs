// Child processes for the e2e test: one-shot commands with their output kept in a log file,
// and a long-running server in its own process group so that it can be stopped whole.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** Runs a command to completion; its output goes to `logFile`, whose tail is shown on failure. */
export async function run(command, args, { cwd, env = process.env, logFile, timeoutMs = 600_000 }) {
  const started = Date.now();
  const log = createWriteStream(logFile);
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode, signal) => resolve(exitCode ?? signal));
  }).finally(() => clearTimeout(timer));
  await new Promise((resolve) => log.end(resolve));
  if (code !== 0) {
    const tail = (await readFile(logFile, 'utf8')).split('\n').slice(-40).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (${code}) in ${cwd}:\n${tail}`);
  }
  return Date.now() - started;
}

/** Starts a long-running process; `stop()` ends its whole process group and waits for it. */
export function startProcess(command, args, { cwd, env, logFile }) {
  const log = createWriteStream(logFile);
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.on('close', resolve));
  let stopped = false;
  return {
    child,
    exited,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, 'SIGTERM');
        const forced = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
        await exited;
        clearTimeout(forced);
      }
      await new Promise((resolve) => log.end(resolve));
    },
  };
}

function killGroup(child, signal) {
  try {
    // Negative pid: the whole group (npm/next spawn workers of their own).
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Polls `url` until it answers with a status below 500, or fails after `timeoutMs`. */
export async function waitForHttp(url, { timeoutMs = 60_000, process: proc } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && proc.child.exitCode !== null)
      throw new Error(`server exited (${proc.child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** `timed(name, fn)` runs `fn` and records how long it took in `timings[name]` (ms). */
export function stopwatch() {
  const timings = {};
  const timed = async (name, fn) => {
    const started = Date.now();
    try {
      return await fn();
    } finally {
      timings[name] = Date.now() - started;
    }
  };
  return { timings, timed };
}
