/**
 * Adversarial additions to the request corpus (option, model and tool side): odd values, model
 * families and option combinations, each of which must reach the wire (or be refused) as
 * `@ai-sdk/openai` does. The prompt side is in adversarial-prompt-corpus.ts.
 */
import type { CallOptions, FunctionTool, Message } from '../../src/types';
import type { CorpusCase } from './request-corpus';

export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const user = (text: string): Message => ({
  role: 'user',
  content: [{ type: 'text', text }],
});
export const fn = (name: string, extra: Partial<FunctionTool> = {}): FunctionTool => ({
  type: 'function',
  name,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});
export const opts = (
  openai: Record<string, unknown>,
  rest: Partial<CallOptions> = {},
): CallOptions => ({
  prompt: [user('x')],
  providerOptions: { openai },
  ...rest,
});
export const c = (
  name: string,
  modelId: string,
  options: CallOptions,
  throws?: string,
): CorpusCase => ({
  name,
  modelId,
  options,
  ...(throws !== undefined && { throws }),
});
/** A documented deviation: upstream drops silently what this package drops with a warning. */
/** A user message, a call of tool `a` (with `input`), and its result `output`. */
export const callThen = (
  output: unknown,
  extra: Record<string, unknown> = {},
  input: Record<string, unknown> = { q: 1 },
): Message[] => [
  user('x'),
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input, ...extra }],
  } as Message,
  {
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'a', output } as never],
  },
];

export const warned = (warning: unknown, corpusCase: CorpusCase): CorpusCase => ({
  ...corpusCase,
  extraWarnings: [warning],
});

export const sampling: Partial<CallOptions> = {
  temperature: 0.3,
  topP: 0.9,
  topK: 5,
  presencePenalty: 0.1,
  frequencyPenalty: 0.2,
  seed: 7,
  stopSequences: ['END'],
  maxOutputTokens: 100,
};

