/**
 * Spec-neutral types of the core.
 *
 * The core never imports an AI SDK spec (`LanguageModelV2/V3/V4`). These types are shaped like
 * the V3 spec (the middle of the three), so the V3 adapter is nearly the identity and the V2 / V4
 * adapters only convert the few places where their spec differs.
 */

export type JsonValue = null | string | number | boolean | JsonObject | JsonValue[];
export type JsonObject = { [key: string]: JsonValue | undefined };

/** One Responses input item, exactly as sent. */
export type InputItem = JsonObject;

/** `providerOptions` / `providerMetadata`: provider name → options object. */
export type ProviderOptions = Record<string, Record<string, unknown>>;

// ---------------------------------------------------------------------------------------------
// Prompt

export type TextPart = { type: 'text'; text: string; providerOptions?: ProviderOptions };

/** File data: base64 string, bytes, or URL (adapters turn V4's tagged data into one of these). */
export type FilePart = {
  type: 'file';
  data: string | Uint8Array | URL;
  mediaType: string;
  filename?: string;
  providerOptions?: ProviderOptions;
};

export type ReasoningPart = { type: 'reasoning'; text: string; providerOptions?: ProviderOptions };

export type ToolCallPart = {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
  providerExecuted?: boolean;
  providerOptions?: ProviderOptions;
};

export type ToolResultContentItem =
  | { type: 'text'; text: string; providerOptions?: ProviderOptions }
  | { type: 'media'; data: string; mediaType: string }
  | { type: 'file-data'; data: string; mediaType: string; filename?: string }
  | { type: 'file-url'; url: string; mediaType?: string }
  | { type: 'image-data'; data: string; mediaType: string }
  | { type: 'image-url'; url: string }
  | { type: string; [key: string]: unknown };

export type ToolResultOutput =
  | { type: 'text'; value: string; providerOptions?: ProviderOptions }
  | { type: 'json'; value: JsonValue; providerOptions?: ProviderOptions }
  | { type: 'error-text'; value: string; providerOptions?: ProviderOptions }
  | { type: 'error-json'; value: JsonValue; providerOptions?: ProviderOptions }
  | { type: 'execution-denied'; reason?: string; providerOptions?: ProviderOptions }
  | { type: 'content'; value: ToolResultContentItem[]; providerOptions?: ProviderOptions };

export type ToolResultPart = {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: ToolResultOutput;
  providerOptions?: ProviderOptions;
};

type ToolApprovalResponsePart = {
  type: 'tool-approval-response';
  approvalId: string;
  approved: boolean;
  reason?: string;
  providerOptions?: ProviderOptions;
};

export type Message =
  | { role: 'system'; content: string; providerOptions?: ProviderOptions }
  | { role: 'user'; content: Array<TextPart | FilePart>; providerOptions?: ProviderOptions }
  | {
      role: 'assistant';
      content: Array<TextPart | FilePart | ReasoningPart | ToolCallPart | ToolResultPart>;
      providerOptions?: ProviderOptions;
    }
  | {
      role: 'tool';
      content: Array<ToolResultPart | ToolApprovalResponsePart>;
      providerOptions?: ProviderOptions;
    };

export type Prompt = Message[];

// ---------------------------------------------------------------------------------------------
// Call options

export type FunctionTool = {
  type: 'function';
  name: string;
  description?: string;
  inputSchema: JsonObject;
  strict?: boolean;
  providerOptions?: ProviderOptions;
};

/** A provider tool (V2 calls these `provider-defined`), e.g. `{ id: 'openai.web_search' }`. */
export type ProviderTool = {
  type: 'provider';
  id: `${string}.${string}`;
  name: string;
  args: Record<string, unknown>;
};

export type ToolChoice =
  | { type: 'auto' }
  | { type: 'none' }
  | { type: 'required' }
  | { type: 'tool'; toolName: string };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json'; schema?: JsonObject; name?: string; description?: string };

export type CallOptions = {
  prompt: Prompt;
  maxOutputTokens?: number;
  temperature?: number;
  stopSequences?: string[];
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  responseFormat?: ResponseFormat;
  seed?: number;
  tools?: Array<FunctionTool | ProviderTool>;
  toolChoice?: ToolChoice;
  /** V4's top-level reasoning option; mapped like `providerOptions.openai.reasoningEffort`. */
  reasoning?: 'provider-default' | 'none' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  includeRawChunks?: boolean;
  abortSignal?: AbortSignal;
  headers?: Record<string, string | undefined>;
  providerOptions?: ProviderOptions;
};

// ---------------------------------------------------------------------------------------------
// Results

export type Warning =
  | { type: 'unsupported'; feature: string; details?: string }
  | { type: 'compatibility'; feature: string; details?: string }
  | { type: 'other'; message: string };

