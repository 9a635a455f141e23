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

  it('HMAC gives the RFC 4231 test vectors, a key longer than a block included', async () => {
    const hex = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));
    // Test case 2 (a short key) and test case 6 (a 131-byte key, hashed first).
    expect(
      Buffer.from(
        await hmacSha256(new TextEncoder().encode('Jefe'), 'what do ya want for nothing?'),
      ).toString('hex'),
    ).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(
      Buffer.from(
        await hmacSha256(
          hex('aa'.repeat(131)),
          'Test Using Larger Than Block-Size Key - Hash Key First',
        ),
      ).toString('hex'),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
    // A key of exactly one block is used as it is.
    const block = hex('0b'.repeat(64));
    expect(Buffer.from(await hmacSha256(block, 'message'))).toEqual(
      createHmac('sha256', block).update('message').digest(),
    );
  });

  it('HMAC is the same under a key used again (its pads are made once) and differs per key', async () => {
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

  it("base64url gives Buffer's text at every length, for views into a larger buffer too", () => {
    const whole = new Uint8Array(64).map((_, i) => (i * 37 + 11) % 256);
    for (let length = 0; length <= 34; length++) {
      for (const bytes of [whole.subarray(0, length), whole.subarray(5, 5 + length)]) {
        expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }
    }
  });

  it('constantTimeEqual is plain equality', () => {
    expect(constantTimeEqual('abcd', 'abcd')).toBe(true);
    expect(constantTimeEqual('abcd', 'abce')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});
