import { InvalidArgumentError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../src/model/request/build-request';
import type { CallOptions, Message } from '../../../src/types';

const prompt: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }];

const build = (options: Partial<CallOptions>, modelId = 'gpt-5') =>
  buildRequest({ modelId, options: { prompt, ...options } });

describe('buildRequest', () => {
  it('builds settings in a fixed key order, without undefined keys', async () => {
    const options: Partial<CallOptions> = {
      maxOutputTokens: 10,
      tools: [{ type: 'function', name: 'f', inputSchema: { type: 'object' } }],
      toolChoice: { type: 'auto' },
      responseFormat: { type: 'json' },
      providerOptions: {
        // Written in another order than the settings are built in.
        openai: {
          user: 'u',
          metadata: { k: 'v' },
          store: false,
          instructions: 'i',
          reasoningEffort: 'low',
        },
      },
    };
    const first = await build(options);
    const second = await build({
      ...options,
      providerOptions: { openai: { ...options.providerOptions?.openai } },
    });
    expect(JSON.stringify(second.settings)).toBe(JSON.stringify(first.settings));
    expect(Object.keys(first.settings)).toEqual([
      'model',
      'max_output_tokens',
      'text',
      'metadata',
      'store',
      'user',
      'instructions',
      'include',
      'reasoning',
      'tools',
      'tool_choice',
    ]);
    expect(Object.values(first.settings)).not.toContain(undefined);
    expect(first.settings.reasoning).toEqual({ effort: 'low', summary: 'detailed' });
  });

  it('sends store only when the user gives it; reports the effective store', async () => {
    const unset = await build({});
    expect(unset.settings).not.toHaveProperty('store');
    expect(unset.store).toBe(true);
    const stored = await build({ providerOptions: { openai: { store: true } } });
    expect(stored.settings.store).toBe(true);
    expect(stored.settings).not.toHaveProperty('include');
  });

  it('adds reasoning.encrypted_content once without store on reasoning models', async () => {
    const added = await build({
      providerOptions: { openai: { store: false, include: ['file_search_call.results'] } },
    });
    expect(added.settings.include).toEqual([
      'file_search_call.results',
      'reasoning.encrypted_content',
    ]);
    expect(added.store).toBe(false);
    expect(added.isReasoningModel).toBe(true);

    const userInclude = ['reasoning.encrypted_content'] as const;
    const kept = await build({
      providerOptions: { openai: { store: false, include: [...userInclude] } },
    });
    expect(kept.settings.include).toEqual(['reasoning.encrypted_content']);

    const nonReasoning = await build({ providerOptions: { openai: { store: false } } }, 'gpt-4o');
    expect(nonReasoning.settings).not.toHaveProperty('include');
    expect(nonReasoning.isReasoningModel).toBe(false);
  });

  it('does not modify the include array of the caller', async () => {
    const include = ['file_search_call.results'];
    await build({ providerOptions: { openai: { store: false, include } } });
    expect(include).toEqual(['file_search_call.results']);
  });

  it('maps the top-level reasoning option unless reasoningEffort is given', async () => {
    expect((await build({ reasoning: 'high' })).settings.reasoning).toEqual({
      effort: 'high',
      summary: 'detailed',
    });
    expect((await build({ reasoning: 'provider-default' })).settings).not.toHaveProperty(
      'reasoning',
    );
    expect(
      (
        await build({
          reasoning: 'high',
          providerOptions: { openai: { reasoningEffort: 'minimal' } },
        })
      ).settings.reasoning,
    ).toEqual({ effort: 'minimal', summary: 'detailed' });
    const mapped = await build({ reasoning: 'none' }, 'gpt-5');
    expect(mapped.settings.reasoning).toEqual({ effort: 'minimal', summary: 'detailed' });
    expect(mapped.warnings).toEqual([
      expect.objectContaining({ type: 'compatibility', feature: 'reasoning' }),
    ]);
    expect((await build({ reasoning: 'none' }, 'gpt-5.1')).settings.reasoning).toEqual({
      effort: 'none',
    });
  });

  it('recognises reasoning models like @ai-sdk/openai', async () => {
    const cases: Array<[string, boolean]> = [
      ['o3', true],
      ['o4-mini', true],
      ['gpt-5', true],
      ['gpt-5.1-codex-max', true],
      ['gpt-5-chat-latest', false],
      ['gpt-5.1-chat-latest', true],
      ['gpt-4.1', false],
      ['gpt-4o-mini', false],
      ['my-model', false],
    ];
    for (const [modelId, expected] of cases) {
      expect((await build({}, modelId)).isReasoningModel, modelId).toBe(expected);
    }
    expect(
      (await build({ providerOptions: { openai: { forceReasoning: true } } }, 'my-model'))
        .isReasoningModel,
    ).toBe(true);
  });

  it('returns conversationId and previousResponseId outside the settings', async () => {
    const request = await build({
      providerOptions: {
        openai: { conversationId: 'chat-1', previousResponseId: 'resp_1', conversation: 'conv_1' },
      },
    });
    expect(request.conversationId).toBe('chat-1');
    expect(request.previousResponseId).toBe('resp_1');
    expect(request.settings.conversation).toBe('conv_1');
    expect(JSON.stringify(request.settings)).not.toMatch(/chat-1|resp_1/);
    const none = await build({});
    expect(none.conversationId).toBeUndefined();
    expect(none.previousResponseId).toBeUndefined();
  });

  it('rejects invalid provider options with InvalidArgumentError', async () => {
    await expect(build({ providerOptions: { openai: { store: 'yes' } } })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
    await expect(
      build({ providerOptions: { openai: { conversationId: 5 } } }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(
      build({ providerOptions: { openai: { textVerbosity: 'loud' } } }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('reads options under a custom provider name, falling back to openai', async () => {
    const azure = await buildRequest({
      modelId: 'gpt-4o',
      providerOptionsName: 'azure',
      options: { prompt, providerOptions: { azure: { user: 'a' }, openai: { user: 'o' } } },
    });
    expect(azure.settings.user).toBe('a');
    const fallback = await buildRequest({
      modelId: 'gpt-4o',
      providerOptionsName: 'azure',
      options: { prompt, providerOptions: { openai: { user: 'o' } } },
    });
    expect(fallback.settings.user).toBe('o');
  });

  it('appends a compaction trigger as the last input item', async () => {
    const request = await build({ providerOptions: { openai: { compactionTrigger: true } } });
    expect(request.input.at(-1)).toEqual({ type: 'compaction_trigger' });
  });

  it('warns about settings the model does not take', async () => {
    const request = await build({ temperature: 1, topP: 0.5, seed: 3 }, 'o3');
    expect(request.settings).not.toHaveProperty('temperature');
    expect(request.settings).not.toHaveProperty('top_p');
    expect(request.warnings.map((w) => (w as { feature: string }).feature)).toEqual([
      'seed',
      'temperature',
      'topP',
    ]);
  });
});
