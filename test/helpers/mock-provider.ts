import { generateText, type ModelMessage, streamText } from 'ai';
import { createOpenAIWebSocket, type OpenAIWebSocketSettings } from '../../src/index';
import { resolvePoolSettings } from '../../src/pool/pool-settings';
import { sharedStateKey } from '../../src/shared-state-key';
import type { MockRequestRecord, MockResponsesServer, MockServerOptions } from '../../src/testing';
import { createMockResponsesServer, MOCK_API_KEY } from '../../src/testing';

export type MockSetup = {
  server: MockResponsesServer;
  provider: ReturnType<typeof createOpenAIWebSocket>;
  /**
   * The provider's entry in the registry of shared pools. Other entries may share the base URL:
   * another provider's on this server, or an earlier test's whose server had this port.
   */
  poolKey: string;
  /** Closes the provider's pool, then the server; asserts nothing is left open. */
  close(): Promise<void>;
};

/** A mock server and a root-entry provider pointed at it. */
export async function startMock(
  settings: OpenAIWebSocketSettings = {},
  serverOptions: MockServerOptions = {},
): Promise<MockSetup> {
  const server = await createMockResponsesServer(serverOptions);
  const provider = createOpenAIWebSocket({
    apiKey: MOCK_API_KEY,
    baseURL: server.url,
    ...settings,
  });
  return {
    server,
    provider,
    poolKey: sharedStateKey(
      settings.baseURL ?? server.url,
      resolvePoolSettings(settings.pool),
      settings.webSocket,
    ),
    async close() {
      await provider.close();
      await server.close();
    },
  };
}

/** One generateText call (no AI SDK retries) on the setup's provider. */
export function callResult(mock: MockSetup, prompt = 'hi') {
  return generateText({ model: mock.provider('gpt-4.1-mini'), prompt, maxRetries: 0 });
}

/** The error one generateText call (no AI SDK retries) fails with; fails if the call succeeds. */
export function callError(
  mock: MockSetup,
  prompt = 'hi',
): Promise<Error & { isRetryable?: boolean; statusCode?: number }> {
  return generateText({ model: mock.provider('gpt-4.1-mini'), prompt, maxRetries: 0 }).then(
    () => {
      throw new Error('expected the call to fail, and it succeeded');
    },
    (error: Error & { isRetryable?: boolean; statusCode?: number }) => error,
  );
}

/** The item types of a request's input, e.g. ['function_call_output']. */
export function inputTypes(record: MockRequestRecord): string[] {
  return record.input.map((item) => {
    const { type, role } = item as { type?: string; role?: string };
    return type ?? (role ? `message:${role}` : 'unknown');
  });
}

/** `providerMetadata.openai.websocket` of a step or result. */
export function wsMeta(providerMetadata: unknown) {
  return (providerMetadata as { openai: { websocket: Record<string, unknown> } }).openai.websocket;
}

/**
 * One completed turn ('Turn one') and the prompt of the next ('Turn two'): a call that would go
 * out as a delta on the reused socket.
 */
export async function afterOneTurn(mock: MockSetup, modelId = 'gpt-4.1-mini') {
  const model = mock.provider(modelId);
  const first = await generateText({ model, prompt: 'Turn one' });
  const messages: ModelMessage[] = [
    { role: 'user', content: 'Turn one' },
    ...first.responseMessages,
    { role: 'user', content: 'Turn two' },
  ];
  return { model, messages };
}

/**
 * Streams one call and closes the provider once its first text delta arrived: the errors the
 * stream reported (after the stream settled).
 */
export async function closeMidResponse(mock: MockSetup): Promise<unknown[]> {
  const errors: unknown[] = [];
  let midResponse: () => void = () => {};
  const firstDelta = new Promise<void>((resolve) => {
    midResponse = resolve;
  });
  const inFlight = streamText({
    model: mock.provider('gpt-4.1-mini'),
    prompt: 'a long answer here',
    onError: ({ error }) => void errors.push(error),
    onChunk: ({ chunk }) => {
      if (chunk.type === 'text-delta') midResponse();
    },
  });
  const finished = Promise.resolve(inFlight.text).catch(() => {});
  await firstDelta;
  await mock.provider.close();
  await finished;
  return errors;
}
