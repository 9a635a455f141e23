import { APICallError, LoadAPIKeyError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocketConstructor } from '../../src/index';
import { callError, type MockSetup, startMock } from '../helpers/mock-provider';

// Every failure a call can meet reaches the caller as one of the AI SDK's typed errors: the
// audit of src/ behind this file found the socket layer passing plain errors through.

let mock: MockSetup | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await mock?.close();
  mock = undefined;
});

/** A constructor that fails the way a broken WebSocket implementation does: synchronously. */
const ThrowingWebSocket = class {
  constructor() {
    throw new TypeError('this runtime cannot open sockets');
  }
} as unknown as WebSocketConstructor;

describe('typed errors', () => {
  it('a WebSocket constructor that throws gives an APICallError carrying the original', async () => {
    mock = await startMock({ webSocket: ThrowingWebSocket, transport: 'websocket' });
    const error = await callError(mock);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toBe('this runtime cannot open sockets');
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.isRetryable).toBe(false);
    expect(mock.server.requests).toHaveLength(0);
  });

  it('no API key anywhere gives LoadAPIKeyError, before any socket opens', async () => {
    vi.stubEnv('OPENAI_API_KEY', undefined);
    mock = await startMock({ apiKey: undefined });
    const error = await callError(mock);
    expect(LoadAPIKeyError.isInstance(error)).toBe(true);
    // Thrown before any transport: no socket, and no HTTP request either ('auto').
    expect(mock.server.sockets().opened).toBe(0);
    expect(mock.server.requests).toHaveLength(0);
  });
});
