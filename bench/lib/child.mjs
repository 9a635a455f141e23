// A child process driven over IPC: the parent calls named commands, the child answers. Both the
// server process and every contender's client process are children of this kind, so that no
// process's CPU is ever mixed with another's.
import { fork } from 'node:child_process';

/**
 * Parent side: forks `file` and resolves once the child has sent `{ ready }` (with whatever
 * else it reported, e.g. its URLs).
 * @returns {Promise<{ info: any, pid: number, call(cmd: string, args?: any): Promise<any>, close(): Promise<void> }>}
 */
export async function forkChild(file, { env = {}, execArgv = [] } = {}) {
  const child = fork(file, [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map();
  let nextId = 1;
  let exited = false;
  const exit = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      exited = true;
      for (const call of pending.values()) {
        call.reject(new Error(`${file} exited (${signal ?? code}) during a call`));
      }
      pending.clear();
      resolveExit();
    }),
  );
  const info = await new Promise((resolveReady, rejectReady) => {
    exit.then(() => rejectReady(new Error(`${file} exited before it was ready`)));
    child.on('message', (message) => {
      if (message.ready) return resolveReady(message.info);
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error));
      else call?.resolve(message.result);
    });
  });
  const call = (cmd, args) =>
    new Promise((resolveCall, rejectCall) => {
      if (exited) return rejectCall(new Error(`${file} is gone`));
      const id = nextId++;
      pending.set(id, { resolve: resolveCall, reject: rejectCall });
      child.send({ id, cmd, args });
    });
  return {
    info,
    pid: child.pid,
    call,
    // The child exits by itself once it has closed its handles (a CPU profile is written then).
    close: async () => {
      if (!exited) await call('close').catch(() => {});
      await exit;
    },
  };
}

/**
 * Child side: answers the parent's calls with `handlers[cmd](args)`. `close` runs
 * `handlers.close` (if any), then lets the process exit.
 */
export function serveParent(handlers, info = {}) {
  process.on('message', async ({ id, cmd, args }) => {
    try {
      const handler = handlers[cmd];
      if (!handler && cmd !== 'close') throw new Error(`unknown command ${cmd}`);
      const result = handler ? await handler(args) : true;
      process.send({ id, result: result ?? null }, () => {
        if (cmd !== 'close') return;
        process.disconnect();
        // A handle left open would keep the process (and the bench) waiting: say so and go.
        setTimeout(() => {
          process.stderr.write(`[bench] ${process.argv[1]} still had open handles; exiting\n`);
          process.exit(0);
        }, 3000).unref();
      });
    } catch (error) {
      process.send({ id, error: String(error?.stack ?? error) });
    }
  });
  process.send({ ready: true, info });
}
