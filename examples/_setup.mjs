// Shared by the examples: a provider against OpenAI when OPENAI_API_KEY is set, otherwise
// against the package's bundled mock server on 127.0.0.1 (no key, no network).
import { createOpenAIWebSocket } from 'ai-sdk-openai-ws';
import { createMockResponsesServer, MOCK_API_KEY } from 'ai-sdk-openai-ws/testing';

export async function setup() {
  if (process.env.OPENAI_API_KEY) {
    const provider = createOpenAIWebSocket();
    console.log('Using OpenAI (OPENAI_API_KEY is set).');
    return {
      provider,
      modelId: process.env.OPENAI_MODEL ?? 'gpt-4.1-mini',
      mock: undefined,
      close: () => provider.close(),
    };
  }
  const mock = await createMockResponsesServer();
  const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: mock.url });
  console.log(`Using the bundled mock server at ${mock.url} (set OPENAI_API_KEY to use OpenAI).`);
  return {
    provider,
    modelId: 'gpt-4.1-mini',
    mock,
    close: async () => {
      await provider.close();
      await mock.close();
    },
  };
}

/** One line per step: how the call went over the wire. */
export function describeStep(index, providerMetadata) {
  const ws = providerMetadata?.openai?.websocket;
  if (!ws) return `step ${index}: (no websocket metadata)`;
  return `step ${index}: ${ws.transport} ${ws.inputMode.padEnd(5)} ${String(ws.requestBytes).padStart(6)} bytes  socketReused=${ws.socketReused} reason=${ws.reason}`;
}
