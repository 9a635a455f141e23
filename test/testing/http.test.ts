import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockResponsesServer, type MockResponsesServer } from '../../src/testing';
import { connect, type Event, terminalOf, textOf } from './raw-client';

let server: MockResponsesServer;

beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterEach(() => server.reset());
afterAll(async () => {
  await server.close();
});

const post = (body: unknown, apiKey = 'test-key') =>
  fetch(`${server.url}/responses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Parse an SSE body into `{ event, data }` pairs; `data` is parsed JSON or the raw text. */
function parseSse(text: string): Array<{ event: string | null; data: Event }> {
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? null;
      const data = lines.find((l) => l.startsWith('data: '))!.slice(6);
      try {
        return { event, data: JSON.parse(data) };
      } catch {
        return { event, data: { type: '<malformed>', raw: data } };
      }
    });
}

describe('POST /v1/responses', () => {
  it('streams SSE events named after their type when stream is true', async () => {
    const res = await post({ model: 'm', input: 'hello', stream: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const blocks = parseSse(await res.text());
    expect(blocks.every((b) => b.event === b.data.type)).toBe(true);
    const events = blocks.map((b) => b.data);
    expect(events[0].type).toBe('response.created');
    expect(textOf(events)).toBe('Echo: hello');
    expect(terminalOf(events)?.type).toBe('response.completed');
    expect(server.requests[0]).toMatchObject({
      transport: 'http',
      socketId: null,
      status: 'completed',
    });
  });

  it('answers one JSON response object without stream', async () => {
    server.enqueue({ toolCalls: [{ name: 'f', arguments: { a: 1 } }] });
    const res = await post({ model: 'm', input: 'x' });
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({
      object: 'response',
      status: 'completed',
      output: [{ type: 'function_call', name: 'f', arguments: '{"a":1}' }],
      usage: { input_tokens: expect.any(Number) },
    });
  });

  it('requires the Bearer key and the right route', async () => {
    const unauthorized = await post({ model: 'm', input: 'x' }, 'wrong');
    expect(unauthorized.status).toBe(401);
    expect((await unauthorized.json()).error.code).toBe('invalid_api_key');
    const notFound = await fetch(`${server.url}/models`);
    expect(notFound.status).toBe(404);
    await notFound.body?.cancel();
    expect(server.requests).toHaveLength(0);
  });

  it('continues only stored responses (HTTP has no socket cache)', async () => {
    const client = await connect(server.wsUrl);
    const stored = terminalOf((await client.turn({ model: 'm', input: 'a' })).events)!.response.id;
    const ephemeral = terminalOf(
      (await client.turn({ model: 'm', input: 'b', store: false })).events,
    )!.response.id;
    await client.close();

    const ok = await post({ model: 'm', input: 'c', previous_response_id: stored });
    expect((await ok.json()).status).toBe('completed');
    expect(server.requests[2]).toMatchObject({ parentSource: 'store', transport: 'http' });

    const missing = await post({ model: 'm', input: 'c', previous_response_id: ephemeral });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({
      code: 'previous_response_not_found',
      param: 'previous_response_id',
      type: 'invalid_request_error',
    });
  });

  it('turns request error faults into HTTP statuses with headers', async () => {
    server.fault({
      type: 'error-event',
      code: 'rate_limit_exceeded',
      headers: { 'retry-after': '2' },
    });
    const res = await post({ model: 'm', input: 'x', stream: true });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2');
    expect((await res.json()).error).toMatchObject({
      code: 'rate_limit_exceeded',
      type: 'requests',
    });
  });

  it('streams mid-stream errors as SSE events', async () => {
    server.fault({ type: 'error-event', code: 'server_error', shape: 'mid-stream' });
    const res = await post({ model: 'm', input: 'x', stream: true });
    const types = parseSse(await res.text()).map((b) => b.data.type);
    expect(types).toEqual(['response.created', 'response.in_progress', 'error', 'response.failed']);
  });

  it('answers a failed non-streaming response with an HTTP error', async () => {
    server.enqueue({ status: 'failed', code: 'server_error', message: 'Boom' });
    const res = await post({ model: 'm', input: 'x' });
    expect(res.status).toBe(500);
    expect((await res.json()).error).toMatchObject({ code: 'server_error', message: 'Boom' });
  });

  it('cuts SSE streams on close and terminate faults', async () => {
    server.fault({ type: 'close-after-events', events: 2 });
    const closed = await post({ model: 'm', input: 'x', stream: true });
    expect(parseSse(await closed.text()).map((b) => b.data.type)).toEqual([
      'response.created',
      'response.in_progress',
    ]);

    server.fault({ type: 'terminate-after-events', events: 2 });
    const terminated = await post({ model: 'm', input: 'x', stream: true });
    await expect(terminated.text()).rejects.toThrow();

    server.fault({ type: 'terminate-before-first-event' });
    await expect(post({ model: 'm', input: 'x', stream: true })).rejects.toThrow();
    expect(server.requests.map((r) => r.status)).toEqual([
      'interrupted',
      'interrupted',
      'interrupted',
    ]);
  });

  it('injects malformed SSE data', async () => {
    server.fault({ type: 'malformed-frame', afterEvents: 1 });
    const res = await post({ model: 'm', input: 'x', stream: true });
    const events = parseSse(await res.text()).map((b) => b.data);
    expect(events[1].type).toBe('<malformed>');
    expect(textOf(events)).toBe('Echo: x');
  });
});
