import { inspect } from 'node:util';
import { generateText, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createMockResponsesServer } from '../../src/testing';
import { createOpenAIWebSocket } from '../../src/v4';
import { wsMeta } from '../helpers/mock-provider';
import { KEY_A, KEY_B, useRecordedMock } from '../helpers/recorded-mock';

// Which headers open which socket, read on the wire (the recorder between provider and mock):
// every header that says who the caller is opens a socket of its own and goes on its upgrade,
// spelled once, as @ai-sdk/openai sends it over HTTP.

const setup = useRecordedMock();
const start = () => setup.start();
afterEach(() => {
  vi.unstubAllEnvs();
});

/**
 * A constructor that hands its headers to the socket as a WHATWG WebSocket does (Node 22's
 * global one): through a `Headers` list, where two spellings of one name become one header
 * carrying both values.
 */
class FetchStyleWebSocket extends WebSocket {
  constructor(url: string, options: { headers: Record<string, string> }) {
    const list: Record<string, string> = {};
    new Headers(options.headers).forEach((value, name) => {
      list[name] = value;
    });
    super(url, { headers: list });
  }
}

const continuing = (first: { responseMessages: ModelMessage[] }): ModelMessage[] => [
  { role: 'user', content: 'one' },
  ...first.responseMessages,
  { role: 'user', content: 'two' },
];

describe('per-call credentials', () => {
  it('a per-call Authorization opens a socket of its own, and never continues the other key’s chain', async () => {
    const provider = (await start())();
    const model = provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'one' });
    const other = await generateText({
      model,
      messages: continuing(first),
      headers: { Authorization: `Bearer ${KEY_B}` },
    });
    // The provider's key again: back on its own socket, continuing its own chain.
    const again = await generateText({ model, messages: continuing(first) });

    expect(setup.recorder?.upgrades.map((h) => h.authorization)).toEqual([
      `Bearer ${KEY_A}`,
      `Bearer ${KEY_B}`,
    ]);
    expect(setup.server?.requests.map((r) => r.socketId)).toEqual([1, 2, 1]);
    expect(wsMeta(other.providerMetadata)).toMatchObject({ reason: 'credentials-changed' });
    expect(wsMeta(again.providerMetadata)).toMatchObject({ reason: 'continuation' });
  });

  it("a per-call credential under a gateway's own header name goes on the upgrade of a socket of its own", async () => {
    const provider = (await start())();
    const model = provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'one' });
    const gateway = (headers: Record<string, string>) =>
      generateText({ model, messages: continuing(first), headers });
    await gateway({ 'cf-aig-authorization': 'Bearer t1' });
    await gateway({ 'x-portkey-api-key': 'pk-2' });
    // A tracing header is no credential: it rides no upgrade and splits no pool.
    const traced = await gateway({ 'x-trace-id': 'abc' });

    const upgrades = setup.recorder?.upgrades ?? [];
    expect(upgrades).toHaveLength(3);
    expect(upgrades[1]['cf-aig-authorization']).toBe('Bearer t1');
    expect(upgrades[2]['x-portkey-api-key']).toBe('pk-2');
    expect(upgrades.some((h) => 'x-trace-id' in h)).toBe(false);
    expect(setup.server?.requests.map((r) => r.socketId)).toEqual([1, 2, 3, 1]);
    expect(wsMeta(traced.providerMetadata)).toMatchObject({ reason: 'continuation' });
  });

  it('providers alike but for a header of the settings share a pool, not a socket or a chain head', async () => {
    const create = await start();
    const beta = create({ headers: { 'OpenAI-Beta': 'experiment=1' } });
    const first = await generateText({ model: create()('gpt-4.1-mini'), prompt: 'one' });
    const other = await generateText({ model: beta('gpt-4.1-mini'), messages: continuing(first) });
    expect(setup.recorder?.upgrades.map((h) => h['openai-beta'])).toEqual([
      undefined,
      'experiment=1',
    ]);
    expect(setup.server?.requests.map((r) => r.socketId)).toEqual([1, 2]);
    // The same account: the digest verifies, and the server reloads the response from its store.
    expect(wsMeta(other.providerMetadata)).toMatchObject({ reason: 'continuation-from-store' });
  });

  it('a key read from OPENAI_API_KEY is read at each call: a changed key opens another socket', async () => {
    const create = await start();
    vi.stubEnv('OPENAI_API_KEY', KEY_A);
    const model = create({ apiKey: undefined })('gpt-4.1-mini');
    await generateText({ model, prompt: 'one' });
    vi.stubEnv('OPENAI_API_KEY', KEY_B);
    await generateText({ model, prompt: 'two' });
    expect(setup.recorder?.upgrades.map((h) => h.authorization)).toEqual([
      `Bearer ${KEY_A}`,
      `Bearer ${KEY_B}`,
    ]);
    expect(setup.server?.requests.map((r) => r.socketId)).toEqual([1, 2]);
  });
});

