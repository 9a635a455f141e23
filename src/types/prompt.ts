import type { JsonValue, ProviderOptions } from './json';

/** The prompt of a call: messages and their parts, in the V3 shape. */

export type TextPart = { type: 'text'; text: string; providerOptions?: ProviderOptions };

/** File data: base64 string, bytes, or URL (adapters turn V4's tagged data into one of these). */
export type FilePart = {
  type: 'file';
  data: string | Uint8Array | URL;
  mediaType: string;
  filename?: string;
  providerOptions?: ProviderOptions;
  /** `data` is a provider file id (a V4 reference): sent as `file_id` whatever its prefix. */
  providerReference?: boolean;
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

/** The app's answer to a `tool-approval-request` of a provider-executed tool (V3 / V4). */
type ToolApprovalResponsePart = {
  type: 'tool-approval-response';
  approvalId: string;
  approved: boolean;
  reason?: string;
  providerOptions?: ProviderOptions;
};

/** A provider-specific assistant part (V4 `custom`), e.g. `openai.compaction`. */
type CustomPart = {
  type: 'custom';
  kind: `${string}.${string}`;
  providerOptions?: ProviderOptions;
};

export type Message =
  | { role: 'system'; content: string; providerOptions?: ProviderOptions }
  | { role: 'user'; content: Array<TextPart | FilePart>; providerOptions?: ProviderOptions }
  | {
      role: 'assistant';
      content: Array<
        TextPart | FilePart | ReasoningPart | ToolCallPart | ToolResultPart | CustomPart
      >;
      providerOptions?: ProviderOptions;
    }
  | {
      role: 'tool';
      content: Array<ToolResultPart | ToolApprovalResponsePart>;
      providerOptions?: ProviderOptions;
    };

export type Prompt = Message[];
