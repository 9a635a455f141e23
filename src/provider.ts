import { NoSuchModelError } from '@ai-sdk/provider';
import { loadApiKey, loadOptionalSetting, withoutTrailingSlash } from '@ai-sdk/provider-utils';
import { HttpCalls } from './http/http-calls';
import { HeadStore } from './model/chain/head-store';
import { CredentialCache } from './model/credentials';
import type { ModelConfig } from './model/model-config';
import { ResponsesWebSocketModel } from './model/responses-websocket-model';
import { RefusedUpgrades } from './model/turn/refused-upgrades';
import { DEFAULT_MAX_FRAME_BYTES, responsesURLs } from './model/turn/turn-call';
import { closeLeastRecentIdlePools } from './pool/idle-pools';
import { resolvePoolSettings } from './pool/pool-settings';
import { SessionPool } from './pool/session-pool';
import type { WebSocketConstructor } from './pool/socket-handle';
import type { OpenAIWebSocketSettings } from './settings';
import { sharedStateKey } from './shared-state-key';
import { sharedEntries, sharedInstance } from './util/shared-instance';
import { validateBaseURLFromEnvironment, validateSettings } from './validate-settings';

/**
 * Pool, chain heads and the digest keys of their credentials, shared by every provider
 * configured alike, across module copies.
 */
type SharedState = {
  pool: SessionPool;
  heads: HeadStore;
  credentials: CredentialCache;
  refusedUpgrades: RefusedUpgrades;
};

/**
 * The shape every entry's provider has: `M` is that entry's language model type, `V` its
 * specification version. Structurally a `ProviderV2` / `ProviderV3` / `ProviderV4` (each entry
 * declares which), so `createProviderRegistry` and `customProvider` take it: the model kinds it
 * does not offer throw `NoSuchModelError`, as the specification asks.
 */
export type SpecProvider<M, V extends 'v2' | 'v3' | 'v4'> = {
  (modelId: string): M;
  readonly specificationVersion: V;
  languageModel(modelId: string): M;
  /** The same model as `languageModel` (the Responses API is the only one this package speaks). */
  responses(modelId: string): M;
  /** Not offered: throws `NoSuchModelError`. */
  embeddingModel(modelId: string): never;
  /** Not offered: throws `NoSuchModelError` (the V2 name of `embeddingModel`). */
  textEmbeddingModel(modelId: string): never;
  /** Not offered: throws `NoSuchModelError`. */
  imageModel(modelId: string): never;
  /**
   * Closes every socket of this provider's pool and ends its calls under way, over HTTP too;
   * pooled sockets never keep a process alive anyway.
   */
  close(): Promise<void>;
};

/**
 * The callable provider object of every entry: one neutral model per call of `languageModel`,
 * wrapped by that entry's spec adapter (`wrap`), over the pool and chain heads this provider
 * shares with every provider configured alike.
 */
export function buildProvider<M, V extends 'v2' | 'v3' | 'v4'>(
  settings: OpenAIWebSocketSettings | undefined,
  wrap: (model: ResponsesWebSocketModel) => M,
  specificationVersion: V,
): SpecProvider<M, V> {
  const core = createProviderCore(settings);
  const languageModel = (modelId: string) => wrap(core.languageModel(modelId));
  return Object.assign((modelId: string) => languageModel(modelId), {
    specificationVersion,
    languageModel,
    responses: languageModel,
    close: core.close,
    ...unsupportedModels,
  });
}

/** A default instance created on first use, so importing the entry never throws. */
export function lazyProvider<M, V extends 'v2' | 'v3' | 'v4'>(
  specificationVersion: V,
  create: () => SpecProvider<M, V>,
): SpecProvider<M, V> {
  let instance: SpecProvider<M, V> | undefined;
  const get = () => (instance ??= create());
  return Object.assign((modelId: string) => get()(modelId), {
    specificationVersion,
    languageModel: (modelId: string) => get().languageModel(modelId),
    responses: (modelId: string) => get().responses(modelId),
    close: () => instance?.close() ?? Promise.resolve(),
    ...unsupportedModels,
  });
}

const notSupported =
  (modelType: 'embeddingModel' | 'textEmbeddingModel' | 'imageModel') =>
  (modelId: string): never => {
    // ai@5's error names the V2 kind `textEmbeddingModel`; the V3 error type has no such kind.
    throw new NoSuchModelError({ modelId, modelType: modelType as 'embeddingModel' });
  };

const unsupportedModels = {
  embeddingModel: notSupported('embeddingModel'),
  textEmbeddingModel: notSupported('textEmbeddingModel'),
  imageModel: notSupported('imageModel'),
};

/**
 * Whether a registry entry's pool has sockets or waiting calls. Asked of entries another copy of
 * this module may have made, so it looks at the shape rather than the class: anything else counts
 * as in use and stays.
 */
function poolInUse(entry: unknown): boolean {
  const pool = (entry as { pool?: { inUse?: unknown } } | undefined)?.pool;
  return typeof pool?.inUse !== 'boolean' || pool.inUse;
}

/** Settings → the neutral model factory, the shared pool and heads, and `close()`. */
function createProviderCore(settings: OpenAIWebSocketSettings = {}) {
  validateSettings(settings);
  const baseURL = resolveBaseURL(settings.baseURL);
  const urls = responsesURLs(baseURL);
  const poolSettings = resolvePoolSettings(settings.pool);
  // This provider's own, not in the shared state: a copy of this module of another version may
  // have made that entry, and closing one provider need not end another's calls over HTTP.
  const httpCalls = new HttpCalls();
  let state: SharedState | undefined;
  const shared = () => {
    if (state) return state;
    state = sharedInstance(
      sharedStateKey(baseURL, poolSettings, settings.webSocket),
      () => ({
        pool: new SessionPool(poolSettings),
        heads: new HeadStore(),
        credentials: new CredentialCache(),
        refusedUpgrades: new RefusedUpgrades(),
      }),
      poolInUse,
    );
    // An entry an older copy of this module made has no such memory yet.
    state.refusedUpgrades ??= new RefusedUpgrades();
    closeLeastRecentIdlePools(sharedEntries(), state);
    return state;
  };

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
    urls,
    headers,
    webSocket: settings.webSocket ?? undefined,
    webSocketUnavailable: webSocketUnavailable(settings.webSocket),
    fetch: settings.fetch,
    transport: settings.transport ?? 'auto',
    inputMode: settings.inputMode ?? 'auto',
    pool: shared().pool,
    httpCalls,
    heads: shared().heads,
    credentials: shared().credentials,
    refusedUpgrades: shared().refusedUpgrades,
    poolSettings,
    maxFrameBytes: settings.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES,
  });

  return {
    languageModel: (modelId: string) => new ResponsesWebSocketModel(modelId, config()),
    close: async () => {
      // Calls under way fail, over either transport; calls made afterwards run normally.
      httpCalls.closeAll();
      if (state) {
        await state.pool.close();
        state.heads.clear();
        state.refusedUpgrades.clear();
      }
    },
  };
}

/** As `@ai-sdk/openai`: the setting, else `OPENAI_BASE_URL`, else OpenAI. */
function resolveBaseURL(setting: string | undefined): string {
  const fromEnvironment =
    setting === undefined
      ? loadOptionalSetting({ settingValue: undefined, environmentVariableName: 'OPENAI_BASE_URL' })
      : undefined;
  if (fromEnvironment) validateBaseURLFromEnvironment(fromEnvironment);
  return withoutTrailingSlash(setting ?? fromEnvironment) ?? 'https://api.openai.com/v1';
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
