import type { z } from 'zod';
import type { openaiOptionsSchema } from './model/openai-options';

/**
 * `providerOptions.openai` of a call: the options of `@ai-sdk/openai`'s Responses model (same
 * names, same values), plus this package's `conversationId`.
 *
 * @example
 * providerOptions: { openai: { store: false, conversationId: chatId } satisfies OpenAIWebSocketProviderOptions }
 */
export type OpenAIWebSocketProviderOptions = z.input<typeof openaiOptionsSchema>;
