/**
 * SHA-256 and HMAC-SHA256 for the continuation digests, on whatever the runtime offers:
 * Node's `node:crypto` (synchronous, about five times faster per small item) when
 * `process.getBuiltinModule` can load it, else WebCrypto (Node < 20.16, edge runtimes,
 * browsers). Both give the same bytes. `node:crypto` is never imported statically, so the
 * module loads in an edge bundle too.
 */

type NodeHash = { update(data: Uint8Array | string): NodeHash; digest(): Uint8Array };
type NodeCrypto = { createHash(algorithm: 'sha256'): NodeHash };

function loadNodeCrypto(): NodeCrypto | undefined {
  const runtime = globalThis as {
    process?: { getBuiltinModule?: (id: string) => unknown };
  };
  try {
    return runtime.process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  } catch {
    return undefined;
  }
}

const nodeCrypto = loadNodeCrypto();
const encoder = new TextEncoder();

/**
 * The running hash of a list of texts: `h' = SHA-256(h | text)` for each text in turn. The result
 * for a list depends only on the texts, never on how they were split into calls, so a chain can
 * be extended from any stored state by hashing only what was added.
 */
export async function extendHashChain(
  state: Uint8Array,
  texts: Iterable<string>,
): Promise<Uint8Array> {
  let hash = state;
  if (nodeCrypto) {
    for (const text of texts)
      hash = nodeCrypto.createHash('sha256').update(hash).update(text).digest();
    return hash;
  }
  for (const text of texts) {
    const bytes = encoder.encode(text);
    const joined = new Uint8Array(hash.length + bytes.length);
    joined.set(hash);
    joined.set(bytes, hash.length);
    hash = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', joined));
  }
  return hash;
}

/** SHA-256 of `text` (its UTF-8 bytes). */
export async function sha256(text: string): Promise<Uint8Array> {
  if (nodeCrypto) return new Uint8Array(nodeCrypto.createHash('sha256').update(text).digest());
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** SHA-256's block size: HMAC pads its key to it. */
const BLOCK_BYTES = 64;

/** A key's two HMAC pads (RFC 2104): the key, hashed first when longer than a block, XOR 0x36 / 0x5c. */
type HmacPads = { inner: Uint8Array; outer: Uint8Array };

/**
 * The pads of a key, made once per key. Keys are few and long-lived (one per credential scope, in
 * the `CredentialCache`); a key that is dropped drops its pads with it.
 */
const padsByKey = new WeakMap<Uint8Array, HmacPads>();

function padsOf(crypto: NodeCrypto, key: Uint8Array): HmacPads {
  let pads = padsByKey.get(key);
  if (pads === undefined) {
    const block = new Uint8Array(BLOCK_BYTES);
    block.set(key.length > BLOCK_BYTES ? crypto.createHash('sha256').update(key).digest() : key);
    pads = { inner: block.map((byte) => byte ^ 0x36), outer: block.map((byte) => byte ^ 0x5c) };
    padsByKey.set(key, pads);
  }
  return pads;
}

/**
 * HMAC-SHA256 of `text` under `key`. With `node:crypto` it is computed as RFC 2104 defines it, two
 * SHA-256 passes over the key's pads: the same bytes as `createHmac`, which costs about twice as
 * much when it runs once per response in a process that slept in between (its key import and
 * context set-up; measured 30 against 18 µs on Node 20 and 22, 49 against 22 µs on Node 24).
 */
export async function hmacSha256(key: Uint8Array, text: string): Promise<Uint8Array> {
  if (nodeCrypto) {
    const { inner, outer } = padsOf(nodeCrypto, key);
    const innerHash = nodeCrypto.createHash('sha256').update(inner).update(text).digest();
    return new Uint8Array(nodeCrypto.createHash('sha256').update(outer).update(innerHash).digest());
  }
  const subtle = globalThis.crypto.subtle;
  const imported = await subtle.importKey(
    'raw',
    key as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle.sign('HMAC', imported, encoder.encode(text)));
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Bytes as base64url without padding (the alphabet of ids in URLs and JSON). In plain JavaScript
 * on every runtime: the inputs are hashes and tags of 3 to 32 bytes, for which a call into
 * `Buffer` costs more than the loop (a digest encodes four of them).
 */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    text += BASE64URL[n >> 18] + BASE64URL[(n >> 12) & 63] + BASE64URL[(n >> 6) & 63];
    text += BASE64URL[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 0) return text;
  const n = (bytes[i] << 16) | (rest === 2 ? bytes[i + 1] << 8 : 0);
  text += BASE64URL[n >> 18] + BASE64URL[(n >> 12) & 63];
  return rest === 2 ? text + BASE64URL[(n >> 6) & 63] : text;
}

/** String equality whose time depends on the length only, not on where the strings differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
