import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { MOCK_API_KEY } from '../../src/testing';

/** A server that answers every POST with a 200 of this content type and body. */
async function answering(type: string, body: string) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': type, 'x-request-id': 'req_portal' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const provider = createOpenAIWebSocket({
    apiKey: MOCK_API_KEY,
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    webSocket: null,
  });
  return {
    provider,
    async close() {
      await provider.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const bodies = [
  ['text/html', '<html><body>Sign in to the network</body></html>'],
  ['application/json', JSON.stringify({ id: 'resp_1', object: 'response', output: [] })],
];

describe('the HTTP fallback answered with a 200 that is not an event stream', () => {
  it.each(bodies)(
    '%s: a thrown, non-retryable APICallError with the body, not an empty answer',
    async (type, body) => {
      const setup = await answering(type, body);
      try {
        for (const call of [
          () =>
            generateText({ model: setup.provider('gpt-4.1-mini'), prompt: 'hi', maxRetries: 0 }),
          async () => {
            const errors: unknown[] = [];
            const result = streamText({
              model: setup.provider('gpt-4.1-mini'),
              prompt: 'hi',
              maxRetries: 0,
              onError: ({ error }) => void errors.push(error),
            });
            await result.consumeStream();
            if (errors.length > 0) throw errors[0];
            return result.text;
          },
        ]) {
          const error = await call().catch((e) => e);
          expect(APICallError.isInstance(error)).toBe(true);
          expect(error.message).toContain(
            `expected an event stream (text/event-stream) and got a 200 response of type ${type}`,
          );
          expect(error).toMatchObject({ statusCode: 200, isRetryable: false, responseBody: body });
          expect(error.responseHeaders).toMatchObject({ 'x-request-id': 'req_portal' });
        }
      } finally {
        await setup.close();
      }
    },
  );
});
