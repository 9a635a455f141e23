// A CommonJS consumer: from a .cts file, NodeNext resolves these through the `require` condition
// to dist/*.d.cts, which must be as complete as the ESM declarations. Type-only on purpose: the
// root tsconfig compiles this file too, and there a CommonJS file may not hold ESM value syntax.
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { createOpenAIWebSocket as createV2 } from 'ai-sdk-openai-ws';
import type { MockRequestRecord, MockResponsesServer } from 'ai-sdk-openai-ws/testing';
import type { OpenAIWebSocketProvider, openaiWebSocket } from 'ai-sdk-openai-ws/v3';
import type {
  createOpenAIWebSocket as createV4,
  OpenAIWebSocketSettings,
} from 'ai-sdk-openai-ws/v4';

// Inlined: a relative import from a .cts file would need a NodeNext-style extension.
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

type V2Model = ReturnType<ReturnType<typeof createV2>>;
type V3Model = ReturnType<typeof openaiWebSocket>;
type V4Model = ReturnType<ReturnType<typeof createV4>>;

export type Checks = [
  Expect<Equal<[V2Model['specificationVersion'], V4Model['specificationVersion']], ['v2', 'v4']>>,
  Expect<Equal<V3Model, LanguageModelV3>>,
  Expect<Equal<ReturnType<OpenAIWebSocketProvider['languageModel']>, LanguageModelV3>>,
  Expect<Equal<OpenAIWebSocketSettings['transport'], 'auto' | 'websocket' | undefined>>,
  Expect<Equal<MockResponsesServer['requests'], MockRequestRecord[]>>,
];
