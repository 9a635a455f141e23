import type { PoolSettings } from '../pool/pool-settings';
import type { SessionPool } from '../pool/session-pool';
import type { WebSocketConstructor } from '../pool/socket-handle';
import type { HeadStore } from './chain/head-store';

/** Everything a model needs from its provider; built once by `createOpenAIWebSocket`. */
export type ModelConfig = {
  /** `model.provider`, e.g. 'openai.websocket'. */
  provider: string;
  /** Key of `providerOptions` / `providerMetadata` ('openai', as @ai-sdk/openai). */
  providerOptionsName: string;
  /** HTTP base, e.g. https://api.openai.com/v1 (no trailing slash). */
  baseURL: string;
  /** Auth + organization/project + user headers for a call; re-read per call (keys may rotate). */
  headers: () => Record<string, string>;
  webSocket: WebSocketConstructor | undefined;
  /** Why the runtime cannot open a credentialed WebSocket, if it cannot. */
  webSocketUnavailable: string | undefined;
  fetch: typeof fetch | undefined;
  transport: 'auto' | 'websocket';
  pool: SessionPool;
  heads: HeadStore;
  poolSettings: PoolSettings;
  /** Largest `response.create` frame sent over the socket. */
  maxFrameBytes: number;
};

/** 15 MiB: below the ~16 MiB at which the server closes the socket with 1009. */
export const DEFAULT_MAX_FRAME_BYTES = 15 * 1024 * 1024;
