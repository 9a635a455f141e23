import type { FunctionTool, ProviderOptions, ProviderTool, StreamPart } from '../../types';
import type { ToolNames } from './tools/tool-names';

/** A tool call whose item was announced and has not finished yet, keyed by output_index. */
export type OngoingToolCall = {
  toolName: string;
  toolCallId: string;
  itemId: string;
  async?: boolean | null;
  /** The undeclared `parallel` wrapper: its input is held back until it can be expanded. */
  suppressInputStreaming?: boolean;
  bufferedInputDeltas?: string[];
  codeInterpreterContainerId?: string;
  applyPatch?: { hasDiff: boolean; endEmitted: boolean };
  toolSearchExecution?: 'server' | 'client';
};

/**
 * What the item mappers share with the event mapper. Kept as an interface so that each item
 * family lives in its own file and the mapper class stays the one owner of the state.
 */
export interface MapperScope {
  readonly providerOptionsName: string;
  readonly tools: ToolNames;
  /** `providerMetadata` for a part of item `itemId`: `{ itemId, responseId, ...extra }`. */
  meta(itemId: string, extra?: Record<string, unknown>): ProviderOptions;
  /**
   * `providerMetadata` with `responseId` but no `itemId`, for parts `@ai-sdk/openai` gives no
   * item id (provider-executed tool calls and results): prompt conversion turns an `itemId` on
   * those into an `item_reference`, and the matching tool result already produces one.
   */
  responseMeta(extra?: Record<string, unknown>): ProviderOptions;
  generateId(): string;
  readonly ongoingToolCalls: Map<number, OngoingToolCall>;
  /** MCP approval request id → the tool call id the caller knows it by. */
  readonly approvalToolCallIds: Map<string, string>;
  readonly hostedToolSearchCallIds: string[];
  readonly retrievedFileIds: Set<string>;
  hasFunctionCall: boolean;
  hasWebSearchActionSources: boolean;
  hasFileSearchResults: boolean;
  /** Mapping the replay of a finished response for doGenerate (see the mapper options). */
  readonly generating: boolean;
}

export type Emit = (part: StreamPart) => void;

export type ResponseEventMapperOptions = {
  /** Key of `providerMetadata` (normally 'openai'). */
  providerOptionsName: string;
  /** Emit `{ type: 'raw', rawValue: event }` before the parts of each event. */
  includeRawChunks: boolean;
  /** The call's tools: provider tool items are reported under the caller's tool names. */
  tools?: Array<FunctionTool | ProviderTool>;
  /** Collect output_text logprobs into the finish metadata. */
  logprobs?: boolean;
  /** For the APICallErrors of error events. */
  url?: string;
  requestBodyValues?: unknown;
  responseHeaders?: Record<string, string>;
  /**
   * MCP approval request id → tool call id the prompt used for it; a function is asked only when
   * a response names an approval (reading the prompt for them is a pass over the whole history).
   */
  approvalToolCallIds?: () => Record<string, string>;
  /** Ids of source parts and MCP approval calls (tests make them deterministic). */
  generateId?: () => string;
  /**
   * The events replay a finished response for `doGenerate` (see response-replay.ts), mapped as
   * `@ai-sdk/openai`'s doGenerate maps a response object: whether the output holds web search
   * sources and file search results is known up front, so citation sources follow their text at
   * once; local shell actions are reported as the server wrote them; an apply_patch call is
   * reported whatever its status.
   */
  generate?: { webSearchSources: boolean; fileSearchResults: boolean };
};
