/**
 * Public types of the mock OpenAI Responses server (`ai-sdk-openai-ws/testing`).
 *
 * See `src/testing/README.md` for the behaviour behind each type: the default rule, scripted
 * outputs, faults, request records and the cost model.
 */

import type { BundledRecording } from './recordings';

/** Optional delays that make the mock cost what a real server costs (for the benchmark). */
export type MockCostModel = {
  /** Fixed delay before the first event of every response (network + queueing). */
  latencyMs?: number;
  /**
   * Delay per KiB of context the server must process: the whole context when no cached
   * parent is used, only the new input when continuing a parent (from the socket cache or the
   * store).
   */
  perKbMs?: number;
  /** Extra fixed delay when the parent is reloaded from the server-wide store. */
  storageLoadMs?: number;
  /** Delay between two events of a stream (generation time; lets tests abort mid-stream). */
  perEventMs?: number;
};

export type MockServerOptions = {
  /** Accepted Bearer keys. Default `[MOCK_API_KEY]` (`'test-key'`). */
  apiKeys?: string[];
  /** Delays modelling server cost; all zero (off) by default. */
  costModel?: MockCostModel;
  /**
   * A folder of your own recordings: `{ replay: name }` looks here first, then among the
   * recordings bundled with the package. No default.
   */
  fixturesDir?: string;
};

/** Outcome of one recorded request. */
export type MockRequestStatus =
  /** Waiting in its lane's queue or for one of the connection's 16 in-flight slots. */
  | 'queued'
  /** Accepted, response still streaming. */
  | 'in_progress'
  /** Terminal `response.completed` sent. */
  | 'completed'
  /** Terminal `response.incomplete` sent. */
  | 'incomplete'
  /** Terminal `response.failed` sent (with or without a preceding mid-stream error event). */
  | 'failed'
  /** Rejected with an error event / HTTP error before any response was created. */
  | 'error'
  /** Stream cut short (or never started): the socket closed or was terminated. */
  | 'interrupted';

/**
 * What the server saw for one `response.create` frame or `POST /v1/responses`. Tests assert on
 * these records: they prove which bytes went over the wire and what context the server rebuilt.
 */
export interface MockRequestRecord {
  /** 1-based arrival number (restarts after `reset()`). */
  id: number;
  /**
   * `request`: a `response.create` frame or a POST (invalid frames too); `steer`: a
   * `response.steer` frame; `successor`: a response the server started on its own to commit
   * accepted steering input (nothing arrived on the wire for it).
   */
  kind: 'request' | 'steer' | 'successor';
  transport: 'websocket' | 'http';
  /** Server-side socket number (1-based, never reused); `null` over HTTP. */
  socketId: number | null;
  /** The lane (`stream_id`); `null` for the default lane and over HTTP. */
  streamId: string | null;
  /** Milliseconds the request waited in a queue before it started (0: it started at once). */
  queuedMs: number;
  /** What it waited for on arrival: its busy lane, or a free one of the 16 in-flight slots. */
  queuedFor: 'lane' | 'connection' | null;
  /** Responses in flight on its connection when it started, itself included (0 over HTTP). */
  inFlight: number;
  /** Named lanes registered on its connection once it arrived (0 over HTTP). */
  lanes: number;
  /** The frame or body exactly as received. */
  raw: string;
  /** UTF-8 byte length of `raw`. */
  bytes: number;
  /** `raw` parsed (empty object when it was not a JSON object). */
  body: Record<string, unknown>;
  previousResponseId: string | null;
  /**
   * `body.input` as items (a string input becomes one user message item); for a successor, the
   * steering input it commits.
   */
  input: unknown[];
  /**
   * The full context the model saw: the parent's context and output, then the new input with
   * `item_reference` items replaced by the items they name. Empty when the request failed
   * before the context was rebuilt.
   */
  context: unknown[];
  /** One human-readable line per duplicated item in `context` (see README). */
  duplicates: string[];
  /** Id of the response created for this request (`null` when none was created). */
  responseId: string | null;
  /** The error sent instead of (or in the middle of) a response. */
  error: { code: string | null; message: string } | null;
  /** Where `previous_response_id` was found. */
  parentSource: 'socket-cache' | 'store' | null;
  /** The parent came from another lane's cache: this request forked it onto its own lane. */
  forked: boolean;
  status: MockRequestStatus;
  /** Bytes of context the cost model charged for (see README, "Cost model"). */
  processedBytes: number;
  /** Delay the cost model added before the first event, in ms. */
  costDelayMs: number;
  /** Events sent for this request (frames over WebSocket, SSE events over HTTP). */
  eventsSent: number;
}

export type ScriptedReasoning = {
  /** Summary text, streamed as `reasoning_summary_*` events. Omit for a summary-less item. */
  summary?: string;
};

/**
 * One tool call of a scripted response. Without `type`, a `function_call`. The other kinds are
 * the calls of OpenAI's provider tools, as the real server emits them: the round-trip tools the
 * client runs (`custom`, `local_shell`, `shell`, `apply_patch`; its result comes back as the
 * matching `*_output` item) and MCP (`mcp_approval_request`, answered by an
 * `mcp_approval_response`; `mcp_call`, the server's own call of an MCP tool).
 */
