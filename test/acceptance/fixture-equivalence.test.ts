import { resolve } from 'node:path';
import { createOpenAI, openai } from '@ai-sdk/openai';
import { jsonSchema, type LanguageModel, streamText, type ToolSet, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { MOCK_API_KEY } from '../../src/testing';
import { type MockSetup, startMock } from '../helpers/mock-provider';

/**
 * Every recorded stream, replayed by the mock, must give the same text, tool calls, finish reason
 * and usage through this provider (WebSocket) as through @ai-sdk/openai (the mock's HTTP SSE).
 */
const anyObject = jsonSchema<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
});
const functionTool = () => tool({ inputSchema: anyObject });

const cases: Array<{ file: string; responseIndex?: number; tools?: () => ToolSet }> = [
  { file: 'openai-issue-14428-denied-tool-approval' },
  { file: 'issue-19493-gpt-5.1-tool-call', tools: () => ({ get_weather: functionTool() }) },
  {
    file: 'issue-19067-parallel-tool-call-wrapper',
    tools: () => ({ weather: functionTool(), cityAttractions: functionTool() }),
  },
  ...[0, 1, 2, 3].map((responseIndex) => ({
    file: 'openai-reasoning-encrypted-content.1',
    responseIndex,
    tools: () => ({ add: functionTool(), multiply: functionTool() }),
  })),
  { file: 'openai-reasoning-encrypted-content-gpt-5-4-split.1' },
  { file: 'azure-gpt5-reasoning-multi-summary-no-encryption' },
  { file: 'openai-web-search-tool.1', tools: () => ({ web_search: openai.tools.webSearch({}) }) },
  { file: 'openai-error.1' },
  { file: 'openai-error-null-code.1' },
  { file: 'openai-response-failed-only.1' },
  {
    file: 'openai-custom-text-tool.1',
    tools: () => ({ setHtml: openai.tools.customTool({ description: 'Return HTML' }) }),
  },
  { file: 'openai-compaction.1' },
  { file: 'openai-phase.1' },
];

type Summary = {
  text: string;
  reasoning: string;
  toolCalls: Array<{ toolName: string; input: unknown; providerExecuted?: boolean }>;
  finishReason: string | undefined;
  usage: {
    inputTokens?: number;
    outputTokens?: number;
    reasoningTokens?: number;
    cachedInputTokens?: number;
  };
  errors: number;
  sources: number;
};

async function summarise(model: LanguageModel, tools: ToolSet | undefined): Promise<Summary> {
  const summary: Summary = {
    text: '',
    reasoning: '',
    toolCalls: [],
    finishReason: undefined,
    usage: {},
    errors: 0,
    sources: 0,
  };
  const result = streamText({ model, prompt: 'replay', tools, maxRetries: 0, onError: () => {} });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') summary.text += part.text;
    if (part.type === 'reasoning-delta') summary.reasoning += part.text;
    if (part.type === 'tool-call') {
      summary.toolCalls.push({
        toolName: part.toolName,
        input: part.input,
        providerExecuted: part.providerExecuted,
      });
    }
    if (part.type === 'source') summary.sources++;
    if (part.type === 'error') summary.errors++;
    if (part.type === 'finish') {
      summary.finishReason = part.finishReason;
      const usage = part.totalUsage;
      summary.usage = {
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        reasoningTokens: usage.outputTokenDetails?.reasoningTokens,
        cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens,
      };
    }
  }
  return summary;
}

let mock: MockSetup;
beforeAll(async () => {
  // Some of these recordings do not ship with the package; all of them are in the repository.
  mock = await startMock(
    {},
    { fixturesDir: resolve(import.meta.dirname, '../fixtures/openai-recorded') },
  );
});
afterAll(async () => {
  await mock.close();
});

describe('recorded fixtures: this provider vs @ai-sdk/openai', () => {
  for (const { file, responseIndex, tools } of cases) {
    it(`${file}${responseIndex === undefined ? '' : ` #${responseIndex}`}`, async () => {
      mock.server.enqueue({ replay: file, responseIndex });
      const ours = await summarise(mock.provider('gpt-5.1'), tools?.());
      mock.server.enqueue({ replay: file, responseIndex });
      const reference = createOpenAI({ apiKey: MOCK_API_KEY, baseURL: mock.server.url });
      const theirs = await summarise(reference.responses('gpt-5.1'), tools?.());

      expect(ours).toEqual(theirs);
      // Something was actually compared: every fixture yields output, an error or a finish.
      expect(
        ours.text.length + ours.toolCalls.length + ours.errors + (ours.finishReason ? 1 : 0),
      ).toBeGreaterThan(0);
      const [wsRecord, httpRecord] = mock.server.requests.slice(-2);
      expect(wsRecord.transport).toBe('websocket');
      expect(httpRecord.transport).toBe('http');
    });
  }
});

describe('a recording that stops without a terminal event', () => {
  it('openai-issue-8562-missing-reasoning-summary.1: same output; the silent socket times out as an error', async () => {
    const file = 'openai-issue-8562-missing-reasoning-summary.1';
    // Over HTTP the body simply ends; over a socket the server just goes quiet, which only the
    // event deadline can tell from a long reasoning pause.
    const provider = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: mock.server.url,
      pool: { eventTimeoutMs: 300 },
    });
    try {
      mock.server.enqueue({ replay: file });
      const ours = await summarise(provider('o3'), undefined);
      mock.server.enqueue({ replay: file });
      const theirs = await summarise(
        createOpenAI({ apiKey: MOCK_API_KEY, baseURL: mock.server.url }).responses('o3'),
        undefined,
      );
      // Right on purpose: a response that never ends is reported as an error, not as a clean stop.
      expect(ours.errors).toBe(theirs.errors + 1);
      // ai@7 reports a stream cut short as 'interrupted', a finish reason of the V4 spec; the root
      // entry is a V2 model, whose closest reason is 'other'.
      expect(theirs.finishReason).toBe('interrupted');
      expect(ours.finishReason).toBe('other');
      const same = (summary: typeof ours) => ({ ...summary, errors: 0, finishReason: undefined });
      expect(same(ours)).toEqual(same(theirs));
    } finally {
      await provider.close();
    }
  });
});
