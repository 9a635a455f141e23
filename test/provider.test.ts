import { NoSuchModelError } from '@ai-sdk/provider';
import * as ai7 from 'ai';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai-v6';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as root from '../src/index';
import { createMockResponsesServer, MOCK_API_KEY, type MockResponsesServer } from '../src/testing';
import * as v3 from '../src/v3';
import * as v4 from '../src/v4';

/**
 * Each entry's provider is a real ProviderV2 / V3 / V4 at run time: the AI SDK's registry and
 * `customProvider` of the major it serves take it as it is and resolve models through it, and
 * the model kinds it does not offer fail with NoSuchModelError. (The types are checked in
 * test/types/.)
 */
type Majors = Array<{
  name: string;
  ai: typeof ai5 | typeof ai6 | typeof ai7;
  create(settings: root.OpenAIWebSocketSettings): { close(): Promise<void> };
  defaultInstance: unknown;
  spec: 'v2' | 'v3' | 'v4';
}>;

const majors: Majors = [
  {
    name: 'ai@5, root',
    ai: ai5,
    create: root.createOpenAIWebSocket,
    defaultInstance: root.openaiWebSocket,
    spec: 'v2',
  },
  {
    name: 'ai@6, /v3',
    ai: ai6,
    create: v3.createOpenAIWebSocket,
    defaultInstance: v3.openaiWebSocket,
    spec: 'v3',
  },
  {
    name: 'ai@7, /v4',
    ai: ai7,
    create: v4.createOpenAIWebSocket,
    defaultInstance: v4.openaiWebSocket,
    spec: 'v4',
  },
  {
    name: 'ai@7, /v3',
    ai: ai7,
    create: v3.createOpenAIWebSocket,
    defaultInstance: v3.openaiWebSocket,
    spec: 'v3',
  },
];

let server: MockResponsesServer;
beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterAll(async () => {
  await server.close();
});

describe.each(majors)('the provider object ($name)', ({ ai, create, defaultInstance, spec }) => {
  it('works in createProviderRegistry and customProvider', async () => {
    const provider = create({ apiKey: MOCK_API_KEY, baseURL: server.url });
    try {
      // biome-ignore lint/suspicious/noExplicitAny: each major declares its own provider types
      const registry = (ai.createProviderRegistry as any)({ ws: provider });
      const viaRegistry = await (ai.generateText as typeof ai7.generateText)({
        model: registry.languageModel('ws:gpt-4.1-mini'),
        prompt: 'from the registry',
      });
      expect(viaRegistry.text).toBe('Echo: from the registry');

      // biome-ignore lint/suspicious/noExplicitAny: as above
      const custom = (ai.customProvider as any)({ fallbackProvider: provider });
      const viaCustom = await (ai.generateText as typeof ai7.generateText)({
        model: custom.languageModel('gpt-4.1-mini'),
        prompt: 'from customProvider',
      });
      expect(viaCustom.text).toBe('Echo: from customProvider');
      expect(server.requests.at(-1)?.transport).toBe('websocket');

      // ai@5 names the embedding kind textEmbeddingModel.
      const embedding = registry.embeddingModel ?? registry.textEmbeddingModel;
      expect(() => embedding.call(registry, 'ws:text-embedding-3-small')).toThrow(NoSuchModelError);
      expect(() => registry.imageModel('ws:gpt-image-1')).toThrow(NoSuchModelError);
    } finally {
      await provider.close();
    }
  });

  it('has the shape of its specification, the default instance too', () => {
    const provider = create({ apiKey: MOCK_API_KEY, baseURL: server.url });
    for (const candidate of [provider, defaultInstance] as Array<Record<string, unknown>>) {
      expect(candidate.specificationVersion).toBe(spec);
      for (const kind of ['embeddingModel', 'textEmbeddingModel', 'imageModel']) {
        const method = candidate[kind] as (id: string) => unknown;
        expect(() => method('some-model'), kind).toThrow(NoSuchModelError);
        try {
          method('some-model');
        } catch (error) {
          expect((error as NoSuchModelError).modelId).toBe('some-model');
        }
      }
      const languageModel = candidate.languageModel as (id: string) => { modelId: string };
      expect(languageModel('gpt-4.1-mini').modelId).toBe('gpt-4.1-mini');
    }
  });
});