export type ScriptedToolCall =
  | {
      type?: 'function';
      name: string;
      /** An object (serialised with `JSON.stringify`) or the raw argument string. */
      arguments: Record<string, unknown> | string;
    }
  /** A custom (free-form) tool call: `custom_tool_call` with this `input` text. */
  | { type: 'custom'; name: string; input: string }
  /** `local_shell_call` (an `exec` action). */
  | {
      type: 'local_shell';
      command: string[];
      timeoutMs?: number;
      workingDirectory?: string;
      env?: Record<string, string>;
      user?: string;
    }
  /** `shell_call` on the client's machine. */
  | { type: 'shell'; commands: string[]; timeoutMs?: number; maxOutputLength?: number }
  /** `apply_patch_call`: one file operation. */
  | {
      type: 'apply_patch';
      operation:
        | { type: 'create_file' | 'update_file'; path: string; diff: string }
        | { type: 'delete_file'; path: string };
    }
  /** An MCP call that needs the client's approval: `mcp_approval_request`. */
  | {
      type: 'mcp_approval_request';
      serverLabel: string;
      name: string;
      arguments: Record<string, unknown> | string;
    }
  /**
   * An MCP call the server made: `mcp_call` with this `output`. It answers an approval when the
   * request's input approves one (`approval_request_id` names it).
   */
  | {
      type: 'mcp_call';
      serverLabel: string;
      name: string;
      arguments: Record<string, unknown> | string;
      output: string;
    };

/** One scripted response: what the next request that reaches the model answers. */
export type ScriptedOutput =
  | { text: string; reasoning?: ScriptedReasoning }
  | { toolCalls: ScriptedToolCall[]; text?: string; reasoning?: ScriptedReasoning }
  | {
      /**
       * A bundled recording's name, a file name in `fixturesDir` (`.chunks.txt` optional), or a
       * path to a recording (any value with a `/`; relative to the working directory).
       */
      replay: BundledRecording | (string & {});
      /** Which response of a multi-response file (0-based, split at `response.created`). */
      responseIndex?: number;
    }
  | { status: 'incomplete'; reason?: 'max_output_tokens' | 'content_filter'; text?: string }
  | { status: 'failed'; code?: string; message?: string };

/**
 * Restricts a request fault to one transport, and over WebSocket to one lane (`streamId`, `null`
 * for the default lane); by default the next request of any transport and lane takes it.
 */
type TransportFilter = { transport?: 'websocket' | 'http'; streamId?: string | null };

/** A one-shot failure armed with `server.fault(f)`. Several may be armed at once. */
export type Fault =
  /** Reject the next `count` (default 1) WebSocket upgrades with this HTTP status. */
  | { type: 'reject-upgrade'; status: 401 | 403 | 426 | 500 | number; count?: number }
  /** Close (code `closeCode`, default 1011) or terminate (TCP reset) before the first event. */
  | ({
      type: 'close-before-first-event' | 'terminate-before-first-event';
      closeCode?: number;
    } & TransportFilter)
  /** Send `events` events, then close (code `closeCode`, default 1011) or terminate. */
  | ({
      type: 'close-after-events' | 'terminate-after-events';
      events: number;
      closeCode?: number;
    } & TransportFilter)
  /** The next request carrying `previous_response_id` fails with `previous_response_not_found`. */
  | ({ type: 'previous-response-not-found' } & TransportFilter)
  /** The next WebSocket request gets `websocket_connection_limit_reached`, then the socket closes. */
  | { type: 'connection-limit-on-request'; closeCode?: number; streamId?: string | null }
  /**
   * After `afterMs` (default 0), every idle socket gets an unsolicited
   * `websocket_connection_limit_reached` error and is closed.
   */
  | { type: 'connection-limit-idle'; afterMs?: number; closeCode?: number }
  /** The next response carries one unparseable frame after `afterEvents` (default 0) events. */
  | ({ type: 'malformed-frame'; afterEvents?: number } & TransportFilter)
  /**
   * The next request gets an error. `shape: 'request'` (default): an error event (WebSocket) or
   * an HTTP error status (HTTP) before any response. `shape: 'mid-stream'`: `response.created`,
   * `response.in_progress`, the error event, then `response.failed`.
   */
  | ({
      type: 'error-event';
      status?: number;
      /** `null` as the real server sends for some server errors (`openai-error-null-code.1`). */
      code: string | null;
      message?: string;
      shape?: 'request' | 'mid-stream';
      headers?: Record<string, string>;
    } & TransportFilter)
  /**
   * Before anything else of the next WebSocket request (its refusal or its response), send
   * `event` on its lane, as it is: a late event of the lane's previous response, arriving once
   * the client has sent its next request.
   */
  | { type: 'stray-event'; event: Record<string, unknown>; streamId?: string | null }
  /** Delay the first event of the next response by `ms`. */
  | ({ type: 'delay-first-event'; ms: number } & TransportFilter)
  /** From now until `reset()`, no socket answers pings. */
  | { type: 'ignore-pings' };

export interface MockResponsesServer {
  /** HTTP base URL to pass as `baseURL`, e.g. `http://127.0.0.1:PORT/v1`. */
  url: string;
  /** WebSocket URL of the responses endpoint, e.g. `ws://127.0.0.1:PORT/v1/responses`. */
  wsUrl: string;
  /**
   * Every request (`response.create` / `response.steer` frame, HTTP POST, steering successor),
   * in arrival order.
   */
  requests: MockRequestRecord[];
  /** Queue scripted outputs: the next requests that reach the model take them, in order. */
  enqueue(...outputs: ScriptedOutput[]): void;
  /** Arm a one-shot fault. */
  fault(f: Fault): void;
  /** Server-side socket counts: currently open, and accepted since start. */
  sockets(): { open: number; opened: number };
  /** Close every open socket from the server side (default code 1001, going away). */
  closeAllSockets(code?: number): void;
  /** Forget records, scripts, faults, socket caches and the store; open sockets stay open. */
  reset(): void;
  /** Close every socket and the server; leaves no handle open. */
  close(): Promise<void>;
}
