import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/v3';
import { CUT_SHORT, readAll, useSpecServer } from './spec-server';

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
