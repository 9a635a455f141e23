import { createServer } from 'node:http';
import { inspect } from 'node:util';
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

describe('the API key is not kept where a dump of the provider reaches it', () => {
  it('not in util.inspect of a model, its provider, or a model of another key sharing the pool', async () => {
    const OTHER = 'sk-test-OTHER-0123456789abcdef';
    mock = await startMock({ apiKey: SECRET }, { apiKeys: [SECRET, OTHER] });
    // Configured alike but for the key: the two providers share one pool.
    const other = createOpenAIWebSocket({ apiKey: OTHER, baseURL: mock.server.url });
    try {
      await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'one' });
      await generateText({ model: other('gpt-4.1-mini'), prompt: 'two' });
      // Both sockets are open and idle in the shared pool.
      expect(mock.server.sockets().open).toBe(2);
      for (const dumped of [mock.provider, mock.provider('gpt-4.1-mini'), other('gpt-4.1-mini')]) {
        const text = inspect(dumped, { depth: null, showHidden: true });
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(OTHER);
      }
    } finally {
      await other.close();
    }
  });

  it('not in what ai@7 hands its telemetry integrations, on success and on a 401', async () => {
    mock = await startMock({ apiKey: SECRET }, { apiKeys: [SECRET] });
    const events: string[] = [];
    const record = (event: unknown) => void events.push(inspect(event, { depth: null }));
    const callbacks = [
      ...['onStart', 'onStepStart', 'onLanguageModelCallStart', 'onLanguageModelCallEnd'],
      ...['onStepEnd', 'onStepError', 'onEnd', 'onError'],
    ];
    const integration = Object.fromEntries(callbacks.map((name) => [name, record]));
    const telemetry = { isEnabled: true, integrations: [integration] };
    await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'one', telemetry });
    const wrongKey = createOpenAIWebSocket({
      apiKey: `${SECRET}-revoked`,
      baseURL: mock.server.url,
    });
    try {
      const error = await generateText({
        model: wrongKey('gpt-4.1-mini'),
        prompt: 'two',
        telemetry,
        maxRetries: 0,
      }).catch((e) => e);
      expect(error.statusCode).toBe(401);
    } finally {
      await wrongKey.close();
    }
    // Both calls were seen, the failed one with its error.
    expect(events.some((e) => e.includes('Incorrect API key provided'))).toBe(true);
    expect(events.join('\n')).not.toContain(SECRET);
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
