// An ai@6 app: `/v3` gives the native LanguageModelV3; the root entry still type-checks (ai@6
// accepts V2 at runtime with a compatibility warning).
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createOpenAIWebSocket as createV2 } from 'ai-sdk-openai-ws';
import {
  createOpenAIWebSocket,
  type OpenAIWebSocketProvider,
  openaiWebSocket,
} from 'ai-sdk-openai-ws/v3';
import { createOpenAIWebSocket as createV4 } from 'ai-sdk-openai-ws/v4';
import {
  createProviderRegistry,
  customProvider,
  generateText,
  type LanguageModel,
  Output,
  stepCountIs,
  streamText,
  tool,
} from 'ai-v6';
import { z } from 'zod';
import type { Equal, Expect } from './assert-type';

const provider: OpenAIWebSocketProvider = createOpenAIWebSocket({
  apiKey: 'sk-test',
  name: 'my-openai',
});
const model = provider.languageModel('gpt-4.1-mini');
export type IsLanguageModelV3 = Expect<Equal<typeof model, LanguageModelV3>>;

const accepted: LanguageModel = model;
const defaultInstance: LanguageModel = openaiWebSocket('gpt-4.1-mini');
const compatibilityMode: LanguageModel = createV2()('gpt-4.1-mini');
// @ts-expect-error LanguageModelV4 is not an ai@6 model
const rejectedV4: LanguageModel = createV4()('gpt-4.1-mini');

export async function run(): Promise<number> {
  const result = await generateText({
    model,
    prompt: 'Describe a city.',
    output: Output.object({ schema: z.object({ name: z.string(), population: z.number() }) }),
    tools: {
      lookup: tool({
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }) => step,
      }),
    },
    stopWhen: stepCountIs(5),
  });
  const streamed = streamText({ model: defaultInstance, messages: result.response.messages });
  await streamed.consumeStream();
  return result.output.population;
}

// A real ProviderV3: the registry and customProvider take the provider itself.
const registry = createProviderRegistry({ ws: provider, lazy: openaiWebSocket });
const fromRegistry: LanguageModel = registry.languageModel('ws:gpt-4.1-mini');
const custom = customProvider({
  languageModels: { fast: provider('gpt-4.1-mini') },
  fallbackProvider: provider,
});
const fromCustom: LanguageModel = custom.languageModel('fast');

export { accepted, compatibilityMode, fromCustom, fromRegistry, rejectedV4 };
