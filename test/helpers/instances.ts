import {
  type ModelMessage,
  parseJsonEventStream,
  readUIMessageStream,
  type UIMessage,
  uiMessageChunkSchema,
} from 'ai';
import { afterEach, beforeEach } from 'vitest';
import type { OpenAIWebSocketSettings } from '../../src/settings';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockRequestRecord,
  type MockResponsesServer,
  type MockServerOptions,
} from '../../src/testing';
import { createOpenAIWebSocket } from '../../src/v4';

/** A second key the mock accepts: another account, as far as the provider can tell. */
export const OTHER_API_KEY = 'other-test-key';

export type Instance = ReturnType<typeof createOpenAIWebSocket>;

/**
 * One mock server and "instances" of an app in this process: providers whose pools and chain
 * heads are their own (a distinct pool setting keys a distinct shared registry entry), so what
 * one instance remembers the others do not — as in separate processes, without their start-up
 * cost. test/acceptance/multi-instance.test.ts runs real processes.
 */
export async function startInstances(options: MockServerOptions = {}) {
  const server: MockResponsesServer = await createMockResponsesServer({
    apiKeys: [MOCK_API_KEY, OTHER_API_KEY],
    ...options,
  });
  const providers: Instance[] = [];
  let count = 0;
  return {
    server,
    /** A fresh instance (new pool, no chain heads). */
    instance(settings: OpenAIWebSocketSettings = {}): Instance {
      count += 1;
      const provider = createOpenAIWebSocket({
        baseURL: server.url,
        apiKey: MOCK_API_KEY,
        ...settings,
        pool: { maxSockets: 100 + count, ...settings.pool },
      });
      providers.push(provider);
      return provider;
    },
    async close() {
      for (const provider of providers) await provider.close();
      await server.close();
    },
  };
}

type Instances = Awaited<ReturnType<typeof startInstances>>;

/**
 * `startInstances()` before each test and closed after it. `restart(options)` replaces the
 * server (a cost model, say) for one test.
 */
export function useInstances() {
  let current: Instances | undefined;
  const get = () => {
    if (!current) throw new Error('no instances outside a test');
    return current;
  };
  beforeEach(async () => {
    current = await startInstances();
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get server() {
      return get().server;
    },
    instance: (settings?: OpenAIWebSocketSettings) => get().instance(settings),
    records: () => get().server.requests,
    last: () => get().server.requests[get().server.requests.length - 1],
    async restart(options: MockServerOptions) {
      await current?.close();
      current = await startInstances(options);
    },
  };
}

/** `providerMetadata.openai` of every part of the messages that carries it. */
export function partMetadata(messages: ModelMessage[]): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) {
      const openai = (part as { providerOptions?: { openai?: Record<string, unknown> } })
        .providerOptions?.openai;
      if (openai) found.push(openai);
    }
  }
  return found;
}

/** The texts of the user messages a request's model ran on (its whole rebuilt context). */
export function userTexts(record: MockRequestRecord): string[] {
  const texts: string[] = [];
  for (const item of record.context as Array<{ role?: string; content?: unknown }>) {
    if (item.role !== 'user') continue;
    if (typeof item.content === 'string') texts.push(item.content);
    else for (const part of item.content as Array<{ text?: string }>) texts.push(part.text ?? '');
  }
  return texts;
}

/** The text of each message item of a record's context (user and assistant), in order. */
export function contextTexts(record: MockRequestRecord): string[] {
  const texts: string[] = [];
  for (const item of record.context as Array<{ type?: string; role?: string; content?: unknown }>) {
    if (item.role === undefined && item.type !== 'message') continue;
    const content = item.content;
    if (typeof content === 'string') texts.push(content);
    else if (Array.isArray(content))
      texts.push(content.map((c) => (c as { text?: string }).text ?? '').join(''));
  }
  return texts;
}

/**
 * The assistant UI message a client builds from a route's `toUIMessageStreamResponse()`, as
 * useChat does: the SSE body parsed into UI message chunks, the chunks folded into a message.
 */
export async function readUIResponse(response: Response): Promise<UIMessage> {
  if (!response.body) throw new Error('the route answered without a body');
  const chunks = parseJsonEventStream({ stream: response.body, schema: uiMessageChunkSchema });
  const stream = chunks.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        if (!chunk.success) throw chunk.error;
        controller.enqueue(chunk.value);
      },
    }),
  );
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({ stream })) last = message;
  if (!last) throw new Error('the route streamed no message');
  return last;
}
