import type { LanguageModelV4, ProviderV4 } from '@ai-sdk/provider-v4';
import { buildProvider, lazyProvider, type SpecProvider } from './provider';
import type { OpenAIWebSocketSettings } from './settings';
import { OpenAIWebSocketLanguageModelV4 } from './spec/v4';

export type { PoolSettings } from './pool/pool-settings';
export type { WebSocketConstructor } from './pool/socket-handle';
export type { OpenAIWebSocketProviderOptions } from './provider-options';
export type { OpenAIWebSocketSettings } from './settings';
export type { WebSocketCallMetadata } from './types';
export { getWebSocketMetadata } from './websocket-metadata';

/** Provider of `ai-sdk-openai-ws/v4`: native `LanguageModelV4` models (ai@7). */
export type OpenAIWebSocketProvider = SpecProvider<LanguageModelV4, 'v4'> & ProviderV4;

export function createOpenAIWebSocket(settings?: OpenAIWebSocketSettings): OpenAIWebSocketProvider {
  return buildProvider(settings, (model) => new OpenAIWebSocketLanguageModelV4(model), 'v4');
}

/** Default instance: reads `OPENAI_API_KEY` when a call is made, so importing never throws. */
export const openaiWebSocket: OpenAIWebSocketProvider = lazyProvider('v4', () =>
  createOpenAIWebSocket(),
);
