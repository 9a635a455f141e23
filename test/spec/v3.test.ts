import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/v3';
import { COMPACTION, CUT_SHORT, readAll, useSpecServer } from './spec-server';

const start = useSpecServer();
const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];

describe('LanguageModelV3 adapter', () => {
  it('passes the neutral (V3-shaped) results through', async () => {
    const { provider } = await start(entry);
    const model = provider.languageModel('gpt-4.1-mini');
    expect(model.specificationVersion).toBe('v3');
    expect(model.provider).toBe('openai.websocket');
    expect(model.modelId).toBe('gpt-4.1-mini');
    const result = await model.doGenerate({ prompt, seed: 1 });
    expect(result.finishReason).toEqual({ unified: 'stop', raw: undefined });
    expect(result.usage.inputTokens.total).toBeGreaterThan(0);
    expect(result.usage.outputTokens.text).toBeGreaterThan(0);
    expect(result.warnings).toEqual([{ type: 'unsupported', feature: 'seed' }]);
    expect(result.providerMetadata?.openai.websocket).toMatchObject({ transport: 'websocket' });
  });

  it("reports V4's 'interrupted' as 'other' and keeps the raw reason", async () => {
    const { provider, server } = await start(entry, { webSocket: null });
    server.enqueue({ replay: CUT_SHORT });
    const { stream } = await provider('o3').doStream({ prompt });
    const finish = (await readAll(stream)).at(-1) as Extract<
      LanguageModelV3StreamPart,
      { type: 'finish' }
    >;
    expect(finish.finishReason).toEqual({ unified: 'other', raw: undefined });
    expect(finish.usage.inputTokens.total).toBeUndefined();
  });
});

describe('what V3 cannot carry', () => {
  it('drops compaction parts from streams and results', async () => {
    const { provider, server } = await start(entry);
    server.enqueue({ replay: COMPACTION });
    const streamed = await readAll((await provider('gpt-5.2').doStream({ prompt })).stream);
    expect(streamed.map((part) => part.type)).not.toContain('custom');
    server.enqueue({ replay: COMPACTION });
    const generated = await provider('gpt-5.2').doGenerate({ prompt });
    expect(generated.content.map((part) => part.type)).toEqual(['text']);
    expect(generated).not.toHaveProperty('structuredOutputText');
  });

  it('reads the file references ai@7 passes to a V3 model still tagged', async () => {
    const { provider, server } = await start(entry);
    await provider('gpt-4.1-mini').doGenerate({
      prompt: [
        {
          role: 'user',
          content: [
            {
              type: 'file',
              // As ai@7's V3 compatibility passes what V3 cannot express.
              data: { type: 'reference', reference: { openai: 'file-abc' } } as never,
              mediaType: 'application/pdf',
            },
            {
              type: 'file',
              data: { type: 'text', text: 'notes' } as never,
              mediaType: 'text/plain',
            },
          ],
        },
      ],
      providerOptions: { openai: { passThroughUnsupportedFiles: true } },
    });
    expect((server.requests[0].input[0] as { content: unknown }).content).toEqual([
      { type: 'input_file', file_id: 'file-abc' },
      {
        type: 'input_file',
        filename: 'part-1',
        file_data: `data:text/plain;base64,${Buffer.from('notes').toString('base64')}`,
      },
    ]);
  });
});
