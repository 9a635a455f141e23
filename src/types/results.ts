import type { JsonObject, JsonValue, ProviderOptions } from './json';

/** What a call gives back: warnings, stream parts, content, usage (the V3 shape, V4's extras). */

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
  /** A partial result (image generation's partial images); a final one always follows (V3+). */
  preliminary?: boolean;
  providerMetadata?: ProviderOptions;
};

type ToolApprovalRequest = {
  type: 'tool-approval-request';
  approvalId: string;
  toolCallId: string;
  providerMetadata?: ProviderOptions;
};

/** A provider-specific part (V4 `custom`): `openai.compaction` items. V2 and V3 drop it. */
type CustomContent = {
  type: 'custom';
  kind: `${string}.${string}`;
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
      /** 'text': the deltas concatenate to a raw string (custom tools), not JSON. */
      inputEncoding?: 'json' | 'text';
      providerMetadata?: ProviderOptions;
    }
  | { type: 'tool-input-delta'; id: string; delta: string; providerMetadata?: ProviderOptions }
  | { type: 'tool-input-end'; id: string; providerMetadata?: ProviderOptions }
  | ToolCall
  | ToolResult
  | ToolApprovalRequest
  | Source
  | CustomContent
  | {
      type: 'finish';
      finishReason: FinishReason;
      usage: Usage;
      providerMetadata?: ProviderOptions;
      /** doGenerate only: the response object of the terminal event (its `response.body`). */
      responseBody?: unknown;
    }
  | { type: 'raw'; rawValue: unknown }
  | { type: 'error'; error: unknown };

/** Content of a generate result (what `doGenerate` returns), in output order. */
export type Content =
  | { type: 'text'; text: string; providerMetadata?: ProviderOptions }
  | { type: 'reasoning'; text: string; providerMetadata?: ProviderOptions }
  | ToolCall
  | ToolResult
  | ToolApprovalRequest
  | Source
  | CustomContent;

/** A V4 text citation, read from a text block's annotations (the V4 adapter attaches them). */
export type Citation = { source: Source; startIndex?: number; endIndex?: number };

/** Response headers as the AI SDK reports them (secrets removed). */
type ResponseHeaders = Record<string, string>;

/** What the neutral `doStream` returns; each adapter re-types the parts. */
export type StreamResult<T = StreamPart> = {
  stream: ReadableStream<T>;
  request: { body: unknown };
  response?: { headers?: ResponseHeaders };
};

/** What the neutral `doGenerate` returns. */
export type GenerateResult = {
  content: Content[];
  finishReason: FinishReason;
  usage: Usage;
  providerMetadata: ProviderOptions | undefined;
  warnings: Warning[];
  request: { body: unknown };
  response: ResponseMetadata & { headers?: ResponseHeaders; body?: unknown };
  /**
   * V4: the text of the last `final_answer` message when the call asked for JSON output, which
   * the AI SDK parses instead of the whole text (as @ai-sdk/openai reports it).
   */
  structuredOutputText?: string;
};
