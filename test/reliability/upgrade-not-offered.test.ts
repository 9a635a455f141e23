import { APICallError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it } from 'vitest';
import { callError, callResult, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/**
 * A gateway or proxy that does not offer WebSocket mode answers the upgrade as it answers any
 * GET of the path (the Upgrade header stripped, or unknown to it): 404 or 405.
 */
describe('an upgrade answered as a path without WebSocket mode', () => {
  it.each([404, 405])(
    "HTTP %i → 'auto' sends the call over HTTP at once, no further upgrade",
    async (status) => {
      mock = await startMock();
      mock.server.fault({ type: 'reject-upgrade', status, count: 10 });
      const result = await callResult(mock);
      expect(result.text).toBe('Echo: hi');
      expect(wsMeta(result.providerMetadata)).toMatchObject({
        transport: 'http',
        reason: 'websocket-upgrade-failed',
        fallbackCause: `WebSocket upgrade rejected with HTTP ${status}`,
        retries: 0,
      });
      expect(mock.server.requests.map((r) => r.transport)).toEqual(['http']);
    },
  );

  it("HTTP 404 → 'websocket' fails at once, not retryable, nothing over HTTP", async () => {
    mock = await startMock({ transport: 'websocket' });
    mock.server.fault({ type: 'reject-upgrade', status: 404, count: 10 });
    const error = await callError(mock);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.statusCode).toBe(404);
    expect(error.isRetryable).toBe(false);
    expect(mock.server.requests).toHaveLength(0);
  });
});
