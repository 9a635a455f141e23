import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkDigest,
  deriveDigestKey,
  mintDigest,
} from '../../../src/model/chain/continuation-digest';
import { EMPTY_CHAIN, extendItemChain } from '../../../src/model/chain/item-chain';
import { continuationKey } from '../../../src/model/credentials';
import type { InputItem } from '../../../src/types';

const items: InputItem[] = [
  { role: 'user', content: [{ type: 'input_text', text: 'one' }] },
  { type: 'item_reference', id: 'msg_1' },
];

async function subject(
  overrides: { responseId?: string; settingsKey?: string; items?: InputItem[] } = {},
) {
  return {
    responseId: overrides.responseId ?? 'resp_1',
    settingsKey: overrides.settingsKey ?? '{"model":"gpt-4.1-mini"}',
    chain: await extendItemChain(EMPTY_CHAIN, overrides.items ?? items),
  };
}

const key = (apiKey = 'sk-a', extra: Record<string, string> = {}) =>
  continuationKey('https://api.openai.com/v1', { Authorization: `Bearer ${apiKey}`, ...extra });

describe('continuation digests', () => {
  it('are 30 base64url characters and verify with the same key and subject', async () => {
    const digest = await mintDigest(await key(), await subject());
    expect(digest).toMatch(/^[A-Za-z0-9_-]{30}$/);
    expect(await checkDigest(await key(), digest, await subject())).toBeUndefined();
  });

  it('are the documented format, byte for byte (digests of other instances and versions verify)', async () => {
    // The format written out with node:crypto alone: key = HMAC(material, label); the digest is
    // the credential tag, the settings tag and the MAC of the response, in base64url.
    const hmac = (k: Buffer | string, text: string) =>
      createHmac('sha256', k).update(text).digest();
    const b64 = (bytes: Buffer) => bytes.toString('base64url');
    const material = 'https://api.openai.com/v1\nauthorization:Bearer sk-a';
    const secret = hmac(material, 'ai-sdk-openai-ws continuation v2');
    // A function call is hashed with its arguments' keys sorted (item-chain.ts).
    const call = {
      type: 'function_call',
      call_id: 'c1',
      name: 'search',
      arguments: '{"q":"ws","limit":5}',
    };
    const hashedCall = { ...call, arguments: '{"limit":5,"q":"ws"}' };
    let chain = Buffer.alloc(32);
    for (const item of [...items, hashedCall])
      chain = createHash('sha256').update(chain).update(JSON.stringify(item)).digest();
    const settings = hmac(secret, 'settings\n{"model":"gpt-4.1-mini"}');
    const mac = hmac(secret, `response\nresp_1\n${b64(settings)}\n${b64(chain)}`);
    const expected =
      b64(hmac(secret, 'credentials').subarray(0, 3)) +
      b64(settings.subarray(0, 3)) +
      b64(mac.subarray(0, 16));
    expect(await mintDigest(await key(), await subject({ items: [...items, call] }))).toBe(
      expected,
    );
  });

  it('say which part of the subject differs', async () => {
    const digest = await mintDigest(await key(), await subject());
    const check = async (
      k: Awaited<ReturnType<typeof key>>,
      s: Awaited<ReturnType<typeof subject>>,
    ) => checkDigest(k, digest, s);
    expect(await check(await key('sk-b'), await subject())).toBe('credentials-changed');
    expect(await check(await key('sk-a', { 'OpenAI-Project': 'p' }), await subject())).toBe(
      'credentials-changed',
    );
    expect(await check(await key(), await subject({ settingsKey: '{"model":"gpt-5"}' }))).toBe(
      'settings-changed',
    );
    expect(await check(await key(), await subject({ responseId: 'resp_2' }))).toBe(
      'history-changed',
    );
    expect(await check(await key(), await subject({ items: items.slice(0, 1) }))).toBe(
      'history-changed',
    );
    expect(await checkDigest(await key(), `${digest.slice(0, 29)}!`, await subject())).toBe(
      'digest-invalid',
    );
  });

  it('the key depends only on the base URL and the auth headers', async () => {
    const digest = await mintDigest(await key(), await subject());
    const withTracing = await continuationKey('https://api.openai.com/v1', {
      authorization: 'Bearer sk-a',
      'X-Trace': 'instance-7',
    });
    expect(await checkDigest(withTracing, digest, await subject())).toBeUndefined();
    const otherBase = await continuationKey('https://gateway.test/v1', {
      Authorization: 'Bearer sk-a',
    });
    expect(await checkDigest(otherBase, digest, await subject())).toBe('credentials-changed');
  });

  it("the key depends on a gateway's credential header, as on the API key", async () => {
    const digest = await mintDigest(
      await key('sk-a', { 'cf-aig-authorization': 'Bearer t1' }),
      await subject(),
    );
    const otherToken = await key('sk-a', { 'cf-aig-authorization': 'Bearer t2' });
    expect(await checkDigest(otherToken, digest, await subject())).toBe('credentials-changed');
    expect(await checkDigest(await key('sk-a'), digest, await subject())).toBe(
      'credentials-changed',
    );
  });

  it('sign alike with a key that signed other settings before (the settings MAC is cached)', async () => {
    const reused = await key();
    const s1 = await subject();
    const s2 = await subject({ settingsKey: '{"model":"gpt-5"}' });
    const minted = [
      await mintDigest(reused, s1),
      await mintDigest(reused, s2),
      await mintDigest(reused, s1),
    ];
    expect(minted).toEqual([
      await mintDigest(await key(), s1),
      await mintDigest(await key(), s2),
      await mintDigest(await key(), s1),
    ]);
    expect(minted[1]).not.toBe(minted[0]);
    expect(await checkDigest(reused, minted[0] as string, s2)).toBe('settings-changed');
  });

  it('never carries the key material', async () => {
    const digestKey = await deriveDigestKey(
      'https://api.openai.com/v1\nauthorization:Bearer sk-secret',
    );
    const digest = await mintDigest(digestKey, await subject());
    expect(digest).not.toContain('sk-secret');
    expect(JSON.stringify({ digest, tag: digestKey.credentialTag })).not.toContain('secret');
  });
});