export const adversarialOptionCases: CorpusCase[] = [
  c('sampling on gpt-4o', 'gpt-4o', { prompt: [user('x')], ...sampling }),
  c('sampling on o3', 'o3', { prompt: [user('x')], ...sampling }),
  c('sampling on gpt-5-chat-latest', 'gpt-5-chat-latest', { prompt: [user('x')], ...sampling }),
  c('sampling on gpt-5.1 effort none', 'gpt-5.1', opts({ reasoningEffort: 'none' }, sampling)),
  c('sampling on gpt-4o-search-preview', 'gpt-4o-search-preview', {
    prompt: [user('x')],
    ...sampling,
  }),
  c('sampling on codex-mini-latest', 'codex-mini-latest', { prompt: [user('x')], ...sampling }),
  c('sampling on gpt-5-codex', 'gpt-5-codex', { prompt: [user('x')], ...sampling }),
  c('o1-mini system message', 'o1-mini', { prompt: [{ role: 'system', content: 's' }, user('x')] }),
  c('o4-mini', 'o4-mini', opts({ reasoningSummary: 'detailed' })),
  c('gpt-5-pro', 'gpt-5-pro', opts({})),
  c('gpt-4.1-nano flex', 'gpt-4.1-nano', opts({ serviceTier: 'flex' })),
  c('o3-mini priority', 'o3-mini', opts({ serviceTier: 'priority' })),
  c('unknown model', 'my-finetune', opts({ reasoningEffort: 'low' })),
  c('ft model', 'ft:gpt-4o:org::abc', { prompt: [user('x')], ...sampling }),
  c('null metadata', 'gpt-5', opts({ metadata: null })),
  c('null store', 'gpt-5', opts({ store: null })),
  c(
    'null everything',
    'gpt-4o',
    opts({ user: null, instructions: null, parallelToolCalls: null, serviceTier: null }),
  ),
  c('wrong type store', 'gpt-5', opts({ store: 'yes' }), 'invalid openai provider options'),
  c(
    'wrong type maxToolCalls',
    'gpt-5',
    opts({ maxToolCalls: 'three' }),
    'invalid openai provider options',
  ),
  c('wrong reasoningEffort value', 'gpt-5', opts({ reasoningEffort: 'ultra' })),
  c('wrong serviceTier', 'gpt-5', opts({ serviceTier: 'gold' }), 'invalid openai provider options'),
  c('wrong textVerbosity', 'gpt-5', opts({ textVerbosity: 1 }), 'invalid openai provider options'),
  c('wrong include', 'gpt-5', opts({ include: ['nope'] }), 'invalid openai provider options'),
  c('include empty', 'gpt-5', opts({ include: [] })),
  c('logprobs 0', 'gpt-4o', opts({ logprobs: 0 }), 'invalid openai provider options'),
  c('logprobs 21', 'gpt-4o', opts({ logprobs: 21 }), 'invalid openai provider options'),
  c('logprobs false', 'gpt-4o', opts({ logprobs: false })),
  c('unknown key', 'gpt-5', opts({ notAnOption: 1 })),
  c(
    'openai options not an object',
    'gpt-5',
    { prompt: [user('x')], providerOptions: { openai: 'x' as never } },
    '',
  ),
  c('maxOutputTokens 0', 'gpt-5', { prompt: [user('x')], maxOutputTokens: 0 }),
  c('store false with reasoning', 'gpt-5', opts({ store: false })),
  c(
    'store false include given',
    'o3',
    opts({ store: false, include: ['web_search_call.results'] }),
  ),
  c('json no schema with name', 'gpt-4o', {
    prompt: [user('x')],
    responseFormat: { type: 'json', name: 'n', description: 'd' },
  }),
  c('json schema no name', 'gpt-4o', {
    prompt: [user('x')],
    responseFormat: { type: 'json', schema: { type: 'object' }, description: 'd' },
  }),
  c('text response format', 'gpt-4o', { prompt: [user('x')], responseFormat: { type: 'text' } }),
  c('tool choice none', 'gpt-4o', {
    prompt: [user('x')],
    tools: [fn('a')],
    toolChoice: { type: 'none' },
  }),
  c('tool choice required', 'gpt-4o', {
    prompt: [user('x')],
    tools: [fn('a')],
    toolChoice: { type: 'required' },
  }),
  c('tool choice auto no tools', 'gpt-4o', { prompt: [user('x')], toolChoice: { type: 'auto' } }),
  c('tool choice named without tools', 'gpt-4o', {
    prompt: [user('x')],
    toolChoice: { type: 'tool', toolName: 'a' },
  }),
  c('empty tools', 'gpt-4o', { prompt: [user('x')], tools: [] }),
  c('strict function tool', 'gpt-4o', {
    prompt: [user('x')],
    tools: [fn('a', { strict: true }), fn('b', { strict: false })],
  }),
  c('function with inputExamples', 'gpt-4o', {
    prompt: [user('x')],
    tools: [fn('a', { inputExamples: [{ input: { q: 1 } }] } as never)],
  }),
  c('function named web_search with provider tool', 'gpt-5', {
    prompt: [user('x')],
    tools: [
      fn('web_search'),
      { type: 'provider', id: 'openai.web_search', name: 'search', args: {} },
    ],
    toolChoice: { type: 'tool', toolName: 'web_search' },
  }),
  c('provider tool forced by name', 'gpt-5', {
    prompt: [user('x')],
    tools: [
      {
        type: 'provider',
        id: 'openai.file_search',
        name: 'fs',
        args: { vectorStoreIds: ['vs_1'] },
      },
    ],
    toolChoice: { type: 'tool', toolName: 'fs' },
  }),
  warned(
    { type: 'unsupported', feature: 'provider-defined tool openai.nope' },
    c('unknown provider tool', 'gpt-5', {
      prompt: [user('x')],
      tools: [{ type: 'provider', id: 'openai.nope', name: 'nope', args: {} }],
    }),
  ),
  warned(
    { type: 'unsupported', feature: 'provider-defined tool anthropic.bash' },
    c('other provider tool', 'gpt-5', {
      prompt: [user('x')],
      tools: [{ type: 'provider', id: 'anthropic.bash', name: 'bash', args: {} }],
    }),
  ),
  c('headers ignored', 'gpt-4o', { prompt: [user('x')], headers: { 'x-a': '1' } }),
  c('reasoning top-level none on o3', 'o3', {
    prompt: [user('x')],
    reasoning: 'none',
  } as CallOptions),
  c('reasoning top-level minimal on gpt-5.1', 'gpt-5.1', {
    prompt: [user('x')],
    reasoning: 'minimal',
  } as CallOptions),
  c('reasoning top-level high on gpt-4o', 'gpt-4o', {
    prompt: [user('x')],
    reasoning: 'high',
  } as CallOptions),
  c(
    'web_search with a bad argument',
    'gpt-5',
    {
      prompt: [user('x')],
      tools: [
        {
          type: 'provider',
          id: 'openai.web_search',
          name: 'web_search',
          args: { searchContextSize: 'huge' },
        },
      ],
    },
    '',
  ),
  c(
    'file_search without vector stores',
    'gpt-5',
    {
      prompt: [user('x')],
      tools: [{ type: 'provider', id: 'openai.file_search', name: 'fs', args: {} }],
    },
    '',
  ),
  c(
    'image_generation with null arguments',
    'gpt-5',
    {
      prompt: [user('x')],
      tools: [
        {
          type: 'provider',
          id: 'openai.image_generation',
          name: 'img',
          args: { quality: null, size: null },
        },
      ],
    },
    '',
  ),
  c('a function tool and a provider tool with the same name', 'gpt-5', {
    prompt: [user('x')],
    tools: [
      fn('code_interpreter'),
      { type: 'provider', id: 'openai.code_interpreter', name: 'code_interpreter', args: {} },
    ],
  }),
  c('two function tools with the same name', 'gpt-4o', {
    prompt: [user('x')],
    tools: [fn('a'), fn('a')],
  }),
  c('toolChoice naming a provider tool by SDK name', 'gpt-5', {
    prompt: [user('x')],
    tools: [{ type: 'provider', id: 'openai.code_interpreter', name: 'ci', args: {} }],
    toolChoice: { type: 'tool', toolName: 'ci' },
  }),
  c('toolChoice naming an unknown tool', 'gpt-5', {
    prompt: [user('x')],
    tools: [fn('a')],
    toolChoice: { type: 'tool', toolName: 'zzz' },
  }),
];
