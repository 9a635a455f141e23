import type { LanguageModelV2, ProviderV2 } from '@ai-sdk/provider-v2';
import { buildProvider, lazyProvider, type SpecProvider } from './provider';
import type { OpenAIWebSocketSettings } from './settings';
import { OpenAIWebSocketLanguageModelV2 } from './spec/v2';

export type { PoolSettings } from './pool/pool-settings';
export type { WebSocketConstructor } from './pool/socket-handle';
export type { OpenAIWebSocketProviderOptions } from './provider-options';
export type { OpenAIWebSocketSettings } from './settings';
export type { WebSocketCallMetadata } from './types';
export { getWebSocketMetadata } from './websocket-metadata';

/** Provider of the root entry: `LanguageModelV2` models (native for ai@5; accepted by ai@6 and ai@7). */
export type OpenAIWebSocketProvider = SpecProvider<LanguageModelV2, 'v2'> & ProviderV2;

export function createOpenAIWebSocket(settings?: OpenAIWebSocketSettings): OpenAIWebSocketProvider {
  return buildProvider(settings, (model) => new OpenAIWebSocketLanguageModelV2(model), 'v2');
}

/** Default instance: reads `OPENAI_API_KEY` when a call is made, so importing never throws. */
export const openaiWebSocket: OpenAIWebSocketProvider = lazyProvider('v2', () =>
  createOpenAIWebSocket(),
);