describe('item chains', () => {
  it('extending from a stored chain equals hashing everything', async () => {
    const more: InputItem[] = [
      ...items,
      { role: 'user', content: [{ type: 'input_text', text: 'two' }] },
    ];
    const stored = await extendItemChain(EMPTY_CHAIN, items);
    const extended = await extendItemChain(stored, more, items.length);
    expect(Buffer.from(extended)).toEqual(Buffer.from(await extendItemChain(EMPTY_CHAIN, more)));
  });

  it("hashes a function call's arguments up to key order, and only up to key order", async () => {
    const call = (args: string): InputItem => ({
      type: 'function_call',
      call_id: 'c1',
      name: 'search',
      arguments: args,
    });
    const chainOf = async (args: string) =>
      Buffer.from(await extendItemChain(EMPTY_CHAIN, [...items, call(args)]));
    const model = await chainOf('{"limit":5,"q":"ws","page":{"size":2,"from":0}}');
    expect(await chainOf('{"q":"ws","limit":5,"page":{"from":0,"size":2}}')).toEqual(model);
    expect(await chainOf('{"q":"ws","limit":6,"page":{"from":0,"size":2}}')).not.toEqual(model);
    expect(await chainOf('{"q":"ws","limit":5}')).not.toEqual(model);
    // Not from a frame's text of the call, which carries the arguments as sent.
    const texts = new Map([[call('{"q":"ws","limit":5}'), '{"other":true}']]);
    const [noted] = texts.keys();
    expect(Buffer.from(await extendItemChain(EMPTY_CHAIN, [...items, noted], 0, texts))).toEqual(
      await chainOf('{"limit":5,"q":"ws"}'),
    );
  });

  it('hashes the texts a frame noted for its items, the same chain as serialising them', async () => {
    const texts = new Map(items.map((item) => [item, JSON.stringify(item)]));
    const fresh = await extendItemChain(EMPTY_CHAIN, items);
    expect(Buffer.from(await extendItemChain(EMPTY_CHAIN, items, 0, texts))).toEqual(
      Buffer.from(fresh),
    );
    // The noted text is what is hashed: the item is not serialised again.
    texts.set(items[1], '{"other":true}');
    const noted = await extendItemChain(EMPTY_CHAIN, items, 0, texts);
    expect(Buffer.from(noted)).not.toEqual(Buffer.from(fresh));
  });
});
