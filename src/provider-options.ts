import type { OpenAIOptionsInput } from './model/request/openai-options';

/**
 * `providerOptions.openai` of a call: the options of `@ai-sdk/openai`'s Responses model (same
 * names, same values), plus this package's `conversationId`.
 *
 * @example
 * providerOptions: { openai: { store: false, conversationId: chatId } satisfies OpenAIWebSocketProviderOptions }
 */
export type OpenAIWebSocketProviderOptions = OpenAIOptionsInput;
