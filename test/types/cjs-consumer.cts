// A CommonJS consumer: `require` resolves to dist/*.d.cts, which must be as complete as the ESM ones.
import type { LanguageModelV3 } from '@ai-sdk/provider';
import root = require('ai-sdk-openai-ws');
import v3 = require('ai-sdk-openai-ws/v3');
import v4 = require('ai-sdk-openai-ws/v4');
import testing = require('ai-sdk-openai-ws/testing');

// Inlined: a relative import from a .cts file would need a NodeNext-style extension.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

const v2Model = root.createOpenAIWebSocket({ apiKey: 'sk-test' })('gpt-4.1-mini');
const v3Model = v3.openaiWebSocket('gpt-4.1-mini');
const v4Model = v4.createOpenAIWebSocket()('gpt-4.1-mini');

type Specs = Expect<
  Equal<
    [typeof v2Model.specificationVersion, typeof v4Model.specificationVersion],
    ['v2', 'v4']
  >
>;
type V3IsProviderV3 = Expect<Equal<typeof v3Model, LanguageModelV3>>;

async function mockServerUrl(): Promise<string> {
  const server = await testing.createMockResponsesServer({ apiKeys: [testing.MOCK_API_KEY] });
  await server.close();
  return server.url;
}

export = { mockServerUrl } as { mockServerUrl: typeof mockServerUrl; checks?: [Specs, V3IsProviderV3] };
