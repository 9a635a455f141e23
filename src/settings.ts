import type { PoolSettings } from './pool/pool-settings';
import type { WebSocketConstructor } from './pool/socket-handle';

/** Settings of `createOpenAIWebSocket(settings?)`; docs/architecture.md says what each layer does with them. */
export type OpenAIWebSocketSettings = {
  /** API key, or a function returning one (re-read for every call). Default: `OPENAI_API_KEY`. */
  apiKey?: string | (() => string);
  /** HTTP base URL; the socket URL is derived from it. Default: `OPENAI_BASE_URL`, else `https://api.openai.com/v1`. */
  baseURL?: string;
  /** Sent as `OpenAI-Organization`. */
  organization?: string;
  /** Sent as `OpenAI-Project`. */
  project?: string;
  /** Extra headers on the upgrade request and the HTTP fallback. */
  headers?: Record<string, string>;
  /** `model.provider`. Default `openai.websocket`. */
  name?: string;
  /**
   * A WebSocket constructor that can send headers (e.g. Node 22's global `WebSocket`). Default:
   * the `ws` package. `null` declares that this runtime has none (then `transport: 'auto'` uses HTTP).
   */
  webSocket?: WebSocketConstructor | null;
  /** fetch used by the HTTP fallback. */
  fetch?: typeof fetch;
  /** 'auto' (default): WebSocket, HTTP streaming when the socket cannot be used. 'websocket': never HTTP. */
  transport?: 'auto' | 'websocket';
  /**
   * 'auto' (default): a continuation sends only the new items with `previous_response_id`
   * whenever the server holds the rest. 'full': every call sends its whole input (still over the
   * pooled socket), for gateways and test servers that keep no state.
   */
  inputMode?: 'auto' | 'full';
  /** Pool limits and timeouts; see the README for the defaults. */
  pool?: Partial<PoolSettings>;
  /** Largest `response.create` frame sent over a socket (default 15 MiB); larger calls use HTTP with 'auto'. */
  maxFrameBytes?: number;
};
