import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendHttpError } from './event-sink';
import { type Item, itemType } from './items';
import type { MockEngine } from './mock-engine';
import { mockErrors } from './mock-errors';
import type { StoredResponse } from './response-store';

const ROUTE = /^\/v1\/responses\/([^/]+)(?:\/(input_items|cancel))?$/;

/**
 * The stored-response routes: retrieve (`GET /v1/responses/{id}`; `?stream=true` is refused as
 * the real API refuses it for responses not run in background), `GET /v1/responses/{id}/input_items`, `DELETE
 * /v1/responses/{id}` and `POST /v1/responses/{id}/cancel`. Only responses created with
 * `store` not false are found. Returns false when the path is none of these.
 */
export function handleResponseRoute(
  engine: MockEngine,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
  const match = ROUTE.exec(url.pathname);
  if (!match) return false;
  const [, rawId, sub] = match;
  const method = req.method ?? 'GET';
  const route = `${method} ${sub ?? ''}`;
  if (!['GET ', 'DELETE ', 'GET input_items', 'POST cancel'].includes(route)) return false;
  req.resume();

  const id = decodeSegment(rawId);
  const stored = engine.store.get(id);
  if (!stored) {
    sendHttpError(res, mockErrors.responseNotFound(id));
    return true;
  }
  switch (route) {
    case 'GET ':
      if (url.searchParams.get('stream') === 'true') sendHttpError(res, mockErrors.notStreamable());
      else sendJson(res, stored.response);
      return true;
    case 'GET input_items':
      sendJson(res, inputItemsPage(engine, stored, url.searchParams));
      return true;
    case 'DELETE ':
      engine.store.delete(stored.id);
      sendJson(res, { id: stored.id, object: 'response.deleted', deleted: true });
      return true;
    default:
      // The mock runs no background responses, and only those can be cancelled.
      sendHttpError(res, mockErrors.notCancellable());
      return true;
  }
}

/** A path segment decoded; a broken percent escape (`%E0%A4%A`) names no response, as typed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Input items with the ids the listing gave them (copies: records keep what was sent). */
const listedInputs = new WeakMap<StoredResponse, Item[]>();

/**
 * The items the request added (its input, references resolved), as a cursor page: `order`
 * (default `desc`), `limit` (1–100, default 20), `after` (an item id). Items the client sent
 * without an id get one here, once, so pages and `item_reference`s can name them.
 */
function inputItemsPage(engine: MockEngine, stored: StoredResponse, query: URLSearchParams) {
  let listed = listedInputs.get(stored);
  if (!listed) {
    listed = stored.input.map((item) => ({
      type: itemType(item),
      ...item,
      id: typeof item.id === 'string' ? item.id : engine.ids.next('item'),
    }));
    listedInputs.set(stored, listed);
  }
  const ordered: Item[] = query.get('order') === 'asc' ? [...listed] : [...listed].reverse();
  const after = query.get('after');
  const start = after === null ? 0 : ordered.findIndex((item) => item.id === after) + 1;
  const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 20) || 20));
  const data = ordered.slice(start, start + limit);
  return {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
    has_more: start + limit < ordered.length,
  };
}
