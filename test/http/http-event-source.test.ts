import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpEventStream } from '../../src/http/http-event-source';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server;
let baseURL: string;
let handler: Handler = (_req, _body, res) => res.end();
const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const events = [
  {
    type: 'response.created',
    sequence_number: 0,
    response: { id: 'resp_1', created_at: 1, model: 'gpt-5' },
  },
  {
    type: 'response.output_text.delta',
    sequence_number: 1,
    item_id: 'msg_1',
    output_index: 0,
    delta: 'héllo',
  },
  { type: 'response.completed', sequence_number: 2, response: { id: 'resp_1', usage: null } },
];

function sse(res: ServerResponse, lines: string[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_123' });
  for (const line of lines) res.write(line);
  res.end();
}

function jsonError(status: number, error: Record<string, unknown>): Handler {
  return (_req, _body, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error }));
  };
}

async function readAll(stream: ReadableStream<unknown>): Promise<unknown[]> {
  const values: unknown[] = [];
  const reader = stream.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) return values;
    values.push(value);
  }
}

const body = { model: 'gpt-5', input: [{ role: 'user', content: 'héllo' }], stream: true };
const headers = {
  Authorization: 'Bearer sk-secret-test',
  'OpenAI-Project': 'proj_1',
  'X-Unset': undefined,
};

async function expectRejection(promise: Promise<unknown>): Promise<APICallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(APICallError.isInstance(error)).toBe(true);
  return error as APICallError;
}

