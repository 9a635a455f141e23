import { createServer } from 'node:http';
import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { type MockSetup, startMock } from '../helpers/mock-provider';

const SECRET = 'sk-test-SECRET-0123456789abcdef';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  vi.restoreAllMocks();
});

function captureLogs() {
  const lines: string[] = [];
  const record = (...args: unknown[]) =>
    void lines.push(
      args
        .map((a) =>
          a instanceof Error ? `${a.message} ${a.stack}` : (JSON.stringify(a) ?? String(a)),
        )
        .join(' '),
    );
  for (const method of ['log', 'warn', 'error', 'info', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation(record);
  vi.spyOn(process, 'emitWarning').mockImplementation(record as typeof process.emitWarning);
  return lines;
}

function serialise(value: unknown): string {
  const seen = new WeakSet();
  return JSON.stringify(value, (_key, v) => {
    if (typeof v === 'object' && v !== null) {
      if (seen.has(v)) return '[cycle]';
      seen.add(v);
      if (v instanceof Error)
        return {
          ...v,
          message: v.message,
          stack: v.stack,
          cause: (v as { cause?: unknown }).cause,
        };
    }
    return v;
  });
}

describe('the API key never leaks', () => {
  it('not in errors (upgrade 401, server error events, transport failures), metadata or logs', async () => {
    mock = await startMock({ apiKey: SECRET, transport: 'websocket' }, { apiKeys: [SECRET] });
    const logs = captureLogs();
    const model = mock.provider('gpt-4.1-mini');
    const outputs: unknown[] = [];

    outputs.push(await generateText({ model, prompt: 'hello' }));
    mock.server.fault({ type: 'error-event', code: 'server_error' });
    outputs.push(await generateText({ model, prompt: 'x', maxRetries: 0 }).catch((e) => e));
    mock.server.fault({ type: 'terminate-after-events', events: 4 });
    outputs.push(await generateText({ model, prompt: 'y', maxRetries: 0 }).catch((e) => e));
    mock.server.closeAllSockets();
    mock.server.fault({ type: 'reject-upgrade', status: 401, count: 5 });
    outputs.push(await generateText({ model, prompt: 'z', maxRetries: 0 }).catch((e) => e));

    expect(outputs.filter((o) => o instanceof Error)).toHaveLength(3);
    for (const output of outputs) expect(serialise(output)).not.toContain(SECRET);
    expect(logs.join('\n')).not.toContain(SECRET);
  });
});

describe('credential scopes', () => {
  it('a socket is never reused across API keys', async () => {
    let key = 'key-a';
    mock = await startMock({ apiKey: () => key }, { apiKeys: ['key-a', 'key-b'] });
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'as a' });
    key = 'key-b';
    await generateText({ model, prompt: 'as b' });
    key = 'key-a';
    // The first conversation goes on: its own socket, which key b's call never got.
    await generateText({
      model,
      messages: [
        { role: 'user', content: 'as a' },
        ...first.response.messages,
        { role: 'user', content: 'as a again' },
      ],
    });
    const [a1, b, a2] = mock.server.requests;
    expect(b.socketId).not.toBe(a1.socketId);
    expect(a2.socketId).toBe(a1.socketId);
    expect(mock.server.sockets().opened).toBe(2);
  });

  it('a chain head is never continued under another key', async () => {
    let key = 'key-a';
    mock = await startMock({ apiKey: () => key }, { apiKeys: ['key-a', 'key-b'] });
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'secret plan' });
    key = 'key-b';
    await generateText({
      model,
      messages: [
        { role: 'user', content: 'secret plan' },
        ...first.responseMessages,
        { role: 'user', content: 'go on' },
      ],
    });
    expect(mock.server.requests[1].previousResponseId).toBeNull();
  });
});

describe('redirects', () => {
  it('a redirect at the upgrade is not followed', async () => {
    mock = await startMock();
    const target = mock.server.url;
    const redirector = createServer((_req, res) => res.writeHead(307, { location: target }).end());
    redirector.on('upgrade', (_req, socket) => {
      socket.end(
        `HTTP/1.1 307 Temporary Redirect\r\nLocation: ${target.replace('http', 'ws')}/responses\r\nContent-Length: 0\r\n\r\n`,
      );
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const port = (redirector.address() as { port: number }).port;
    const provider = createOpenAIWebSocket({
      apiKey: 'test-key',
      baseURL: `http://127.0.0.1:${port}/v1`,
      transport: 'websocket',
    });
    try {
      const error = await generateText({
        model: provider('gpt-4.1-mini'),
        prompt: 'hi',
        maxRetries: 0,
      }).catch((e) => e);
      expect(error.statusCode).toBe(307);
      expect(mock.server.sockets().opened).toBe(0);
    } finally {
      await provider.close();
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});
