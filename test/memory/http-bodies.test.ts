import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';

/*
 * The HTTP fallback's body once its response has ended. The turn is over at the terminal event,
 * and the stream the caller reads ends there; the body must not outlive it. A server or gateway
 * that keeps the event stream open after the terminal event (a proxy that holds the connection,
 * keep-alive comments) would otherwise keep the request, and its connection, open for good:
 * nothing reads the body any more, and nothing cancels it.
 */

type HeldOpen = {
  url: string;
  /** Responses whose connection the client has closed, of all the responses held open. */
  closedByClient(): number;
  held(): number;
  close(): Promise<void>;
};

/** In front of the mock: passes every event through, but never ends a response. */
async function holdingResponsesOpen(mock: MockResponsesServer): Promise<HeldOpen> {
  const target = new URL(mock.url);
  const responses: ServerResponse[] = [];
  let closed = 0;
  const server = createServer((req, res) => {
    responses.push(res);
    res.on('close', () => closed++);
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('data', (chunk: Buffer) => res.write(chunk));
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    closedByClient: () => closed,
    held: () => responses.length,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let mock: MockResponsesServer | undefined;
let proxy: HeldOpen | undefined;
afterEach(async () => {
  await proxy?.close();
  await mock?.close();
  proxy = undefined;
  mock = undefined;
});

describe('an HTTP fallback body left open after its terminal event', () => {
  it('generateText and streamText: each body is cancelled once its turn has ended', async () => {
    mock = await createMockResponsesServer();
    proxy = await holdingResponsesOpen(mock);
    const provider = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: proxy.url,
      webSocket: null,
    });
    const model = provider('gpt-4.1-mini');
    try {
      const generated = await generateText({ model, prompt: 'one', maxRetries: 0 });
      expect(generated.text).toBe('Echo: one');
      const streamed = streamText({ model, prompt: 'two', maxRetries: 0 });
      expect(await streamed.text).toBe('Echo: two');
      expect(proxy.held()).toBe(2);
      // The client closed both connections: nothing of either call is left open.
      await vi.waitFor(() => expect(proxy?.closedByClient()).toBe(2), { timeout: 2_000 });
    } finally {
      await provider.close();
    }
  });
});
