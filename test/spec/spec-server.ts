import { afterEach } from 'vitest';
import type { OpenAIWebSocketSettings } from '../../src/settings';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';

type Entry<P> = { createOpenAIWebSocket(settings?: OpenAIWebSocketSettings): P };

/**
 * The adapters are tested as the AI SDK calls them: `doGenerate` / `doStream` of an entry's
 * model, over the real neutral model and the mock server. Closes what a test opened.
 */
export function useSpecServer() {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
  });
  return async <P extends { close(): Promise<void> }>(
    entry: Entry<P>,
    settings: OpenAIWebSocketSettings = {},
  ): Promise<{ server: MockResponsesServer; provider: P }> => {
    const server = await createMockResponsesServer();
    open.push(server);
    const provider = entry.createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: server.url,
      ...settings,
    });
    open.push(provider);
    return { server, provider };
  };
}

/** Every part of a stream. */
export async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

/** A recording that ends without a terminal event; over HTTP the body then simply ends. */
export const CUT_SHORT = 'openai-issue-8562-missing-reasoning-summary.1';

/** A recording that does not ship with the package (test fixtures only), by path. */
export const COMPACTION = new URL(
  '../fixtures/openai-recorded/openai-compaction.1.chunks.txt',
  import.meta.url,
).pathname;
