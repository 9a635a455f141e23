import { type DigestKey, deriveDigestKey } from './chain/continuation-digest';

/**
 * The credential scope of a call: a hash of everything that decides whose account a socket speaks
 * for (base URL, API key, organization, project, any other header). Sockets and chain heads are
 * never shared across scopes. Only the hash is kept: the key itself is never stored by the pool.
 */
export async function credentialScope(
  baseURL: string,
  headers: Record<string, string>,
): Promise<string> {
  let text = baseURL;
  for (const name of Object.keys(headers).sort()) {
    text += `\n${name.toLowerCase()}:${headers[name]}`;
  }
  // WebCrypto, not node:crypto: the module must load (and fail clearly, or fall back to HTTP)
  // in edge runtimes and browsers too. Node 20 has globalThis.crypto.
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  const base64 = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').slice(0, 22);
}

/**
 * The key continuation digests are signed with: derived from the auth-bearing headers and the
 * base URL only (the account the server stores responses for), so that instances that differ in
 * other headers still verify each other's digests. Derived per call, never kept.
 */
export function continuationKey(
  baseURL: string,
  headers: Record<string, string>,
): Promise<DigestKey> {
  const auth = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter(([name]) => AUTH_HEADERS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return deriveDigestKey([baseURL, ...auth.map(([name, value]) => `${name}:${value}`)].join('\n'));
}

/**
 * Headers of a call. The socket carries the provider's headers (auth, organization, project, the
 * `headers` setting) and only the auth-bearing per-call headers: a socket outlives the call, and
 * per-call extras (the AI SDK's user-agent, tracing ids) must not split the pool into scopes that
 * never reuse each other. The HTTP fallback sends them all, as @ai-sdk/openai does.
 */
export function splitHeaders(
  provider: Record<string, string>,
  perCall: Record<string, string | undefined> | undefined,
) {
  const socketHeaders = { ...provider };
  const httpHeaders = { ...provider };
  for (const [name, value] of Object.entries(perCall ?? {})) {
    if (value === undefined) continue;
    httpHeaders[name] = value;
    if (AUTH_HEADERS.has(name.toLowerCase())) socketHeaders[name] = value;
  }
  return { socketHeaders, httpHeaders };
}

const AUTH_HEADERS = new Set([
  'authorization',
  'api-key',
  'x-api-key',
  'openai-organization',
  'openai-project',
]);
