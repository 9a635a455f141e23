import { InvalidArgumentError } from '@ai-sdk/provider';
import { LRUCache } from 'lru-cache';
import { base64url, sha256 } from '../util/sha256';
import { type DigestKey, deriveDigestKey } from './chain/continuation-digest';

/**
 * The credential scope of a call: a hash of everything that decides whose account a socket speaks
 * for (base URL, API key, organization, project, any other header). Sockets and chain heads are
 * never shared across scopes. Only the hash is kept: the key itself is never stored by the pool.
 */
async function credentialScope(baseURL: string, headers: Record<string, string>): Promise<string> {
  let text = baseURL;
  for (const name of Object.keys(headers).sort()) {
    text += `\n${name.toLowerCase()}:${headers[name]}`;
  }
  return base64url(await sha256(text)).slice(0, 22);
}

/** What a call's credentials give it: its scope, and (unless `inputMode: 'full'`) its digest key. */
type CallCredentials = { scope: string; digestKey: DigestKey | undefined };

/**
 * Digest keys by credential scope, so that a key is derived once per credential rather than per
 * call. Keyed by the scope (a hash), never by the key material; bounded (LRU), as an app that
 * speaks for many accounts may pass a new key on every call. A call still hashes its headers into
 * its scope, which is one SHA-256 of a few hundred bytes.
 */
export class CredentialCache {
  private readonly keys: LRUCache<string, DigestKey>;

  constructor(max = 256) {
    this.keys = new LRUCache({ max });
  }

  get size(): number {
    return this.keys.size;
  }

  /** The scopes it holds keys for (what a heap snapshot of it would show). */
  scopes(): string[] {
    return [...this.keys.keys()];
  }

  async resolve(
    baseURL: string,
    headers: Record<string, string>,
    withDigestKey: boolean,
  ): Promise<CallCredentials> {
    const scope = await credentialScope(baseURL, headers);
    if (!withDigestKey) return { scope, digestKey: undefined };
    let digestKey = this.keys.get(scope);
    if (!digestKey) {
      digestKey = await continuationKey(baseURL, headers);
      this.keys.set(scope, digestKey);
    }
    return { scope, digestKey };
  }
}

/**
 * The key continuation digests are signed with: derived from the credential headers and the base
 * URL only (the account the server stores responses for), so that instances that differ in
 * other headers still verify each other's digests. Kept per scope in a `CredentialCache`; the
 * material it is derived from is never kept.
 */
export function continuationKey(
  baseURL: string,
  headers: Record<string, string>,
): Promise<DigestKey> {
  const auth = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => isCredentialHeader(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return deriveDigestKey([baseURL, ...auth.map(([name, value]) => `${name}:${value}`)].join('\n'));
}

/**
 * Headers of a call, as `@ai-sdk/openai` sends them: names in lower case, one value per name (a
 * later spelling wins: a per-call header over the settings, the `headers` setting over the
 * key), none undefined. So the scope and the digest key are computed from exactly what goes on
 * the wire: a WHATWG socket would send `Authorization` and `authorization` as one header with
 * both values, and a socket would refuse an undefined one.
 *
 * The socket carries the provider's headers and only the per-call credentials: a socket outlives
 * the call, and per-call extras (the AI SDK's user-agent, tracing ids) must not split the pool
 * into scopes that never reuse each other. The HTTP fallback sends them all, as @ai-sdk/openai
 * does.
 */
export function splitHeaders(
  provider: Record<string, string | undefined>,
  perCall: Record<string, string | undefined> | undefined,
) {
  const socketHeaders = lowerCased(provider);
  const httpHeaders = { ...socketHeaders };
  for (const [name, value] of Object.entries(lowerCased(perCall ?? {}))) {
    httpHeaders[name] = value;
    if (isCredentialHeader(name)) socketHeaders[name] = value;
  }
  return { socketHeaders, httpHeaders };
}

function lowerCased(headers: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [spelled, value] of Object.entries(headers)) {
    if (value == null) continue;
    const name = spelled.toLowerCase();
    // Fetch strips these, so a key read from a file with its line break works with @ai-sdk/openai.
    const trimmed = value.replace(EDGE_WHITESPACE, '');
    if (INVALID_VALUE.test(trimmed)) throw invalidHeader(name);
    result[name] = trimmed;
  }
  return result;
}

const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
/** What no header value may hold (Node's own check): control characters but tab, and past U+00FF. */
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Thrown before any request. Fetch would throw a TypeError that quotes the value, and the value
 * is the API key when the header is the key's: the error names the header only.
 */
function invalidHeader(name: string): InvalidArgumentError {
  const hint = name === 'authorization' ? ' (the API key: apiKey or OPENAI_API_KEY)' : '';
  return new InvalidArgumentError({
    argument: `headers.${name}`,
    message: `Invalid value of header ${name}${hint}: it holds a line break or another character no HTTP header can carry. The value is not shown, as it may be a secret.`,
  });
}

/**
 * Names (in lower case) of headers that may say who the caller is: OpenAI's own, and the
 * credentials of the gateways and proxies put in front of it, which use names of their own
 * (`api-key`, `proxy-authorization`, `cookie`, `cf-aig-authorization`, `x-portkey-api-key`,
 * `helicone-auth`, …). Such a per-call header goes on the upgrade of a socket of its own scope,
 * as it authenticates the call over HTTP; dropped, the call would run on a socket opened with the
 * provider's credentials alone.
 */
const CREDENTIAL_NAME = /auth|key|token|secret|cookie|credential|^openai-(organization|project)$/;

/**
 * Whether a header (its name in lower case) is a credential. `idempotency-key` names a key of
 * the request, not of the caller: new on every call, it would give each call a socket of its own.
 */
function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_NAME.test(name) && name !== 'idempotency-key';
}
