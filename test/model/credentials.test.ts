import { describe, expect, it } from 'vitest';
import { CredentialCache, splitHeaders } from '../../src/model/credentials';

const BASE = 'https://api.openai.com/v1';
const auth = (apiKey: string) => ({ Authorization: `Bearer ${apiKey}` });

describe('CredentialCache', () => {
  it('derives a digest key once per credential and hands the same key to every call', async () => {
    const cache = new CredentialCache();
    const first = await cache.resolve(BASE, auth('sk-a'), true);
    const second = await cache.resolve(BASE, auth('sk-a'), true);
    expect(second.scope).toBe(first.scope);
    expect(second.digestKey).toBe(first.digestKey);
    expect(cache.size).toBe(1);
  });

  it('never shares a scope or a key across API keys or base URLs', async () => {
    const cache = new CredentialCache();
    const a = await cache.resolve(BASE, auth('sk-a'), true);
    const b = await cache.resolve(BASE, auth('sk-b'), true);
    const gateway = await cache.resolve('https://gateway.test/v1', auth('sk-a'), true);
    expect(new Set([a.scope, b.scope, gateway.scope]).size).toBe(3);
    expect(b.digestKey).not.toBe(a.digestKey);
    expect(b.digestKey?.credentialTag).not.toBe(a.digestKey?.credentialTag);
    expect(gateway.digestKey?.credentialTag).not.toBe(a.digestKey?.credentialTag);
  });

  it('derives no key when the call does not sign digests (inputMode: full)', async () => {
    const cache = new CredentialCache();
    const { scope, digestKey } = await cache.resolve(BASE, auth('sk-a'), false);
    expect(scope).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(digestKey).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stays bounded when every call brings a new key, and holds no key material', async () => {
    const cache = new CredentialCache(4);
    for (let i = 0; i < 20; i++) await cache.resolve(BASE, auth(`sk-secret-${i}`), true);
    expect(cache.size).toBe(4);
    expect(JSON.stringify(cache.scopes())).not.toContain('secret');
    // The oldest was evicted: resolving it again derives a key anew (an equal one).
    const again = await cache.resolve(BASE, auth('sk-secret-0'), true);
    const fresh = await new CredentialCache().resolve(BASE, auth('sk-secret-0'), true);
    expect(again.digestKey?.credentialTag).toBe(fresh.digestKey?.credentialTag);
  });
});

describe('splitHeaders', () => {
  it('spells each header once, in lower case, a later spelling winning, none undefined', () => {
    const { socketHeaders, httpHeaders } = splitHeaders(
      { Authorization: 'Bearer sk-a', authorization: 'Bearer sk-b', 'X-Gone': undefined },
      { AUTHORIZATION: 'Bearer sk-c', 'X-Trace': undefined },
    );
    expect(socketHeaders).toEqual({ authorization: 'Bearer sk-c' });
    expect(httpHeaders).toEqual({ authorization: 'Bearer sk-c' });
  });

  it('puts on the socket the per-call credentials, under any name, and no other per-call header', () => {
    const perCall = {
      'OpenAI-Organization': 'org-b',
      'openai-project': 'proj-b',
      'api-key': 'azure',
      'Proxy-Authorization': 'Basic x',
      Cookie: 'session=1',
      'cf-aig-authorization': 'Bearer gw',
      'x-portkey-api-key': 'pk',
      'helicone-auth': 'Bearer h',
      'x-trace-id': 'abc',
      // Names a key, but of the request, not of the caller: new on every call.
      'Idempotency-Key': 'idem-1',
      'user-agent': 'ai/7',
      'openai-beta': 'responses=v1',
    };
    const { socketHeaders, httpHeaders } = splitHeaders(auth('sk-a'), perCall);
    expect(Object.keys(socketHeaders).sort()).toEqual([
      'api-key',
      'authorization',
      'cf-aig-authorization',
      'cookie',
      'helicone-auth',
      'openai-organization',
      'openai-project',
      'proxy-authorization',
      'x-portkey-api-key',
    ]);
    expect(Object.keys(httpHeaders)).toHaveLength(Object.keys(perCall).length + 1);
  });

  it('gives headers that go out alike one scope, and headers that do not another', async () => {
    const cache = new CredentialCache();
    const scopeOf = async (provider: Record<string, string>, perCall?: Record<string, string>) =>
      (await cache.resolve(BASE, splitHeaders(provider, perCall).socketHeaders, true)).scope;
    const b = await scopeOf(auth('sk-b'));
    expect(await scopeOf(auth('sk-a'), { authorization: 'Bearer sk-b' })).toBe(b);
    expect(await scopeOf({ ...auth('sk-a'), authorization: 'Bearer sk-b' })).toBe(b);
    expect(await scopeOf(auth('sk-a'))).not.toBe(b);
    expect(await scopeOf(auth('sk-b'), { 'cf-aig-authorization': 'Bearer gw' })).not.toBe(b);
  });
});
