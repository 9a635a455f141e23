// An ai@7 app: `/v4` gives the native LanguageModelV4; `/v3` is native too, the root entry still
// type-checks (compatibility mode at runtime).

import {
  createProviderRegistry,
  customProvider,
  generateText,
  type LanguageModel,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { createOpenAIWebSocket as createV2 } from 'ai-sdk-openai-ws';
import { createOpenAIWebSocket as createV3 } from 'ai-sdk-openai-ws/v3';
import {
  createOpenAIWebSocket,
  type OpenAIWebSocketProvider,
  openaiWebSocket,
  type WebSocketCallMetadata,
} from 'ai-sdk-openai-ws/v4';
import { z } from 'zod';
import type { Equal, Expect } from './assert-type';

const provider: OpenAIWebSocketProvider = createOpenAIWebSocket({
  apiKey: 'sk-test',
  // Node 22's global WebSocket sends headers; its declared constructor type must be accepted.
  webSocket: WebSocket,
});
const model = provider('gpt-5.2');
export type SpecIsV4 = Expect<Equal<typeof model.specificationVersion, 'v4'>>;
// The V4 model is the one ai@7 itself declares, member for member.
export type IsAiV4Model = Expect<
  Equal<typeof model, Extract<LanguageModel, { specificationVersion: 'v4' }>>
>;

const accepted: LanguageModel = model;
const defaultInstance: LanguageModel = openaiWebSocket('gpt-5.2');
const nativeV3: LanguageModel = createV3()('gpt-5.2');
const compatibilityMode: LanguageModel = createV2()('gpt-5.2');

export async function run(): Promise<WebSocketCallMetadata> {
  const result = await generateText({
    model,
    prompt: 'Hello #tools=2',
    tools: {
      lookup: tool({
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }) => step,
      }),
    },
    stopWhen: stepCountIs(5),
    providerOptions: { openai: { reasoningEffort: 'low' } },
  });
  // ai@7: all steps' messages live in `responseMessages`.
  const streamed = streamText({ model: defaultInstance, messages: result.responseMessages });
  await streamed.consumeStream();
  return result.providerMetadata?.openai?.websocket as unknown as WebSocketCallMetadata;
}

// Real ProviderV4 / ProviderV3 objects: the registry and customProvider take them as they are.
const registry = createProviderRegistry({ ws: provider, v3: createV3(), lazy: openaiWebSocket });
const fromRegistry: LanguageModel = registry.languageModel('ws:gpt-5.2');
const custom = customProvider({
  languageModels: { fast: provider('gpt-5.2') },
  fallbackProvider: provider,
});
const fromCustom: LanguageModel = custom.languageModel('fast');

export { accepted, compatibilityMode, fromCustom, fromRegistry, nativeV3 };