describe('openHttpEventStream', () => {
  it('POSTs the body and yields the parsed events, response headers and request size', async () => {
    handler = (_req, _body, res) =>
      // Split frames, a comment line and [DONE] exercise the SSE parser.
      sse(res, [
        ': keepalive\n\n',
        `data: ${JSON.stringify(events[0])}\n\n`,
        `event: response.output_text.delta\ndata: ${JSON.stringify(events[1]).slice(0, 20)}`,
        `${JSON.stringify(events[1]).slice(20)}\n\n`,
        `data: ${JSON.stringify(events[2])}\n\n`,
        'data: [DONE]\n\n',
      ]);
    received.length = 0;
    const result = await openHttpEventStream({ url: `${baseURL}/responses`, headers, body });
    expect(await readAll(result.events)).toEqual(events);
    expect(result.responseHeaders['x-request-id']).toBe('req_123');
    expect(result.requestBytes).toBe(Buffer.byteLength(JSON.stringify(body)));

    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0].body)).toEqual(body);
    expect(received[0].headers.authorization).toBe('Bearer sk-secret-test');
    expect(received[0].headers['openai-project']).toBe('proj_1');
    expect(received[0].headers['content-type']).toBe('application/json');
    expect(received[0].headers['x-unset']).toBeUndefined();
  });

  it('uses the fetch it is given', async () => {
    let calledWith: string | undefined;
    const fakeFetch: typeof fetch = async (input) => {
      calledWith = String(input);
      return new Response(`data: ${JSON.stringify(events[0])}\n\n`, {
        headers: { 'content-type': 'text/event-stream' },
      });
    };
    const result = await openHttpEventStream({
      url: 'http://api.test/v1/responses',
      headers: {},
      body,
      fetch: fakeFetch,
    });
    expect(await readAll(result.events)).toEqual([events[0]]);
    expect(calledWith).toBe('http://api.test/v1/responses');
  });

  it('401 → APICallError with the server message, not retryable, no key in it', async () => {
    handler = jsonError(401, {
      message: 'Incorrect API key provided: sk-secr***test.',
      type: 'invalid_request_error',
      param: null,
      code: 'invalid_api_key',
    });
    const error = await expectRejection(
      openHttpEventStream({ url: `${baseURL}/responses`, headers, body }),
    );
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toBe('Incorrect API key provided: sk-secr***test.');
    expect(error.data).toMatchObject({ error: { code: 'invalid_api_key' } });
    expect(JSON.stringify(error)).not.toContain('sk-secret-test');
  });

  it.each([
    [
      429,
      { message: 'Rate limit reached', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    ],
    [500, { message: 'The server had an error', type: 'server_error', param: null, code: null }],
    [503, { message: 'Overloaded', type: 'server_error', param: null, code: null }],
  ])('%i → retryable APICallError', async (status, error) => {
    handler = jsonError(status, error);
    const result = await expectRejection(
      openHttpEventStream({ url: `${baseURL}/responses`, headers, body }),
    );
    expect(result.statusCode).toBe(status);
    expect(result.isRetryable).toBe(true);
    expect(result.message).toBe(error.message);
  });

  it('400 with a body that is not the OpenAI shape still gives an APICallError', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('bad gateway thing');
    };
    const error = await expectRejection(
      openHttpEventStream({ url: `${baseURL}/responses`, headers, body }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.isRetryable).toBe(false);
    expect(error.responseBody).toBe('bad gateway thing');
  });

  it.each([307, 308, 302])(
    'a %i redirect is not followed: the prompt and the key never reach its target',
    async (status) => {
      handler = (req, _body, res) => {
        if (req.url?.startsWith('/elsewhere'))
          return sse(res, [`data: ${JSON.stringify(events[0])}\n\n`]);
        res.writeHead(status, { location: `${baseURL.replace('/v1', '')}/elsewhere/responses` });
        res.end();
      };
      received.length = 0;
      const error = await expectRejection(
        openHttpEventStream({ url: `${baseURL}/responses`, headers, body }),
      );
      expect(error.statusCode).toBe(status);
      expect(error.isRetryable).toBe(false);
      expect(error.message).toContain(`redirect (${status} to http://127.0.0.1:`);
      expect(error.message).toContain('not followed');
      expect(JSON.stringify(error)).not.toContain('sk-secret-test');
      expect(received).toHaveLength(1);
    },
  );

  it('errors the events stream at a line that is not JSON', async () => {
    handler = (_req, _body, res) =>
      sse(res, [`data: ${JSON.stringify(events[0])}\n\n`, 'data: {not json\n\n']);
    const result = await openHttpEventStream({ url: `${baseURL}/responses`, headers, body });
    const reader = result.events.getReader();
    expect((await reader.read()).value).toEqual(events[0]);
    await expect(reader.read()).rejects.toThrow();
  });

  it('takes events up to the size limit, however their lines end', async () => {
    const data = (event: object) => `data: ${JSON.stringify(event)}`;
    // Each event's bytes and its first line ending (CRLF: both bytes) count, not the blank line.
    const longest = Math.max(...events.map((event) => Buffer.byteLength(data(event)) + 2));
    handler = (_req, _body, res) =>
      sse(res, [
        `${data(events[0])}\r\r`,
        `${data(events[1])}\r\n\r\n`,
        `${data(events[2]).slice(0, 10)}`,
        `${data(events[2]).slice(10)}\n\n`,
      ]);
    const result = await openHttpEventStream({
      url: `${baseURL}/responses`,
      headers,
      body,
      maxEventBytes: longest,
    });
    expect(await readAll(result.events)).toEqual(events);
  });

  it('errors the events stream at an event over the size limit, and drops the response', async () => {
    let closed!: Promise<void>;
    handler = (_req, _body, res) => {
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(events[0])}\n\n`);
      // An event that never ends: its bytes keep coming, no blank line follows.
      res.write(`data: "${'x'.repeat(300)}`);
      const timer = setInterval(() => res.write('x'.repeat(100)), 5);
      res.on('close', () => clearInterval(timer));
    };
    const result = await openHttpEventStream({
      url: `${baseURL}/responses`,
      headers,
      body,
      maxEventBytes: 1_000,
    });
    const reader = result.events.getReader();
    expect((await reader.read()).value).toEqual(events[0]);
    const error = await reader.read().then(
      () => new Error('expected the read to fail'),
      (reason: unknown) => reason as Error,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error.cause as Error).message).toBe(
      'A server-sent event exceeded the limit of 1000 bytes.',
    );
    await closed;
  });

  it('abort before the response rejects the call', async () => {
    const controller = new AbortController();
    // The request arrived and is never answered: the abort must not wait for an answer.
    handler = () => controller.abort();
    const pending = openHttpEventStream({
      url: `${baseURL}/responses`,
      headers,
      body,
      abortSignal: controller.signal,
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('abort mid-stream errors the events stream', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(events[0])}\n\n`); // then stays open
    };
    const controller = new AbortController();
    const result = await openHttpEventStream({
      url: `${baseURL}/responses`,
      headers,
      body,
      abortSignal: controller.signal,
    });
    const reader = result.events.getReader();
    expect((await reader.read()).value).toEqual(events[0]);
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