export type FinishReason = {
  /** 'interrupted' (V4): the stream ended cleanly without the server's terminal event. */
  unified: 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'interrupted' | 'other';
  raw: string | undefined;
};

/** Usage in the nested V3/V4 shape; the V2 adapter flattens it. */
export type Usage = {
  inputTokens: {
    total: number | undefined;
    noCache: number | undefined;
    cacheRead: number | undefined;
    cacheWrite: number | undefined;
  };
  outputTokens: {
    total: number | undefined;
    text: number | undefined;
    reasoning: number | undefined;
  };
  raw?: JsonObject;
};

export type Source =
  | {
      type: 'source';
      sourceType: 'url';
      id: string;
      url: string;
      title?: string;
      providerMetadata?: ProviderOptions;
    }
  | {
      type: 'source';
      sourceType: 'document';
      id: string;
      mediaType: string;
      title: string;
      filename?: string;
      providerMetadata?: ProviderOptions;
    };

export type ToolCall = {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  /** JSON-encoded input (a string, as in every spec). */
  input: string;
  providerExecuted?: boolean;
  dynamic?: boolean;
  providerMetadata?: ProviderOptions;
};

type ToolResult = {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  result: JsonValue;
  isError?: boolean;
  providerMetadata?: ProviderOptions;
};

type ToolApprovalRequest = {
  type: 'tool-approval-request';
  approvalId: string;
  toolCallId: string;
  providerMetadata?: ProviderOptions;
};

export type ResponseMetadata = { id?: string; timestamp?: Date; modelId?: string };

/** Stream parts, in the V3 shape (V2: identical names; V4: a superset). */
export type StreamPart =
  | { type: 'stream-start'; warnings: Warning[] }
  | ({ type: 'response-metadata' } & ResponseMetadata)
  | { type: 'text-start'; id: string; providerMetadata?: ProviderOptions }
  | { type: 'text-delta'; id: string; delta: string; providerMetadata?: ProviderOptions }
  | { type: 'text-end'; id: string; providerMetadata?: ProviderOptions }
  | { type: 'reasoning-start'; id: string; providerMetadata?: ProviderOptions }
  | { type: 'reasoning-delta'; id: string; delta: string; providerMetadata?: ProviderOptions }
  | { type: 'reasoning-end'; id: string; providerMetadata?: ProviderOptions }
  | {
      type: 'tool-input-start';
      id: string;
      toolName: string;
      providerExecuted?: boolean;
      providerMetadata?: ProviderOptions;
    }
  | { type: 'tool-input-delta'; id: string; delta: string; providerMetadata?: ProviderOptions }
  | { type: 'tool-input-end'; id: string; providerMetadata?: ProviderOptions }
  | ToolCall
  | ToolResult
  | ToolApprovalRequest
  | Source
  | {
      type: 'finish';
      finishReason: FinishReason;
      usage: Usage;
      providerMetadata?: ProviderOptions;
    }
  | { type: 'raw'; rawValue: unknown }
  | { type: 'error'; error: unknown };

/** Content of a generate result (what `doGenerate` returns), in stream order. */
export type Content =
  | { type: 'text'; text: string; providerMetadata?: ProviderOptions }
  | { type: 'reasoning'; text: string; providerMetadata?: ProviderOptions }
  | ToolCall
  | ToolResult
  | ToolApprovalRequest
  | Source;

/** A V4 text citation, read from a text block's annotations (the V4 adapter attaches them). */
export type Citation = { source: Source; startIndex?: number; endIndex?: number };

/** What the neutral `doStream` returns; each adapter re-types the parts. */
export type StreamResult = {
  stream: ReadableStream<StreamPart>;
  request: { body: unknown };
  response?: { headers?: Record<string, string> };
};

/** What the neutral `doGenerate` returns. */
export type GenerateResult = {
  content: Content[];
  finishReason: FinishReason;
  usage: Usage;
  providerMetadata: ProviderOptions | undefined;
  warnings: Warning[];
  request: { body: unknown };
  response: ResponseMetadata & { headers?: Record<string, string>; body?: unknown };
};

/** `providerMetadata.openai.websocket` on every finish: how the call travelled, and why. */
export type WebSocketCallMetadata = {
  transport: 'websocket' | 'http';
  inputMode: 'delta' | 'full';
  /** Why the input was full (or 'continuation'); over HTTP, why the socket was not used. */
  reason: string;
  /**
   * Over HTTP only: what made the socket unusable (the upgrade's status or error, the frame size,
   * the runtime), so a user can tell a misconfigured proxy from a runtime without sockets.
   */
  fallbackCause?: string;
  socketReused: boolean;
  requestBytes: number;
  retries: number;
  /** The lane (`stream_id`) the call used with `pool.lanes` on; null when it used none. */
  lane: string | null;
};
