import { loadApiKey, withoutTrailingSlash } from '@ai-sdk/provider-utils';
import { HeadStore } from './model/chain/head-store';
import { DEFAULT_MAX_FRAME_BYTES, type ModelConfig } from './model/model-config';
import { ResponsesWebSocketModel } from './model/responses-websocket-model';
import { type PoolSettings, resolvePoolSettings } from './pool/pool-settings';
import { SessionPool } from './pool/session-pool';
import type { WebSocketConstructor } from './pool/socket-handle';
import { sharedInstance } from './util/shared-instance';

/** Settings of `createOpenAIWebSocket(settings?)` (API.md). */
export type OpenAIWebSocketSettings = {
  /** API key, or a function returning one (re-read for every call). Default: `OPENAI_API_KEY`. */
  apiKey?: string | (() => string);
  /** HTTP base URL; the socket URL is derived from it. Default `https://api.openai.com/v1`. */
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
  /** Pool limits and timeouts; see the README for the defaults. */
  pool?: Partial<PoolSettings>;
  /** Largest `response.create` frame sent over a socket (default 15 MiB); larger calls use HTTP with 'auto'. */
  maxFrameBytes?: number;
};

/** Pool and chain heads shared by every provider configured alike, across module copies. */
type SharedState = { pool: SessionPool; heads: HeadStore };

/** What the spec entries wrap: a neutral model factory plus `close()`. */
export type ProviderCore = {
  languageModel(modelId: string): ResponsesWebSocketModel;
  close(): Promise<void>;
};

export function createProviderCore(settings: OpenAIWebSocketSettings = {}): ProviderCore {
  const baseURL = withoutTrailingSlash(settings.baseURL) ?? 'https://api.openai.com/v1';
  const poolSettings = resolvePoolSettings(settings.pool);
  let state: SharedState | undefined;
  const shared = () =>
    (state ??= sharedInstance(
      `${baseURL}\n${JSON.stringify(poolSettings)}\n${constructorId(settings.webSocket)}`,
      () => ({
        pool: new SessionPool(poolSettings),
        heads: new HeadStore(),
      }),
    ));

  const headers = (): Record<string, string> => {
    const apiKey = typeof settings.apiKey === 'function' ? settings.apiKey() : settings.apiKey;
    return {
      Authorization: `Bearer ${loadApiKey({ apiKey, environmentVariableName: 'OPENAI_API_KEY', description: 'OpenAI' })}`,
      ...(settings.organization && { 'OpenAI-Organization': settings.organization }),
      ...(settings.project && { 'OpenAI-Project': settings.project }),
      ...settings.headers,
    };
  };

  const config = (): ModelConfig => ({
    provider: settings.name ?? 'openai.websocket',
    providerOptionsName: 'openai',
    baseURL,
    headers,
    webSocket: settings.webSocket ?? undefined,
    webSocketUnavailable: webSocketUnavailable(settings.webSocket),
    fetch: settings.fetch,
    transport: settings.transport ?? 'auto',
    pool: shared().pool,
    heads: shared().heads,
    poolSettings,
    maxFrameBytes: settings.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
  });

  return {
    languageModel: (modelId) => new ResponsesWebSocketModel(modelId, config()),
    close: async () => {
      if (state) {
        await state.pool.close();
        state.heads.clear();
      }
    },
  };
}

// Providers that open sockets with different constructors must not share a pool.
const constructorIds = new WeakMap<object, number>();
let constructorCount = 0;
function constructorId(webSocket: WebSocketConstructor | null | undefined): string {
  if (!webSocket) return String(webSocket);
  if (!constructorIds.has(webSocket)) constructorIds.set(webSocket, ++constructorCount);
  return `ctor-${constructorIds.get(webSocket)}`;
}

/**
 * Browsers and edge runtimes cannot send an Authorization header on a WebSocket upgrade, and the
 * Responses socket accepts no other auth. Say so plainly instead of failing at the handshake.
 */
function webSocketUnavailable(
  webSocket: WebSocketConstructor | null | undefined,
): string | undefined {
  if (webSocket) return undefined;
  const runtime = globalThis as { EdgeRuntime?: unknown; window?: unknown; document?: unknown };
  const where =
    webSocket === null
      ? 'this runtime (webSocket: null)'
      : typeof runtime.EdgeRuntime === 'string'
        ? 'the edge runtime'
        : runtime.window !== undefined && runtime.document !== undefined
          ? 'a browser'
          : undefined;
  if (!where) return undefined;
  return `No WebSocket that can send an Authorization header is available in ${where}. Run the provider in a Node.js server route (e.g. Next.js runtime = 'nodejs', and forward edge requests to it), pass a header-capable constructor as the webSocket setting, or use transport 'auto' to send requests over HTTP.`;
}
