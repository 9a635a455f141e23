import { InvalidArgumentError } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIWebSocket as createV2, type OpenAIWebSocketSettings } from '../src/index';
import { DEFAULT_POOL_SETTINGS } from '../src/pool/pool-settings';
import { createMockResponsesServer, MOCK_API_KEY } from '../src/testing';
import { createOpenAIWebSocket as createV3 } from '../src/v3';
import { createOpenAIWebSocket as createV4, openaiWebSocket } from '../src/v4';

type Case = {
  /** The setting the error must name. */
  argument: string;
  settings: unknown;
  /** Words of the accepted values the message must give. */
  accepts: RegExp;
};

const MS = /a number of milliseconds from 1 to 2147483647/;

/** One bad value per setting and pool field (several where the rule has more than one edge). */
const CASES: Case[] = [
  { argument: 'settings', settings: 'sk-key', accepts: /an object of settings/ },
  { argument: 'apiKey', settings: { apiKey: 42 }, accepts: /a string, or a function/ },
  { argument: 'baseURL', settings: { baseURL: 'not a url' }, accepts: /http:\/\/ or https:\/\// },
  { argument: 'baseURL', settings: { baseURL: 'ftp://example.com/v1' }, accepts: /https:\/\// },
  {
    argument: 'baseURL',
    settings: { baseURL: 'https://user:sk-secret@proxy.example/v1' },
    accepts: /no user name or password/,
  },
  { argument: 'organization', settings: { organization: 7 }, accepts: /a string/ },
  { argument: 'project', settings: { project: {} }, accepts: /a string/ },
  { argument: 'headers', settings: { headers: { 'x-a': 1 } }, accepts: /string values/ },
  { argument: 'headers', settings: { headers: 'x-a: 1' }, accepts: /an object of header names/ },
  { argument: 'name', settings: { name: '' }, accepts: /a non-empty string/ },
  { argument: 'webSocket', settings: { webSocket: {} }, accepts: /a WebSocket constructor/ },
  { argument: 'fetch', settings: { fetch: 'fetch' }, accepts: /a fetch function/ },
  { argument: 'transport', settings: { transport: 'http' }, accepts: /'auto' or 'websocket'/ },
  { argument: 'inputMode', settings: { inputMode: 'delta' }, accepts: /'auto' or 'full'/ },
  { argument: 'inputMode', settings: { inputMode: true }, accepts: /'auto' or 'full'/ },
  {
    argument: 'maxFrameBytes',
    settings: { maxFrameBytes: 0 },
    accepts: /an integer of at least 1/,
  },
  { argument: 'maxFrameBytes', settings: { maxFrameBytes: 1.5 }, accepts: /an integer/ },
  { argument: 'pool', settings: { pool: 4 }, accepts: /an object of pool settings/ },
  { argument: 'pool.maxSocket', settings: { pool: { maxSocket: 4 } }, accepts: /maxSockets/ },
  { argument: 'pool.maxSockets', settings: { pool: { maxSockets: -1 } }, accepts: /at least 1/ },
  { argument: 'pool.maxSockets', settings: { pool: { maxSockets: 0 } }, accepts: /at least 1/ },
  {
    argument: 'pool.maxSockets',
    settings: { pool: { maxSockets: 'four' } },
    accepts: /an integer of at least 1/,
  },
  {
    argument: 'pool.maxIdleSockets',
    settings: { pool: { maxIdleSockets: -1 } },
    accepts: /an integer of at least 0/,
  },
  {
    argument: 'pool.maxQueuedCalls',
    settings: { pool: { maxQueuedCalls: Number.NaN } },
    accepts: /an integer of at least 0/,
  },
  { argument: 'pool.idleTimeoutMs', settings: { pool: { idleTimeoutMs: 0 } }, accepts: MS },
  {
    argument: 'pool.maxSocketAgeMs',
    settings: { pool: { maxSocketAgeMs: Number.POSITIVE_INFINITY } },
    accepts: MS,
  },
  { argument: 'pool.connectTimeoutMs', settings: { pool: { connectTimeoutMs: -5 } }, accepts: MS },
  {
    argument: 'pool.firstEventTimeoutMs',
    settings: { pool: { firstEventTimeoutMs: '30s' } },
    accepts: MS,
  },
  // Above setTimeout's limit a timer fires at once: the call would time out immediately.
  { argument: 'pool.eventTimeoutMs', settings: { pool: { eventTimeoutMs: 2 ** 31 } }, accepts: MS },
  {
    argument: 'pool.queueTimeoutMs',
    settings: { pool: { queueTimeoutMs: -1 } },
    accepts: /from 0 to 2147483647 \(0: fail at once/,
  },
  {
    argument: 'pool.pingIntervalMs',
    settings: { pool: { pingIntervalMs: null } },
    accepts: /from 0 to 2147483647 \(0: no pings\)/,
  },
  { argument: 'pool.lanes', settings: { pool: { lanes: 33 } }, accepts: /from 0 \(off\) to 32/ },
  { argument: 'pool.lanes', settings: { pool: { lanes: -1 } }, accepts: /from 0 \(off\) to 32/ },
  { argument: 'pool.lanes', settings: { pool: { lanes: 1.5 } }, accepts: /from 0 \(off\) to 32/ },
  { argument: 'pool.lanes', settings: { pool: { lanes: true } }, accepts: /from 0 \(off\) to 32/ },
];

/** A case's settings for its test name (NaN and Infinity as themselves, not as null). */
const show = (settings: unknown) =>
  JSON.stringify(settings, (_, value) =>
    typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
  );

const ENTRIES = [
  ['root (V2)', createV2],
  ['/v3', createV3],
  ['/v4', createV4],
] as const;

describe('settings are validated when the provider is created', () => {
  for (const { argument, settings, accepts } of CASES) {
    it(`${argument}: ${show(settings)}`, () => {
      for (const [, create] of ENTRIES) {
        // Synchronous: the provider is never created, so nothing can wait or time out.
        let thrown: unknown;
        try {
          create(settings as OpenAIWebSocketSettings);
        } catch (error) {
          thrown = error;
        }
        expect(InvalidArgumentError.isInstance(thrown)).toBe(true);
        const error = thrown as InvalidArgumentError;
        expect(error.argument).toBe(argument);
        expect(error.message).toContain(argument);
        expect(error.message).toMatch(accepts);
      }
    });
  }

  // Refused without being shown: credentials in a URL, or a string that is not a URL at all (it
  // may be a key put in the wrong setting); the same when read from OPENAI_BASE_URL.
  it.each([
    [
      'a URL with credentials',
      'https://user:sk-secret@proxy.example/v1',
      /a URL with credentials \(not shown\)/,
      /sk-secret/,
    ],
    [
      'not a URL',
      'sk-proj-0123456789abcdefghijklmnopqrstuvwxyz',
      /baseURL.*not a URL \(not shown\)/,
      /sk-proj/,
    ],
  ])('a base URL that is %s is refused without being shown', (_, baseURL, message, secret) => {
    expect(() => createV4({ baseURL })).toThrow(message);
    expect(() => createV4({ baseURL })).not.toThrow(secret);
    vi.stubEnv('OPENAI_BASE_URL', baseURL);
    try {
      expect(() => createV4()).toThrow(/OPENAI_BASE_URL.*not shown/);
      expect(() => createV4()).not.toThrow(secret);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('a base URL of another scheme shows its origin only: a gateway may carry a token in the path', () => {
    const baseURL = 'ftp://files.example/t0ken/v1';
    expect(() => createV4({ baseURL })).toThrow(/got "ftp:\/\/files\.example"/);
    expect(() => createV4({ baseURL })).not.toThrow(/t0ken/);
  });

  it('every setting and pool field has a bad-value case above', () => {
    // Typed: a setting added to OpenAIWebSocketSettings without a case here fails to compile.
    const settings: Record<keyof OpenAIWebSocketSettings, true> = {
      apiKey: true,
      baseURL: true,
      organization: true,
      project: true,
      headers: true,
      name: true,
      webSocket: true,
      fetch: true,
      transport: true,
      inputMode: true,
      maxFrameBytes: true,
      pool: true,
    };
    const poolFields = Object.keys(DEFAULT_POOL_SETTINGS).map((field) => `pool.${field}`);
    const named = new Set(CASES.map((c) => c.argument));
    for (const argument of [...Object.keys(settings), ...poolFields]) {
      expect(named).toContain(argument);
    }
  });

  it('accepts every documented value, including the edge ones', () => {
    const good: OpenAIWebSocketSettings[] = [
      {},
      { apiKey: 'sk-test', baseURL: 'http://127.0.0.1:1/v1/', organization: 'o', project: 'p' },
      { apiKey: () => 'sk-rotating', headers: { 'x-trace': 'a', 'x-unset': undefined as never } },
      { webSocket: null, transport: 'websocket', name: 'my-gateway', fetch: globalThis.fetch },
      { inputMode: 'full' },
      { inputMode: 'auto' },
      { maxFrameBytes: 1, pool: { maxSockets: 1, maxIdleSockets: 0, maxQueuedCalls: 0 } },
      {
        pool: {
          pingIntervalMs: 0,
          queueTimeoutMs: 0,
          connectTimeoutMs: 1,
          eventTimeoutMs: 2 ** 31 - 1,
        },
      },
      { pool: { maxSockets: undefined } },
      { pool: { lanes: 0 } },
      { pool: { lanes: 1 } },
      { pool: { lanes: 32 } },
    ];
    for (const settings of good) for (const [, create] of ENTRIES) create(settings);
  });

  it('a key that is not a string never appears in the message', () => {
    const error = (() => {
      try {
        createV4({ apiKey: ['sk-secret-value'] as never });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).not.toContain('sk-secret-value');
  });
});

describe('OPENAI_BASE_URL, as in @ai-sdk/openai', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is the base URL when the setting is not given', async () => {
    const server = await createMockResponsesServer();
    vi.stubEnv('OPENAI_BASE_URL', server.url);
    const provider = createV4({ apiKey: MOCK_API_KEY });
    try {
      const result = await generateText({ model: provider('gpt-4.1-mini'), prompt: 'hi' });
      expect(result.text).toBe('Echo: hi');
      expect(server.requests).toHaveLength(1);
    } finally {
      await provider.close();
      await server.close();
    }
  });

  it('the setting wins over it', () => {
    vi.stubEnv('OPENAI_BASE_URL', 'not a url');
    expect(() => createV4({ baseURL: 'https://example.com/v1' })).not.toThrow();
  });

  it('an invalid value is an InvalidArgumentError naming baseURL and the variable', () => {
    vi.stubEnv('OPENAI_BASE_URL', 'api.example.com/v1');
    expect(() => createV4()).toThrow(InvalidArgumentError);
    expect(() => createV4()).toThrow(/baseURL.*OPENAI_BASE_URL/);
  });

  it('the default instance checks it on first use, so importing never throws', async () => {
    vi.stubEnv('OPENAI_BASE_URL', 'not a url');
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    expect(() => openaiWebSocket('gpt-4.1-mini')).toThrow(InvalidArgumentError);
  });
});
