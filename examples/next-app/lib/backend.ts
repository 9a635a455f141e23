import { createOpenAIWebSocket, type OpenAIWebSocketProvider } from 'ai-sdk-openai-ws/v4';

/** Where the model calls of this app go. */
export type Backend = {
  provider: OpenAIWebSocketProvider;
  modelId: string;
  mode: 'openai' | 'mock';
};

// Kept on globalThis under a registered symbol: Next.js loads route handlers and server actions
// as separate module graphs (and reloads them in dev), and all of them must share one mock
// server. The provider's socket pool is shared the same way by the library itself.
const BACKEND = Symbol.for('ai-sdk-openai-ws.next-example.backend');
type Holder = { [BACKEND]?: Promise<Backend> };

/**
 * OpenAI when `OPENAI_API_KEY` is set. Otherwise the package's mock Responses server: the one at
 * `MOCK_BASE_URL` when given (the e2e test runs it in its own process to read its records), or
 * one started inside this Next.js server on first use, so `npm run dev` works with no key.
 */
export function getBackend(): Promise<Backend> {
  const holder = globalThis as Holder;
  holder[BACKEND] ??= createBackend().catch((error: unknown) => {
    // A failed start must not be cached forever: the next request tries again.
    delete holder[BACKEND];
    throw error;
  });
  return holder[BACKEND];
}

async function createBackend(): Promise<Backend> {
  if (process.env.OPENAI_API_KEY) {
    return {
      provider: createOpenAIWebSocket(),
      modelId: process.env.OPENAI_MODEL ?? 'gpt-4.1-mini',
      mode: 'openai',
    };
  }
  // Loaded only in mock mode, so a production build against OpenAI never starts a server.
  const { createMockResponsesServer, MOCK_API_KEY } = await import('ai-sdk-openai-ws/testing');
  let baseURL = process.env.MOCK_BASE_URL;
  if (!baseURL) {
    const server = await createMockResponsesServer();
    baseURL = server.url;
    console.log(`[next-example] no OPENAI_API_KEY: using the bundled mock server at ${baseURL}`);
  }
  return {
    provider: createOpenAIWebSocket({ baseURL, apiKey: MOCK_API_KEY }),
    modelId: 'gpt-4.1-mini',
    mode: 'mock',
  };
}
