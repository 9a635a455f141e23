import type { LanguageModelV2StreamPart } from '@ai-sdk/provider-v2';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/index';
import { COMPACTION, CUT_SHORT, readAll, useSpecServer } from './spec-server';

const start = useSpecServer();
const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];

describe('LanguageModelV2 adapter', () => {
  it('flattens usage, gives a string finish reason and V2 warnings', async () => {
    const { provider } = await start(entry);
    const model = provider('gpt-4.1-mini');
    expect(model.specificationVersion).toBe('v2');
    expect(model.supportedUrls).toEqual({
      'image/*': [/^https?:\/\/.*$/],
      'application/pdf': [/^https?:\/\/.*$/],
    });
    const result = await model.doGenerate({ prompt, topK: 3 });
    expect(result.content).toEqual([expect.objectContaining({ type: 'text', text: 'Echo: hi' })]);
    expect(result.finishReason).toBe('stop');
    const { inputTokens, outputTokens, totalTokens } = result.usage;
    expect(inputTokens).toBeGreaterThan(0);
    expect(totalTokens).toBe((inputTokens ?? 0) + (outputTokens ?? 0));
    expect(result.usage).toHaveProperty('cachedInputTokens');
    expect(result.usage).toHaveProperty('reasoningTokens');
    expect(result.warnings).toEqual([{ type: 'unsupported-setting', setting: 'topK' }]);
  });

  it('turns compatibility warnings into V2 "other" warnings with the details', async () => {
    const { provider } = await start(entry);
    const result = await provider('gpt-4.1-mini').doGenerate({
      prompt,
      tools: [
        {
          type: 'function',
          name: 'lookup',
          inputSchema: { type: 'object', propertyNames: { type: 'string' } },
        },
      ],
    });
    expect(result.warnings).toEqual([
      {
        type: 'other',
        message: expect.stringMatching(/^JSON Schema propertyNames: OpenAI does not support/),
      },
    ]);
  });

  it('sends V2 provider-defined tools as provider tools', async () => {
    const { provider, server } = await start(entry);
    await provider('gpt-4.1-mini').doGenerate({
      prompt,
      tools: [{ type: 'provider-defined', id: 'openai.web_search', name: 'search', args: {} }],
    });
    expect(server.requests[0].body.tools).toEqual([{ type: 'web_search' }]);
  });

  it("marks hosted tool results as provider-executed (V2's field)", async () => {
    const { provider, server } = await start(entry);
    server.enqueue({ replay: 'openai-web-search-tool.1' });
    const { stream } = await provider('gpt-5-mini').doStream({
      prompt,
      tools: [{ type: 'provider-defined', id: 'openai.web_search', name: 'search', args: {} }],
    });
    const results = (await readAll(stream)).filter((part) => part.type === 'tool-result');
    expect(results.length).toBeGreaterThan(0);
    for (const part of results) expect(part).toMatchObject({ providerExecuted: true });
  });

  it("reports V4's 'interrupted' as 'other', with flat unknown usage", async () => {
    const { provider, server } = await start(entry, { webSocket: null });
    server.enqueue({ replay: CUT_SHORT });
    const { stream } = await provider('o3').doStream({ prompt });
    const parts = await readAll(stream);
    const finish = parts.at(-1) as Extract<LanguageModelV2StreamPart, { type: 'finish' }>;
    expect(finish.type).toBe('finish');
    expect(finish.finishReason).toBe('other');
    expect(finish.usage).toEqual({
      inputTokens: undefined,
      outputTokens: undefined,
      totalTokens: undefined,
      reasoningTokens: undefined,
      cachedInputTokens: undefined,
    });
    expect(parts[0]).toEqual({ type: 'stream-start', warnings: [] });
  });
});

describe('what V2 cannot carry', () => {
  it('drops partial images and compaction parts, and the input encoding of custom tools', async () => {
    const { provider, server } = await start(entry);
    const tools = [
      {
        type: 'provider-defined' as const,
        id: 'openai.image_generation' as const,
        name: 'image',
        args: {},
      },
    ];
    server.enqueue({ replay: 'openai-image-generation-tool.1' });
    const images = await readAll((await provider('gpt-5').doStream({ prompt, tools })).stream);
    const results = images.filter((part) => part.type === 'tool-result');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ providerExecuted: true });

    server.enqueue({ replay: COMPACTION });
    const compacted = await provider('gpt-5.2').doGenerate({ prompt });
    expect(compacted.content.map((part) => part.type)).toEqual(['text']);

    server.enqueue({ replay: 'openai-custom-tool.1' });
    const custom = await readAll(
      (
        await provider('gpt-5').doStream({
          prompt,
          tools: [{ type: 'provider-defined', id: 'openai.custom', name: 'write_sql', args: {} }],
        })
      ).stream,
    );
    const start_ = custom.find(
      (part) => part.type === 'tool-input-start',
    ) as LanguageModelV2StreamPart;
    expect(start_).not.toHaveProperty('inputEncoding');
  });
});
