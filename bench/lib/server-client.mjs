// Starts `server-process.mjs` in a child process and talks to it over IPC.
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { profileArgs } from './section.mjs';

/**
 * @param {object} costModel the mock's cost model ({ latencyMs, perKbMs, storageLoadMs, perEventMs })
 * @returns {Promise<{ url: string, wsUrl: string, directUrl: string, stats(): Promise<any>, reset(): Promise<void>, close(): Promise<void> }>}
 */
export async function startServer(costModel) {
  const child = fork(resolve(import.meta.dirname, 'server-process.mjs'), [], {
    env: { ...process.env, BENCH_COST_MODEL: JSON.stringify(costModel) },
    execArgv: profileArgs(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map();
  let nextId = 1;
  const ready = new Promise((resolveReady, rejectReady) => {
    child.once('exit', (code) => rejectReady(new Error(`mock server exited (${code})`)));
    child.on('message', (message) => {
      if (message.ready) return resolveReady(message);
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error));
      else call?.resolve(message.result);
    });
  });
  const { url, wsUrl, directUrl } = await ready;
  const rpc = (cmd) =>
    new Promise((resolveCall, rejectCall) => {
      const id = nextId++;
      pending.set(id, { resolve: resolveCall, reject: rejectCall });
      child.send({ id, cmd });
    });
  return {
    url,
    wsUrl,
    directUrl,
    stats: () => rpc('stats'),
    reset: () => rpc('reset'),
    close: async () => {
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      await rpc('close');
      await exited;
    },
  };
}
