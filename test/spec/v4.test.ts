import type { LanguageModelV4Prompt, LanguageModelV4StreamPart } from '@ai-sdk/provider-v4';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/v4';
import { CUT_SHORT, readAll, useSpecServer } from './spec-server';

const start = useSpecServer();
const prompt: LanguageModelV4Prompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }];
const PDF = Buffer.from('%PDF-1.4 tiny').toString('base64');

describe('LanguageModelV4 adapter', () => {
  it("keeps 'interrupted' for a stream that ended without a terminal event", async () => {
    const { provider, server } = await start(entry, { webSocket: null });
    server.enqueue({ replay: CUT_SHORT });
    const model = provider('o3');
    expect(model.specificationVersion).toBe('v4');
    const { stream } = await model.doStream({ prompt });
    const finish = (await readAll(stream)).at(-1) as Extract<
      LanguageModelV4StreamPart,
      { type: 'finish' }
    >;
    expect(finish.finishReason).toEqual({ unified: 'interrupted', raw: undefined });
  });

  it('sends tagged file data as the Responses file inputs, and drops parts with no input', async () => {
    const { provider, server } = await start(entry);
    await provider('gpt-4.1-mini').doGenerate({
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'file', data: { type: 'data', data: PDF }, mediaType: 'application/pdf' },
            {
              type: 'file',
              data: { type: 'url', url: new URL('https://x.test/a.pdf') },
              mediaType: 'application/pdf',
            },
            {
              type: 'file',
              data: { type: 'reference', reference: { openai: 'file-abc' } },
              mediaType: 'application/pdf',
            },
            { type: 'text', text: 'read these' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'custom', kind: 'app.note', providerOptions: {} },
            { type: 'text', text: 'Noted.' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'and?' }] },
      ] as LanguageModelV4Prompt,
    });
    const [first, second, third] = server.requests[0].input as Array<{
      content: unknown;
    }>;
    expect(first.content).toEqual([
      {
        type: 'input_file',
        filename: 'part-0.pdf',
        file_data: `data:application/pdf;base64,${PDF}`,
      },
      { type: 'input_file', file_url: 'https://x.test/a.pdf' },
      { type: 'input_file', file_id: 'file-abc' },
      { type: 'input_text', text: 'read these' },
    ]);
    expect(second).toEqual({ role: 'assistant', content: 'Noted.' });
    expect(third.content).toEqual([{ type: 'input_text', text: 'and?' }]);
  });

  it('adds citations to text blocks whose annotations cite a source', async () => {
    const { provider, server } = await start(entry);
    server.enqueue({ replay: 'openai-web-search-tool.1' });
    const result = await provider('gpt-5-mini').doGenerate({
      prompt,
      tools: [{ type: 'provider', id: 'openai.web_search', name: 'search', args: {} }],
    });
    const texts = result.content.filter((part) => part.type === 'text');
    const cited = texts.filter((part) => part.citations !== undefined);
    expect(cited.length).toBeGreaterThan(0);
    for (const part of cited) {
      for (const citation of part.citations ?? []) {
        expect(citation.source).toMatchObject({ type: 'source', sourceType: 'url' });
        expect(citation.startIndex).toBeLessThanOrEqual(citation.endIndex ?? -1);
      }
    }
  });
});
