import type { LanguageModelV3, ProviderV3 } from '@ai-sdk/provider';
import { buildProvider, lazyProvider, type SpecProvider } from './provider';
import type { OpenAIWebSocketSettings } from './settings';
import { OpenAIWebSocketLanguageModelV3 } from './spec/v3';

export type { PoolSettings } from './pool/pool-settings';
export type { WebSocketConstructor } from './pool/socket-handle';
export type { OpenAIWebSocketProviderOptions } from './provider-options';
export type { OpenAIWebSocketSettings } from './settings';
export type { WebSocketCallMetadata } from './types';
export { getWebSocketMetadata } from './websocket-metadata';

/** Provider of `ai-sdk-openai-ws/v3`: native `LanguageModelV3` models (ai@6 and ai@7). */
export type OpenAIWebSocketProvider = SpecProvider<LanguageModelV3, 'v3'> & ProviderV3;

export function createOpenAIWebSocket(settings?: OpenAIWebSocketSettings): OpenAIWebSocketProvider {
  return buildProvider(settings, (model) => new OpenAIWebSocketLanguageModelV3(model), 'v3');
}

/** Default instance: reads `OPENAI_API_KEY` when a call is made, so importing never throws. */
export const openaiWebSocket: OpenAIWebSocketProvider = lazyProvider('v3', () =>
  createOpenAIWebSocket(),
);
