/**
 * The headers a WebSocket call reports as `response.headers`: those of the socket's upgrade
 * response (request id, rate limits, processing time: what `@ai-sdk/openai` reports for its
 * POST), minus anything that could carry a secret: cookies and credential-bearing headers.
 * Undefined when the socket kind does not report its upgrade (WHATWG sockets).
 */
export function responseHeaders(
  upgradeHeaders: Record<string, string> | undefined,
): Record<string, string> | undefined {
  if (upgradeHeaders === undefined) return undefined;
  let kept = keptBySocket.get(upgradeHeaders);
  if (!kept) {
    kept = {};
    for (const [name, value] of Object.entries(upgradeHeaders)) {
      if (!SECRET.test(name)) kept[name] = value;
    }
    keptBySocket.set(upgradeHeaders, kept);
  }
  // Each call gets its own object: what one caller does with it never reaches another.
  return { ...kept };
}

/** A socket's upgrade headers never change: they are filtered once for all of its calls. */
const keptBySocket = new WeakMap<Record<string, string>, Record<string, string>>();

/** Names that may carry a secret; rate-limit headers (`x-ratelimit-*-tokens`) do not. */
const SECRET = /cookie|authorization|api-key|secret|credential|session|access-token|auth-token/i;
