/**
 * Response headers minus anything that could carry a secret: cookies and credential-bearing
 * names. Rate-limit headers (`x-ratelimit-*-tokens`) and request ids stay: `@ai-sdk/openai`
 * reports them, and they are what a caller needs to read a failure.
 */
export function withoutSecrets(headers: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET.test(name)) kept[name] = value;
  }
  return kept;
}

const SECRET = /cookie|authorization|api-key|secret|credential|session|access-token|auth-token/i;
