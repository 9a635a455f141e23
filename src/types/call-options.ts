import type { JsonObject, ProviderOptions } from './json';
import type { Prompt } from './prompt';

/** What one call asks for: the prompt, the tools, the settings (the V3 shape). */

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
