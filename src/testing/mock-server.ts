import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpHandler } from './http-endpoint';
import { MockEngine } from './mock-engine';
import type { Fault, MockResponsesServer, MockServerOptions, ScriptedOutput } from './types';
import { WebSocketEndpoint } from './websocket-endpoint';

/** The API key the mock accepts by default. */
export const MOCK_API_KEY = 'test-key';

/**
 * Start a local OpenAI Responses API server on `127.0.0.1` (ephemeral port) that speaks both
 * WebSocket mode (`ws://…/v1/responses`) and HTTP (`POST /v1/responses`, SSE or JSON), keeps
 * state like the real server (socket cache, store, `previous_response_id`), records every
 * request with the context it rebuilt, answers with a deterministic scripted model, and injects
 * faults on demand. See `README.md` next to this file.
 *
 * @example
 * const server = await createMockResponsesServer();
 * const provider = createOpenAIWebSocket({ baseURL: server.url, apiKey: MOCK_API_KEY });
 * server.enqueue({ text: 'Hello!' });
 * // … run the code under test …
 * expect(server.requests[0].duplicates).toEqual([]);
 * await server.close();
 */
export async function createMockResponsesServer(
  options: MockServerOptions = {},
): Promise<MockResponsesServer> {
  const apiKeys = new Set(options.apiKeys ?? [MOCK_API_KEY]);
  const engine = new MockEngine({ ...options.costModel }, options.fixturesDir ?? null);
  const webSockets = new WebSocketEndpoint(engine, apiKeys);
  const server = createServer(createHttpHandler(engine, apiKeys));
  server.on('upgrade', (req, socket, head) => webSockets.handleUpgrade(req, socket, head));

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    wsUrl: `ws://127.0.0.1:${port}/v1/responses`,
    requests: engine.records,
    enqueue: (...outputs: ScriptedOutput[]) => engine.enqueue(outputs),
    fault: (fault: Fault) => {
      if (fault.type === 'connection-limit-idle') {
        webSockets.scheduleIdleLimit(fault.afterMs ?? 0, fault.closeCode ?? 1000);
      } else {
        engine.faults.arm(fault);
      }
    },
    sockets: () => webSockets.counts(),
    closeAllSockets: (code = 1001) => webSockets.closeAll(code),
    reset: () => {
      engine.reset();
      webSockets.reset();
    },
    close: () => {
      closing ??= new Promise<void>((resolveClose) => {
        engine.shutdown();
        webSockets.close();
        server.close(() => resolveClose());
        // Keep-alive HTTP connections (fetch pools them) would hold `close` open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
