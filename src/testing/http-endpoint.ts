import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonSink, sendHttpError, sseSink } from './event-sink';
import { handleHttpRequest } from './handle-request';
import { handleResponseRoute } from './http-routes';
import type { MockEngine } from './mock-engine';
import { mockErrors } from './mock-errors';
import { requestUrl } from './request-url';

/** Whether the request carries `Authorization: Bearer <one of the accepted keys>`. */
export function isAuthorized(req: IncomingMessage, apiKeys: ReadonlySet<string>): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return apiKeys.has(header.slice('Bearer '.length).trim());
}

/**
 * `POST /v1/responses`: the same request pipeline as the WebSocket endpoint, answered as SSE
 * (`stream: true`) or as one JSON response. HTTP has no socket cache, so a
 * `previous_response_id` must name a stored response. The stored-response routes are in
 * `http-routes.ts`.
 */
export function createHttpHandler(
  engine: MockEngine,
  apiKeys: ReadonlySet<string>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    res.on('error', () => {});
    const url = requestUrl(req);
    const path = url?.pathname ?? String(req.url);
    if (url && !isAuthorized(req, apiKeys) && path.startsWith('/v1/responses')) {
      req.resume();
      sendHttpError(res, mockErrors.unauthorized());
      return;
    }
    if (url && handleResponseRoute(engine, req, res, url)) return;
    if (req.method !== 'POST' || path !== '/v1/responses') {
      req.resume();
      sendHttpError(
        res,
        mockErrors.custom('not_found', { status: 404, message: `No route ${req.method} ${path}.` }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      void handleHttpRequest(engine, raw, wantsStream(raw) ? sseSink(res) : jsonSink(res));
    });
  };
}

function wantsStream(raw: string): boolean {
  try {
    return (JSON.parse(raw) as { stream?: unknown }).stream === true;
  } catch {
    return false;
  }
}
