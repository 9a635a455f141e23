import { createHash } from 'node:crypto';

/**
 * The credential scope of a call: a hash of everything that decides whose account a socket speaks
 * for (base URL, API key, organization, project, any other header). Sockets and chain heads are
 * never shared across scopes. Only the hash is kept: the key itself is never stored by the pool.
 */
export function credentialScope(baseURL: string, headers: Record<string, string>): string {
  const hash = createHash('sha256').update(baseURL);
  for (const name of Object.keys(headers).sort()) {
    hash.update(`\n${name.toLowerCase()}:${headers[name]}`);
  }
  return hash.digest('base64url').slice(0, 22);
}

/** `http(s)://host/v1` → `ws(s)://host/v1/responses`. */
export function webSocketURL(baseURL: string): string {
  return `${baseURL.replace(/^http/i, 'ws')}/responses`;
}
