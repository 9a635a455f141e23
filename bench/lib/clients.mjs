// Parent side of the contenders' client processes: one process per contender and run, so that
// no contender's streams, timers or garbage slow another's, and each one's process CPU is its own.
import { resolve } from 'node:path';
import { forkChild } from './child.mjs';

const ENTRY = resolve(import.meta.dirname, 'client-process.mjs');

/**
 * @param {{ section: string, profileDir: string | null, clientEnv: object }} ctx
 * @param {{ contender: string, run: number, instance?: number }} who `instance` numbers the
 *   processes of a contender that runs in several at once (the multi-instance section)
 */
export async function spawnClient(ctx, { contender, run, instance }) {
  const name = `${ctx.section}.${contender}.run${run}${instance === undefined ? '' : `.i${instance}`}`;
  // --expose-gc only lets the scale section take exact memory snapshots after its timed window;
  // no section forces a GC while it measures.
  const execArgv = [
    '--expose-gc',
    ...(ctx.profileDir
      ? [
          '--cpu-prof',
          `--cpu-prof-dir=${ctx.profileDir}`,
          `--cpu-prof-name=${name}.cpuprofile`,
          // 100 µs instead of 1 ms: a step costs a few ms, a sample per ms would say little.
          '--cpu-prof-interval=100',
        ]
      : []),
  ];
  const child = await forkChild(ENTRY, { env: ctx.clientEnv, execArgv });
  return {
    run: (module, fn, args) => child.call('run', { module, fn, args }),
    close: () => child.close(),
    profileFile: ctx.profileDir ? resolve(ctx.profileDir, `${name}.cpuprofile`) : null,
  };
}
