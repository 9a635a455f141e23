import type { IncomingMessage } from 'node:http';

/**
 * The URL of a request, or `null` when its target is not one: Node accepts targets such as
 * `//[` that `new URL` rejects, and a throw here would be an uncaught exception in the process
 * of the test that runs the mock. Such a request gets the 404 of an unknown route.
 */
export function requestUrl(req: IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost');
  } catch {
    return null;
  }
}
