// The README's metadata code, type-checked against the built package in an app of each major:
// `getWebSocketMetadata(step).inputMode` is typed (reading `providerMetadata.openai.websocket`
// by hand gives only JSON values, and `.inputMode` a TS2339 under ai@7).
import { generateText, stepCountIs, streamText } from 'ai';
import {
  createOpenAIWebSocket as createV2,
  getWebSocketMetadata as fromRoot,
} from 'ai-sdk-openai-ws';
import type { BundledRecording, ScriptedOutput } from 'ai-sdk-openai-ws/testing';
import {
  createOpenAIWebSocket as createV3,
  getWebSocketMetadata as fromV3,
} from 'ai-sdk-openai-ws/v3';
import {
  createOpenAIWebSocket,
  getWebSocketMetadata,
  type OpenAIWebSocketProviderOptions,
  type WebSocketCallMetadata,
} from 'ai-sdk-openai-ws/v4';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai-v6';
import type { Equal, Expect } from './assert-type';

type Modes = Array<'delta' | 'full' | undefined>;

export async function ai7Steps(): Promise<Modes> {
  const result = await generateText({
    model: createOpenAIWebSocket()('gpt-4.1-mini'),
    prompt: 'hi',
    stopWhen: stepCountIs(3),
    onStepFinish: (step) => {
      const meta = getWebSocketMetadata(step);
      type _ = Expect<Equal<typeof meta, WebSocketCallMetadata | undefined>>;
    },
  });
  const last = getWebSocketMetadata(result);
  type _Last = Expect<Equal<typeof last, WebSocketCallMetadata | undefined>>;
  return result.steps.map((step) => getWebSocketMetadata(step)?.inputMode);
}

export async function ai7Stream(): Promise<'websocket' | 'http' | undefined> {
  const streamed = streamText({ model: createOpenAIWebSocket()('gpt-4.1-mini'), prompt: 'hi' });
  const pending = getWebSocketMetadata(streamed);
  type _ = Expect<Equal<typeof pending, Promise<WebSocketCallMetadata | undefined>>>;
  for await (const part of streamed.fullStream) {
    if (part.type === 'finish-step') {
      const meta = getWebSocketMetadata(part);
      type _Part = Expect<Equal<typeof meta, WebSocketCallMetadata | undefined>>;
    }
  }
  return (await pending)?.transport;
}

export async function ai6Steps(): Promise<Modes> {
  const result = await ai6.generateText({ model: createV3()('gpt-4.1-mini'), prompt: 'hi' });
  const streamed = ai6.streamText({ model: createV3()('gpt-4.1-mini'), prompt: 'hi' });
  const pending = fromV3(streamed);
  type _ = Expect<Equal<typeof pending, Promise<WebSocketCallMetadata | undefined>>>;
  return result.steps.map((step) => fromV3(step)?.inputMode);
}

export async function ai5Steps(): Promise<Modes> {
  const result = await ai5.generateText({ model: createV2()('gpt-4.1-mini'), prompt: 'hi' });
  const streamed = ai5.streamText({ model: createV2()('gpt-4.1-mini'), prompt: 'hi' });
  const pending = fromRoot(streamed);
  type _ = Expect<Equal<typeof pending, Promise<WebSocketCallMetadata | undefined>>>;
  return result.steps.map((step) => fromRoot(step)?.inputMode);
}

// The metadata fields are unions, not strings.
export type InputModeIsTyped = Expect<Equal<WebSocketCallMetadata['inputMode'], 'delta' | 'full'>>;
export type TransportIsTyped = Expect<
  Equal<WebSocketCallMetadata['transport'], 'websocket' | 'http'>
>;
// The lane a call used with pool.lanes on; null when it used none.
export type LaneIsTyped = Expect<Equal<WebSocketCallMetadata['lane'], string | null>>;

// providerOptions.openai, typed: @ai-sdk/openai's options plus conversationId.
export const options = {
  store: false,
  reasoningEffort: 'low',
  conversationId: 'chat-1',
} satisfies OpenAIWebSocketProviderOptions;
// @ts-expect-error store is a boolean
export const wrongOptions: OpenAIWebSocketProviderOptions = { store: 'no' };

// Replays: bundled names complete, any other string (a path) is accepted too.
export const bundled: BundledRecording = 'openai-web-search-tool.1';
// @ts-expect-error not a bundled recording
export const notBundled: BundledRecording = 'openai-compaction.1';
export const byPath: ScriptedOutput = { replay: './recordings/mine.chunks.txt' };
