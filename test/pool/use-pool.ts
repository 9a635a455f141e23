import { afterEach } from 'vitest';
import type { AcquireRequest } from '../../src/pool/lease';
import { type PoolSettings, resolvePoolSettings } from '../../src/pool/pool-settings';
import { SessionPool } from '../../src/pool/session-pool';
import { type SocketServer, type SocketServerOptions, startSocketServer } from './socket-server';

/**
 * A SessionPool over a bare socket server, both closed after each test. `setup` starts them
 * (pings off, plus `defaults` and the test's own settings); `request` is an acquire request for
 * scope-a on that server.
 */
export function usePool(defaults: Partial<PoolSettings> = {}) {
  let server: SocketServer | undefined;
  let pool: SessionPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
    await server?.close();
    server = undefined;
  });
  const current = () => {
    if (!server) throw new Error('call setup() first');
    return server;
  };
  return {
    get server(): SocketServer {
      return current();
    },
    async setup(settings: Partial<PoolSettings> = {}, options: SocketServerOptions = {}) {
      server = await startSocketServer(options);
      pool = new SessionPool(resolvePoolSettings({ pingIntervalMs: 0, ...defaults, ...settings }));
      return pool;
    },
    /** Replaces the server (same pool): e.g. one that rejects every upgrade. */
    async restartServer(options: SocketServerOptions) {
      await server?.close();
      server = await startSocketServer(options);
    },
    request(overrides: Partial<AcquireRequest> = {}): AcquireRequest {
      return {
        scope: 'scope-a',
        url: current().url,
        headers: () => ({ Authorization: 'Bearer test-key' }),
        webSocket: undefined,
        maxPayload: 1024 * 1024,
        ...overrides,
      };
    },
  };
}
