import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64url, constantTimeEqual, extendHashChain, hmacSha256 } from '../../src/util/sha256';

const texts = ['{"role":"user","content":"héllo"}', '', '{"type":"item_reference","id":"msg_1"}'];

/** The chain as defined, with node:crypto directly: h' = SHA-256(h | text). */
function reference(state: Uint8Array, items: string[]): Uint8Array {
  let hash = Buffer.from(state);
  for (const text of items) hash = createHash('sha256').update(hash).update(text).digest();
  return new Uint8Array(hash);
}

/** The module as loaded where `process.getBuiltinModule` is missing (Node < 20.16, edge, browsers). */
async function webCryptoModule(): Promise<typeof import('../../src/util/sha256')> {
  vi.resetModules();
  vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
  try {
    return await import('../../src/util/sha256');
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => {
  vi.resetModules();
});

describe('sha256 helpers', () => {
  it('the chain is SHA-256(h | text) per text, whatever the split', async () => {
    const zero = new Uint8Array(32);
    const whole = await extendHashChain(zero, texts);
    expect(Buffer.from(whole).equals(Buffer.from(reference(zero, texts)))).toBe(true);
    const split = await extendHashChain(
      await extendHashChain(zero, texts.slice(0, 1)),
      texts.slice(1),
    );
    expect(Buffer.from(split).equals(Buffer.from(whole))).toBe(true);
    expect(
      Buffer.from(await extendHashChain(zero, [...texts].reverse())).equals(Buffer.from(whole)),
    ).toBe(false);
  });

  it('WebCrypto gives the same bytes as node:crypto', async () => {
    const web = await webCryptoModule();
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    const zero = new Uint8Array(32);
    expect(Buffer.from(await web.extendHashChain(zero, texts))).toEqual(
      Buffer.from(reference(zero, texts)),
    );
    // Really the WebCrypto path: one digest per text.
    expect(digest).toHaveBeenCalledTimes(texts.length);
    digest.mockRestore();
    const key = new TextEncoder().encode('key material');
    const expected = createHmac('sha256', key).update('message').digest();
    expect(Buffer.from(await web.hmacSha256(key, 'message'))).toEqual(expected);
    expect(Buffer.from(await hmacSha256(key, 'message'))).toEqual(expected);
  });

  it('HMAC is the same under a key used again (its KeyObject is made once) and differs per key', async () => {
    const key = new TextEncoder().encode('key material');
    const other = new TextEncoder().encode('other material');
    const expected = createHmac('sha256', key).update('message').digest();
    for (let i = 0; i < 3; i++) {
      expect(Buffer.from(await hmacSha256(key, 'message'))).toEqual(expected);
    }
    // Same bytes in another array: the same MAC; other bytes: another.
    expect(Buffer.from(await hmacSha256(key.slice(), 'message'))).toEqual(expected);
    expect(Buffer.from(await hmacSha256(other, 'message'))).toEqual(
      createHmac('sha256', other).update('message').digest(),
    );
    expect(Buffer.from(await hmacSha256(other, 'message'))).not.toEqual(expected);
  });

  it('base64url has no padding and no + or /', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
    expect(base64url(new Uint8Array(16))).toHaveLength(22);
  });

  it('base64url gives the same text with and without Buffer, for views into a larger buffer too', async () => {
    vi.resetModules();
    vi.stubGlobal('Buffer', undefined);
    let portable: typeof import('../../src/util/sha256');
    try {
      portable = await import('../../src/util/sha256');
    } finally {
      vi.unstubAllGlobals();
    }
    const whole = new Uint8Array(64).map((_, i) => (i * 37 + 11) % 256);
    for (const bytes of [whole, whole.subarray(5, 8), whole.subarray(3, 35), new Uint8Array(0)]) {
      const expected = Buffer.from(bytes).toString('base64url');
      expect(base64url(bytes)).toBe(expected);
      expect(portable.base64url(bytes)).toBe(expected);
    }
  });

  it('constantTimeEqual is plain equality', () => {
    expect(constantTimeEqual('abcd', 'abcd')).toBe(true);
    expect(constantTimeEqual('abcd', 'abce')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});
