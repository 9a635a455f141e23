import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createMockResponsesServer, type MockResponsesServer } from '../../src/testing';
import { captureWarnings, type WarningCapture } from './capture-warnings';

/**
 * The mock server of one matrix suite, started once for the suite and reset before each test,
 * and the AI SDK's warnings captured meanwhile (ai@6/7 warn that they run the V2 entry in
 * compatibility mode: kept out of the output, and there to check). Read them from the returned
 * object inside hooks and tests.
 */
export function useMatrixServer(): {
  readonly server: MockResponsesServer;
  readonly warnings: WarningCapture;
} {
  let server: MockResponsesServer;
  let warnings: WarningCapture;
  beforeAll(async () => {
    server = await createMockResponsesServer();
    warnings = captureWarnings();
  });
  afterAll(async () => {
    warnings?.restore();
    await server?.close();
  });
  beforeEach(() => server.reset());
  return {
    get server() {
      return server;
    },
    get warnings() {
      return warnings;
    },
  };
}
