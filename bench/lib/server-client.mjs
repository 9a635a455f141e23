// Starts `server-process.mjs` in a child process and talks to it over IPC.
import { resolve } from 'node:path';
import { forkChild } from './child.mjs';

/**
 * @param {{ kind: 'mock' | 'paced', costModel?: object, profile?: 'loopback' | 'wan',
 *   wan?: object, certDir?: string, deltas?: number }} config
 * @returns {Promise<{ url: string, warmUrl?: string, directUrl?: string, wsUrl?: string,
 *   stats(): Promise<any>, reset(): Promise<void>, close(): Promise<void> }>}
 */
export async function startServer(config) {
  const child = await forkChild(resolve(import.meta.dirname, 'server-process.mjs'), {
    env: { BENCH_SERVER: JSON.stringify(config) },
  });
  return {
    ...child.info,
    stats: () => child.call('stats'),
    reset: () => child.call('reset'),
    close: () => child.close(),
  };
}
