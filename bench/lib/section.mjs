// Each section runs in its own child process (fresh heap, no JIT or pool state carried over,
// `--expose-gc` for memory figures). A section module calls `sectionMain(fn)`: it runs `fn` and
// sends the result to the parent over IPC.
import { fork } from 'node:child_process';

export function sectionMain(fn) {
  fn().then(
    (result) => process.send({ result }, () => process.disconnect()),
    (error) => process.send({ error: String(error?.stack ?? error) }, () => process.disconnect()),
  );
}

/** Runs a section file in a child process; resolves with what it reported. */
export function runSection(file, env = {}) {
  return new Promise((resolveRun, rejectRun) => {
    const child = fork(file, [], {
      execArgv: ['--expose-gc', ...profileArgs()],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let outcome;
    child.on('message', (message) => {
      outcome = message;
    });
    child.on('exit', (code) => {
      if (outcome?.result !== undefined) resolveRun(outcome.result);
      else rejectRun(new Error(outcome?.error ?? `section ${file} exited with code ${code}`));
    });
  });
}

export const sleep = (ms) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

export function progress(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

/** BENCH_CPU_PROF=<dir> writes a V8 CPU profile of every bench process there (for digging). */
export function profileArgs() {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}
