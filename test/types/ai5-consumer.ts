// An ai@5 app: the root entry gives LanguageModelV2, the only spec ai@5 accepts.
import {
  createOpenAIWebSocket,
  type OpenAIWebSocketProvider,
  openaiWebSocket,
} from 'ai-sdk-openai-ws';
import { createOpenAIWebSocket as createV3 } from 'ai-sdk-openai-ws/v3';
import { createOpenAIWebSocket as createV4 } from 'ai-sdk-openai-ws/v4';
import {
  createProviderRegistry,
  customProvider,
  generateText,
  type LanguageModel,
  type ProviderRegistryProvider,
  stepCountIs,
  streamText,
  tool,
} from 'ai-v5';
import { z } from 'zod';
import type { Equal, Expect } from './assert-type';

const provider: OpenAIWebSocketProvider = createOpenAIWebSocket({
  apiKey: () => 'sk-test',
  baseURL: 'http://127.0.0.1:1/v1',
  pool: { maxSockets: 4 },
  transport: 'websocket',
});
const model = provider('gpt-4.1-mini');
export type SpecIsV2 = Expect<Equal<typeof model.specificationVersion, 'v2'>>;

const accepted: LanguageModel = model;
const defaultInstance: LanguageModel = openaiWebSocket.responses('gpt-4.1-mini');
// ai@5 knows only V2: the V3 and V4 entries are for newer majors, and the compiler says so.
// @ts-expect-error LanguageModelV3 is not an ai@5 model
const rejectedV3: LanguageModel = createV3()('gpt-4.1-mini');
// @ts-expect-error LanguageModelV4 is not an ai@5 model
const rejectedV4: LanguageModel = createV4()('gpt-4.1-mini');

export async function run(): Promise<string> {
  const result = await generateText({
    model,
    prompt: 'Hello',
    tools: {
      lookup: tool({
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }) => step,
      }),
    },
    stopWhen: stepCountIs(5),
    providerOptions: { openai: { store: false, conversationId: 'chat-1' } },
  });
  const streamed = streamText({ model: defaultInstance, messages: result.response.messages });
  await provider.close();
  return `${result.text} ${await streamed.text}`;
}

// A real ProviderV2: the registry and customProvider take the provider itself.
const registry: ProviderRegistryProvider = createProviderRegistry({
  ws: provider,
  lazy: openaiWebSocket,
});
const fromRegistry: LanguageModel = registry.languageModel('ws:gpt-4.1-mini');
const custom = customProvider({
  languageModels: { fast: provider('gpt-4.1-mini') },
  fallbackProvider: provider,
});
const fromCustom: LanguageModel = custom.languageModel('fast');

export { accepted, fromCustom, fromRegistry, rejectedV3, rejectedV4 };
