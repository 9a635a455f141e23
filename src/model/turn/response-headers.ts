import { withoutSecrets } from '../../util/secret-headers';

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
    kept = withoutSecrets(upgradeHeaders);
    keptBySocket.set(upgradeHeaders, kept);
  }
  // Each call gets its own object: what one caller does with it never reaches another.
  return { ...kept };
}

/** A socket's upgrade headers never change: they are filtered once for all of its calls. */
const keptBySocket = new WeakMap<Record<string, string>, Record<string, string>>();
