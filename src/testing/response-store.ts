import type { Item } from './items';

/** A finished response as the server remembers it: what it saw and what it produced. */
export type StoredResponse = {
  id: string;
  /** `store` of the request that created it (API default `true`). */
  store: boolean;
  /** The request body: the settings a steering successor inherits, the model it ran on. */
  body: Record<string, unknown>;
  /** The full context the model saw (item references already resolved). */
  context: Item[];
  /** What this request added to the context (its input, references resolved). */
  input: Item[];
  /** Output items, as in the terminal event's `response.output`. */
  output: Item[];
  status: 'completed' | 'incomplete';
  /** The terminal event's `response` object, as `GET /v1/responses/{id}` returns it. */
  response: Record<string, unknown> | null;
};

/**
 * The server-wide store: responses created with `store` not false, reloadable from any socket
 * or over HTTP, plus an index of their items by id for `item_reference` inputs.
 */
export class ResponseStore {
  private readonly responses = new Map<string, StoredResponse>();
  private readonly items = new Map<string, Item>();

  put(response: StoredResponse): void {
    this.responses.set(response.id, response);
    for (const item of [...response.context, ...response.output]) {
      if (typeof item.id === 'string') this.items.set(item.id, item);
    }
  }

  get(id: string): StoredResponse | undefined {
    return this.responses.get(id);
  }

  /** Remove a response (`DELETE /v1/responses/{id}`); its items stay referable. */
  delete(id: string): boolean {
    return this.responses.delete(id);
  }

  findItem(id: string): Item | undefined {
    return this.items.get(id);
  }

  clear(): void {
    this.responses.clear();
    this.items.clear();
  }
}
