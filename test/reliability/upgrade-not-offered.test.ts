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
 * GET of the path (the Upgrade header stripped, or unknown to it): 404 or 405. Another 4xx but
 * 401 (a 400 or a 407 for the upgrade alone) may not hold for a POST either: 'auto' tries it.
 */
describe('an upgrade answered as a path without WebSocket mode', () => {
  it.each([400, 404, 405, 407, 422])(
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

  it.each([400, 404])(
    "HTTP %i → 'websocket' fails at once, not retryable, nothing over HTTP",
    async (status) => {
      mock = await startMock({ transport: 'websocket' });
      mock.server.fault({ type: 'reject-upgrade', status, count: 10 });
      const error = await callError(mock);
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error.statusCode).toBe(status);
      expect(error.isRetryable).toBe(false);
      expect(mock.server.requests).toHaveLength(0);
    },
  );
});
