/**
 * Type-level parity with `@ai-sdk/openai` (checked by `npm run typecheck`; drift.test.ts checks
 * the same at run time): every option it declares exists here, and every value it accepts for
 * one is accepted here too.
 */
import type {
  OpenAILanguageModelResponsesOptions,
  OpenAIResponsesSystemMessageOptions,
  OpenAIResponsesToolResultOptions,
  OpenAIToolOptions,
} from '@ai-sdk/openai';
import type { FunctionToolOptions } from '../../src/model/request/tools/prepare-function-tool';
import type { OpenAIWebSocketProviderOptions } from '../../src/provider-options';
import type { Equal, Expect } from '../types/assert-type';

export type EveryCallOption = Expect<
  Equal<
    Exclude<keyof OpenAILanguageModelResponsesOptions, keyof OpenAIWebSocketProviderOptions>,
    never
  >
>;
export const acceptsEveryCallOption = (
  options: OpenAILanguageModelResponsesOptions,
): OpenAIWebSocketProviderOptions => options;
export type EveryToolOption = Expect<
  Equal<Exclude<keyof OpenAIToolOptions, keyof FunctionToolOptions>, never>
>;
export const acceptsEveryToolOption = (options: OpenAIToolOptions): FunctionToolOptions =>
  options as FunctionToolOptions;
/** The message-level options this package reads (convert/message-options.ts). */
type MessageOptionKeys = 'reasoningEffortUpdate' | 'textFormatUpdate' | 'additionalTools';
export type EverySystemMessageOption = Expect<
  Equal<Exclude<keyof OpenAIResponsesSystemMessageOptions, MessageOptionKeys>, never>
>;
export type EveryToolResultOption = Expect<
  Equal<Exclude<keyof OpenAIResponsesToolResultOptions, 'additionalTools'>, never>
>;
