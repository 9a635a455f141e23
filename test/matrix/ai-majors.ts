import * as ai7 from 'ai';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai-v6';

/**
 * What the acceptance suite needs from an `ai` module. The three majors differ in their types,
 * not in these calls, so the suite sees one loose shape and each major is cast to it once here.
 */
export type AiModule = {
  generateText(options: Record<string, unknown>): Promise<GenerateResult>;
  streamText(options: Record<string, unknown>): StreamResult;
  tool(definition: Record<string, unknown>): unknown;
  stepCountIs(count: number): unknown;
  Output: { object(options: { schema: unknown }): unknown };
  /** Sync in ai@5, async in ai@6/7: always awaited. */
  convertToModelMessages(messages: unknown[]): unknown[] | Promise<unknown[]>;
  readUIMessageStream(options: { stream: ReadableStream<unknown> }): AsyncIterable<unknown>;
};

export type GenerateResult = {
  text: string;
  steps: Array<{ providerMetadata?: unknown; toolCalls: unknown[] }>;
  content: Array<{ type: string; citations?: unknown[] }>;
  sources: Array<{ type: 'source'; sourceType: string }>;
  providerMetadata?: unknown;
  finishReason: string;
  response: { messages: unknown[] };
  responseMessages?: unknown[];
  output?: unknown;
  experimental_output?: unknown;
};

export type StreamResult = {
  text: PromiseLike<string>;
  textStream: AsyncIterable<string>;
  fullStream: AsyncIterable<{ type: string }>;
  finishReason: PromiseLike<string>;
  totalUsage: PromiseLike<{ inputTokens?: number; outputTokens?: number; totalTokens?: number }>;
  providerMetadata: PromiseLike<unknown>;
  response: PromiseLike<{ messages: unknown[] }>;
  responseMessages?: PromiseLike<unknown[]>;
  steps: PromiseLike<Array<{ providerMetadata?: unknown }>>;
  toUIMessageStream(): ReadableStream<unknown>;
};

/** One `ai` major and the few places where its API differs (docs/architecture.md, "AI SDK facts that bite"). */
export type AiMajor = {
  major: 5 | 6 | 7;
  ai: AiModule;
  /** Every message a call produced, all steps: ai@7 `responseMessages`; ai@5/6 `response.messages`. */
  responseMessages(result: GenerateResult | StreamResult): Promise<unknown[]>;
  /** generateText options asking for a structured answer (ai@5 only knows `experimental_output`). */
  structuredOutput(schema: unknown): Record<string, unknown>;
  /** The parsed structured answer of a generateText result. */
  structuredResult(result: GenerateResult): unknown;
  /**
   * OpenAI's hosted web search as this major declares a provider tool (what `@ai-sdk/openai`'s
   * `openai.tools.webSearch()` returns for it): ai@5 `provider-defined`, ai@6/7 `provider`.
   */
  webSearchTool(): unknown;
};

const allStepsFromResponse = async (result: GenerateResult | StreamResult) =>
  (await result.response).messages;

export const AI5: AiMajor = {
  major: 5,
  ai: ai5 as unknown as AiModule,
  responseMessages: allStepsFromResponse,
  structuredOutput: (schema) => ({
    experimental_output: ai5.Output.object({ schema: schema as never }),
  }),
  structuredResult: (result) => result.experimental_output,
  webSearchTool: () => ({
    type: 'provider-defined',
    id: 'openai.web_search',
    name: 'web_search',
    args: {},
  }),
};

const providerTool = () => ({ type: 'provider', id: 'openai.web_search', args: {} });

export const AI6: AiMajor = {
  major: 6,
  ai: ai6 as unknown as AiModule,
  responseMessages: allStepsFromResponse,
  structuredOutput: (schema) => ({ output: ai6.Output.object({ schema: schema as never }) }),
  structuredResult: (result) => result.output,
  webSearchTool: providerTool,
};

export const AI7: AiMajor = {
  major: 7,
  ai: ai7 as unknown as AiModule,
  // ai@7's `response.messages` holds the last step only: tool calls would drop out of the history.
  responseMessages: async (result) => {
    const messages = await result.responseMessages;
    if (!messages) throw new Error('ai@7 result without responseMessages');
    return messages;
  },
  structuredOutput: (schema) => ({ output: ai7.Output.object({ schema: schema as never }) }),
  structuredResult: (result) => result.output,
  webSearchTool: providerTool,
};
