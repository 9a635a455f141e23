import type { OpenAIWebSocketSettings } from '../../src/index';
import * as root from '../../src/index';
import * as v3 from '../../src/v3';
import * as v4 from '../../src/v4';

/** A model entry of the package, reduced to what the suite needs. */
export type Entry = {
  /** The import path a user writes. */
  path: 'ai-sdk-openai-ws' | 'ai-sdk-openai-ws/v3' | 'ai-sdk-openai-ws/v4';
  /** `specificationVersion` of the models it returns. */
  spec: 'v2' | 'v3' | 'v4';
  createProvider(settings: OpenAIWebSocketSettings): EntryProvider;
};

export type EntryProvider = {
  (modelId: string): { specificationVersion: string; provider: string; modelId: string };
  close(): Promise<void>;
};

export const ROOT: Entry = {
  path: 'ai-sdk-openai-ws',
  spec: 'v2',
  createProvider: (settings) => root.createOpenAIWebSocket(settings),
};

export const V3: Entry = {
  path: 'ai-sdk-openai-ws/v3',
  spec: 'v3',
  createProvider: (settings) => v3.createOpenAIWebSocket(settings),
};

export const V4: Entry = {
  path: 'ai-sdk-openai-ws/v4',
  spec: 'v4',
  createProvider: (settings) => v4.createOpenAIWebSocket(settings),
};
