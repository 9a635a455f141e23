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

/** `http(s)://host/v1` → `ws(s)://host/v1/responses`. */
export function webSocketURL(baseURL: string): string {
  return `${baseURL.replace(/^http/i, 'ws')}/responses`;
}
