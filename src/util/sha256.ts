/**
 * SHA-256 and HMAC-SHA256 for the continuation digests, on whatever the runtime offers:
 * Node's `node:crypto` (synchronous, about five times faster per small item) when
 * `process.getBuiltinModule` can load it, else WebCrypto (Node < 20.16, edge runtimes,
 * browsers). Both give the same bytes. `node:crypto` is never imported statically, so the
 * module loads in an edge bundle too.
 */

type NodeHash = { update(data: Uint8Array | string): NodeHash; digest(): Uint8Array };
/** A `KeyObject`: opaque here, handed back to `createHmac`. */
type NodeSecretKey = object;
type NodeCrypto = {
  createHash(algorithm: 'sha256'): NodeHash;
  createHmac(algorithm: 'sha256', key: Uint8Array | NodeSecretKey): NodeHash;
  createSecretKey(key: Uint8Array): NodeSecretKey;
};

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

/**
 * The `KeyObject` of a key, made once per key: `createHmac` with raw bytes imports them anew on
 * every call, which costs ~30 µs per call on Node 24 (~4 µs with a `KeyObject`). Keys are few and
 * long-lived (one per credential scope, in the `CredentialCache`); a key that is dropped drops
 * its `KeyObject` with it.
 */
const secretKeys = new WeakMap<Uint8Array, NodeSecretKey>();

function secretKey(crypto: NodeCrypto, key: Uint8Array): NodeSecretKey {
  let secret = secretKeys.get(key);
  if (secret === undefined) {
    secret = crypto.createSecretKey(key);
    secretKeys.set(key, secret);
  }
  return secret;
}

/** HMAC-SHA256 of `text` under `key`. */
export async function hmacSha256(key: Uint8Array, text: string): Promise<Uint8Array> {
  if (nodeCrypto) {
    const mac = nodeCrypto.createHmac('sha256', secretKey(nodeCrypto, key));
    return new Uint8Array(mac.update(text).digest());
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

type NodeBuffer = {
  from(
    bytes: ArrayBufferLike,
    offset: number,
    length: number,
  ): { toString(encoding: 'base64url'): string };
};
const nodeBuffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;

/** Bytes as base64url without padding (the alphabet of ids in URLs and JSON). */
export function base64url(bytes: Uint8Array): string {
  // Node's encoder where there is one (a digest encodes several per call); the same text.
  if (nodeBuffer)
    return nodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64url');
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** String equality whose time depends on the length only, not on where the strings differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
