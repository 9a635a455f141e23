import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createMockResponsesServer,
  type MockResponsesServer,
  type MockServerOptions,
} from '../../src/testing';
import { connect, type RawClient } from './raw-client';

/**
 * One mock server per test file, reset after every test; `open()` connects a raw client that is
 * closed after the test.
 */
export function useMockServer(options?: MockServerOptions): {
  readonly server: MockResponsesServer;
  open: () => Promise<RawClient>;
} {
  let server: MockResponsesServer | undefined;
  const clients: RawClient[] = [];
  beforeAll(async () => {
    server = await createMockResponsesServer(options);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    server?.reset();
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('useMockServer: the server starts in beforeAll');
      return server;
    },
    open: async () => {
      const client = await connect(server!.wsUrl);
      clients.push(client);
      return client;
    },
  };
}
