/**
 * The eras of the drop-in claim: an ai@5 user swaps `@ai-sdk/openai` 2 (LanguageModelV2) for the
 * root entry, an ai@6 user swaps `@ai-sdk/openai` 3 (LanguageModelV3) for `/v3`. Each era pairs
 * the entry with that package's Responses model, and converts the corpus' neutral call options
 * (V3-shaped) into the options ai of that era hands both.
 */

import { OpenAIResponsesLanguageModel as ResponsesModelV2 } from '@ai-sdk/openai-v2/internal';
import { OpenAIResponsesLanguageModel as ResponsesModelV3 } from '@ai-sdk/openai-v3/internal';
import type { FetchFunction } from '@ai-sdk/provider-utils';
import * as root from '../../src/index';
import type { OpenAIWebSocketSettings } from '../../src/settings';
import { MOCK_API_KEY } from '../../src/testing';
import type { CallOptions } from '../../src/types';
import * as v3 from '../../src/v3';
import type { EraName } from './era-exceptions';

/** What both sides of an era are used through (their option types differ per spec). */
export type EraModel = {
  doStream(options: never): PromiseLike<{ stream: ReadableStream<unknown> }>;
  doGenerate(
    options: never,
  ): PromiseLike<Record<string, unknown> & { content: unknown[]; warnings: unknown[] }>;
};

export type Era = {
  id: EraName;
  name: string;
  /** This package's provider on that entry. */
  create(settings: OpenAIWebSocketSettings): ((modelId: string) => EraModel) & {
    close(): Promise<void>;
  };
  /** The era's `@ai-sdk/openai` Responses model, on `baseURL` (or on `fetch`). */
  reference(baseURL: string, modelId: string, fetch?: FetchFunction): EraModel;
  /**
   * The call options that ai of that era passes for a neutral call: without V4's `reasoning`
   * option, which ai@5 and ai@6 do not have.
   */
  options(options: CallOptions): never;
};

const referenceConfig = (baseURL: string, fetch?: FetchFunction) => ({
  provider: 'openai.responses',
  url: ({ path }: { path: string }) => `${baseURL}${path}`,
  headers: () => ({ authorization: `Bearer ${MOCK_API_KEY}` }),
  fileIdPrefixes: ['file-'],
  ...(fetch && { fetch }),
});

export const eras: Era[] = [
  {
    id: 'v2',
    name: 'root entry vs @ai-sdk/openai 2',
    create: (settings) => root.createOpenAIWebSocket(settings) as never,
    reference: (baseURL, modelId, fetch) =>
      new ResponsesModelV2(modelId, referenceConfig(baseURL, fetch)) as unknown as EraModel,
    // ai@5 declares provider tools as `provider-defined`, under their wire names (era exception
    // TOOL_NAMES in era-call-shapes.test.ts: @ai-sdk/openai 2 reports their calls under it).
    options: ({ reasoning: _v4Only, ...options }) =>
      ({
        ...options,
        tools: options.tools?.map((tool) => {
          if (tool.type === 'provider') {
            return { ...withCustomName(tool), type: 'provider-defined', name: wireName(tool) };
          }
          // ai@5's function tools have no `strict` (providerOptions.openai.strictJsonSchema is all).
          const { strict: _v3Only, ...functionTool } = tool;
          return functionTool;
        }),
      }) as never,
  },
  {
    id: 'v3',
    name: '/v3 vs @ai-sdk/openai 3',
    create: (settings) => v3.createOpenAIWebSocket(settings) as never,
    reference: (baseURL, modelId, fetch) =>
      new ResponsesModelV3(modelId, referenceConfig(baseURL, fetch)) as unknown as EraModel,
    options: ({ reasoning: _v4Only, ...options }) =>
      ({ ...options, tools: options.tools?.map(withCustomName) }) as never,
  },
];

/** The name @ai-sdk/openai 2 gives a hosted tool's calls: its type on the wire. */
function wireName(tool: { id: string; name: string }): string {
  return tool.id === 'openai.custom' ? tool.name : tool.id.replace(/^openai\./, '');
}

/**
 * `@ai-sdk/openai` 2 and 3 take a custom tool's wire name from its arguments
 * (`customTool({ name })`), `@ai-sdk/openai` 4 and this package from the tool's key (era
 * exception CUSTOM_TOOL_NAME, era-call-shapes.test.ts): the era calls give both, the same.
 */
function withCustomName<
  T extends CallOptions['tools'] extends Array<infer U> | undefined ? U : never,
>(tool: T): T {
  return tool.type === 'provider' && tool.id === 'openai.custom'
    ? { ...tool, args: { name: tool.name, ...tool.args } }
    : tool;
}
