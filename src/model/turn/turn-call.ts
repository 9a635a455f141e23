import type { HttpCalls } from '../../http/http-calls';
import type { PoolSettings } from '../../pool/pool-settings';
import type { SessionPool } from '../../pool/session-pool';
import type { WebSocketConstructor } from '../../pool/socket-handle';
import type { ChainHead, HeadStore } from '../chain/head-store';
import type { ChainCall } from '../chain/record-head';
import type { RefusedUpgrades } from './refused-upgrades';

/** The Responses endpoint of a provider, over HTTP and as a socket. */
export type ResponsesURLs = { http: string; webSocket: string };

/**
 * `https://host/v1` → `https://host/v1/responses` and `wss://host/v1/responses`: the one place
 * the endpoint path is spelled.
 */
export function responsesURLs(baseURL: string): ResponsesURLs {
  const http = `${baseURL}/responses`;
  return { http, webSocket: http.replace(/^http/i, 'ws') };
}

/** 15 MiB: below the ~16 MiB at which the server closes the socket with 1009. */
export const DEFAULT_MAX_FRAME_BYTES = 15 * 1024 * 1024;

/** What running a turn needs from the provider (the provider builds it once per model). */
export type TurnConfig = {
  /** Key of `providerOptions` / `providerMetadata` ('openai', as @ai-sdk/openai). */
  providerOptionsName: string;
  urls: ResponsesURLs;
  webSocket: WebSocketConstructor | undefined;
  /** Why the runtime cannot open a credentialed WebSocket, if it cannot. */
  webSocketUnavailable: string | undefined;
  fetch: typeof fetch | undefined;
  transport: 'auto' | 'websocket';
  /** 'full': every call sends its whole input (still over the pooled socket). */
  inputMode: 'auto' | 'full';
  pool: SessionPool;
  /** The calls under way over HTTP, which `provider.close()` ends as the pool ends its own. */
  httpCalls: HttpCalls;
  heads: HeadStore;
  /** Scopes whose upgrades failed lately: with transport 'auto' their calls go over HTTP at once. */
  refusedUpgrades: RefusedUpgrades;
  poolSettings: PoolSettings;
  /** Largest `response.create` frame sent over the socket. */
  maxFrameBytes: number;
};

/** One call, planned: what the turn sends, where, and which chain head it may continue. */
export type TurnCall = ChainCall & {
  config: TurnConfig;
  /** The request's non-input settings as JSON (the frame's text reuses it). */
  settingsKey: string;
  /** Upgrade headers of a new socket: the provider's, and the per-call credentials (splitHeaders). */
  headers: Record<string, string>;
  /** Headers of the HTTP fallback: all of them. */
  httpHeaders: Record<string, string>;
  /** The head the prompt continues, if known (of this process, or verified by its digest). */
  head: ChainHead | undefined;
  /** Without a head: why (the reason of the full-input call). */
  missing: string;
  signal: AbortSignal | undefined;
  /**
   * The pool's generation when the call began: a provider.close() since fails the call, as it
   * fails a queued one, rather than let it open a socket after the close.
   */
  poolGeneration: number;
  /** Stands for the call at the event loop's slices (`sliceRoom`), through all its checks. */
  sliceKey: object;
  /**
   * The server answered `Item with id '…' not found` for an item the prompt refers to: remember
   * that it was never stored and rebuild this call with it inline. False when the prompt does not
   * refer to that item (then nothing changes).
   */
  inlineItem(itemId: string): Promise<boolean>;
  /** How the response's events are mapped for this call. */
  mapping: {
    /** `providerOptions.openai.logprobs` was asked for: collect them into the finish metadata. */
    logprobs: boolean;
    /** MCP approval request id → the tool call id the prompt knows it by (read when needed). */
    approvalToolCallIds: () => Record<string, string>;
    /** doGenerate: report a finished response as its output items (stream-events.ts). */
    generate: boolean;
  };
};
