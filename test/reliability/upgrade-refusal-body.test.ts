import { createServer, type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';

/**
 * A refused upgrade gives the APICallError @ai-sdk/openai gives for the same refused POST: a
 * server answers both with the same bytes, and the two errors are compared field by field.
 */

type Refusal = { status: number; headers: string[]; body: string };

let server: Server | undefined;
const serverSockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of serverSockets) socket.destroy();
  serverSockets.clear();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** The raw HTTP response: identical for the POST and the upgrade, so are the headers. */
function rawResponse({ status, headers, body }: Refusal, contentLength = body.length): string {
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...headers];
  head.push(`Content-Length: ${contentLength}`, 'Connection: close');
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** A server that answers every POST and every upgrade with `answer(socket)`. */
async function startRefuser(answer: (socket: Socket) => void): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res.socket as Socket));
  });
  server.on('connection', (socket) => {
    serverSockets.add(socket);
    // Sockets are half-open here: the client's end of the connection ends the server's too.
    socket.on('end', () => socket.destroy());
    socket.on('close', () => serverSockets.delete(socket));
  });
  server.on('upgrade', (_req, socket) => answer(socket as Socket));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
}

const fields = (error: APICallError) => ({
  message: error.message,
  statusCode: error.statusCode,
  isRetryable: error.isRetryable,
  responseBody: error.responseBody,
  data: error.data,
  responseHeaders: error.responseHeaders,
});

async function bothErrors(refusal: Refusal): Promise<[APICallError, APICallError]> {
  const baseURL = await startRefuser((socket) => socket.end(rawResponse(refusal)));
  const fail = (model: Parameters<typeof generateText>[0]['model']) =>
    generateText({ model, prompt: 'hi', maxRetries: 0 }).catch((e) => e);
  const upstream = await fail(createOpenAI({ apiKey: 'sk-wrong', baseURL }).responses('gpt-x'));
  const provider = createOpenAIWebSocket({ apiKey: 'sk-wrong', baseURL, transport: 'websocket' });
  try {
    const error = await fail(provider('gpt-x'));
    expect(APICallError.isInstance(upstream)).toBe(true);
    expect(APICallError.isInstance(error)).toBe(true);
    return [upstream, error];
  } finally {
    await provider.close();
  }
}

const openaiError = (message: string, type: string, code: string | null) =>
  JSON.stringify({ error: { message, type, param: null, code } });

const refusals: [string, Refusal][] = [
  [
    '401 wrong key',
    {
      status: 401,
      headers: ['Content-Type: application/json', 'x-request-id: req_401'],
      body: openaiError(
        'Incorrect API key provided: sk-...rong. You can find your API key at https://platform.openai.com/account/api-keys.',
        'invalid_request_error',
        'invalid_api_key',
      ),
    },
  ],
  [
    '404 unknown model',
    {
      status: 404,
      headers: ['Content-Type: application/json', 'x-request-id: req_404'],
      body: openaiError(
        'The model `gpt-x` does not exist or you do not have access to it.',
        'invalid_request_error',
        'model_not_found',
      ),
    },
  ],
  [
    '429 rate limit',
    {
      status: 429,
      headers: ['Content-Type: application/json', 'retry-after: 0', 'x-request-id: req_429'],
      body: openaiError('Rate limit reached for requests.', 'requests', 'rate_limit_exceeded'),
    },
  ],
  [
    '500 server error',
    {
      status: 500,
      headers: ['Content-Type: application/json'],
      // Extra fields: @ai-sdk/openai's `data` keeps only those of its schema.
      body: JSON.stringify({
        error: { message: 'The server had an error.', type: 'server_error', extra: 1 },
        other: true,
      }),
    },
  ],
];

describe('a refused upgrade, compared with @ai-sdk/openai refused the same way over HTTP', () => {
  it.each(refusals)(
    '%s: the same message, status, retryability, body, data, headers',
    async (_, refusal) => {
      const [upstream, error] = await bothErrors(refusal);
      expect(fields(error)).toEqual(fields(upstream));
      expect(error.data).toBeDefined();
    },
  );

  it('a body that is not JSON: the same fields, but our message (the status text says less)', async () => {
    const refusal = { status: 401, headers: ['Content-Type: text/html'], body: '<h1>Nope</h1>' };
    const [upstream, error] = await bothErrors(refusal);
    expect({ ...fields(error), message: undefined }).toEqual({
      ...fields(upstream),
      message: undefined,
    });
    expect(error.responseBody).toBe('<h1>Nope</h1>');
    expect(error.data).toBeUndefined();
    expect(upstream.message).toBe('Unauthorized');
    expect(error.message).toMatch(/authentication failed/);
  });
});

describe('a refusal whose body never ends', () => {
  it('fails within the connect deadline with the part that came, and leaves no socket', async () => {
    const partial = '{"error":{"message":"Incorrect API key';
    const refusal = { status: 401, headers: ['Content-Type: application/json'], body: partial };
    // The head promises 1000 bytes; a few come, then nothing.
    const baseURL = await startRefuser((socket) => socket.write(rawResponse(refusal, 1000)));
    const provider = createOpenAIWebSocket({
      apiKey: 'sk-wrong',
      baseURL,
      transport: 'websocket',
      pool: { connectTimeoutMs: 300 },
    });
    try {
      const started = Date.now();
      const error = await generateText({
        model: provider('gpt-x'),
        prompt: 'hi',
        maxRetries: 0,
      }).catch((e) => e);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error).toMatchObject({ statusCode: 401, isRetryable: false, responseBody: partial });
      expect(error.data).toBeUndefined();
      // The client dropped the connection: the server sees its socket close.
      await expect.poll(() => serverSockets.size).toBe(0);
    } finally {
      await provider.close();
    }
  });
});