describe('header spellings', () => {
  it.each([
    ['the headers setting', { headers: { authorization: `Bearer ${KEY_B}` } }, undefined],
    ['a per-call header', {}, { authorization: `Bearer ${KEY_B}` }],
  ])(
    'an authorization header from %s replaces the key’s, and goes out once',
    async (_, settings, headers) => {
      const server = await createMockResponsesServer({ apiKeys: [KEY_B] });
      setup.server = server;
      const provider = createOpenAIWebSocket({
        apiKey: KEY_A,
        baseURL: server.url,
        webSocket: FetchStyleWebSocket,
        transport: 'websocket',
        ...settings,
      });
      setup.providers.push(provider);
      const result = await generateText({
        model: provider('gpt-4.1-mini'),
        prompt: 'hi',
        headers,
        maxRetries: 0,
      });
      expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'websocket' });
      expect(server.sockets().opened).toBe(1);
    },
  );

  it('a header set to undefined in the settings is left out, as @ai-sdk/openai leaves it out', async () => {
    const provider = (await start())({
      headers: { 'OpenAI-Project': undefined as unknown as string },
      transport: 'websocket',
    });
    const result = await generateText({
      model: provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 0,
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'websocket' });
    expect(setup.recorder?.upgrades).toHaveLength(1);
    expect(setup.recorder?.upgrades[0]).not.toHaveProperty('openai-project');
  });
});

describe('header values', () => {
  it('a key read with a line break at its end works, as @ai-sdk/openai’s fetch trims it', async () => {
    const provider = (await start())({ apiKey: `${KEY_A}\r\n`, transport: 'websocket' });
    const result = await generateText({
      model: provider('gpt-4.1-mini'),
      prompt: 'hi',
      maxRetries: 0,
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'websocket' });
    expect(setup.recorder?.upgrades.map((h) => h.authorization)).toEqual([`Bearer ${KEY_A}`]);
  });

  it.each([
    ['over a socket', {}],
    ['over the HTTP fallback', { webSocket: null }],
  ])(
    'a key with a line break inside fails before any request %s, without showing it',
    async (_, settings) => {
      const broken = 'sk-test-\nSECRET';
      const provider = (await start())({ apiKey: broken, ...settings });
      const error = await generateText({
        model: provider('gpt-4.1-mini'),
        prompt: 'hi',
        maxRetries: 0,
      }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/header authorization/);
      expect(inspect(error, { depth: null })).not.toContain('SECRET');
      expect(setup.server?.requests).toHaveLength(0);
      expect(setup.recorder?.upgrades).toHaveLength(0);
      expect(setup.recorder?.posts).toHaveLength(0);
    },
  );
});

describe('continuation digests across gateway credentials', () => {
  it('a digest made under one gateway credential does not verify under another', async () => {
    const create = await start();
    // Two instances (their own pools and chain heads), with the same API key, each with its own
    // credential for a gateway that authenticates by its own header.
    const tenant = (token: string, maxSockets: number) =>
      create({ headers: { 'cf-aig-authorization': `Bearer ${token}` }, pool: { maxSockets } });
    const first = await generateText({ model: tenant('t1', 91)('gpt-4.1-mini'), prompt: 'one' });
    const sameTenant = await generateText({
      model: tenant('t1', 92)('gpt-4.1-mini'),
      messages: continuing(first),
    });
    const otherTenant = await generateText({
      model: tenant('t2', 93)('gpt-4.1-mini'),
      messages: continuing(first),
    });
    expect(wsMeta(sameTenant.providerMetadata)).toMatchObject({
      reason: 'continuation-from-store',
    });
    expect(wsMeta(otherTenant.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'credentials-changed',
    });
  });
});
