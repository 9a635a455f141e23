/**
 * Calls as ai@5 and ai@6 users wrote them for `@ai-sdk/openai` 2 and 3: every Responses provider
 * option those versions take, with the values they accept, and the arguments of the provider
 * tools they have. A user who swaps in the root entry or `/v3` keeps these calls unchanged, so
 * each must give the body the era's package POSTs (era-request-differential.test.ts). The main
 * corpus (request-corpus.ts) is written for `@ai-sdk/openai` 4's options.
 */
import type { CorpusCase } from './request-corpus';
import { stored } from './request-corpus';

const user = (text: string) => ({
  role: 'user' as const,
  content: [{ type: 'text' as const, text }],
});
const weather = {
  type: 'function' as const,
  name: 'weather',
  description: 'The weather tool',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};
const tool = (id: `openai.${string}`, name: string, args: Record<string, unknown> = {}) => ({
  type: 'provider' as const,
  id,
  name,
  args,
});

export const eraOptionCases: CorpusCase[] = [
  {
    name: 'era options: every request option of 2 and 3 on a reasoning model',
    modelId: 'gpt-5',
    options: {
      prompt: [{ role: 'system', content: 'Be brief.' }, user('x')],
      tools: [weather],
      providerOptions: {
        openai: {
          include: ['reasoning.encrypted_content', 'file_search_call.results'],
          instructions: 'Answer in French.',
          maxToolCalls: 2,
          metadata: { team: 'a' },
          parallelToolCalls: false,
          promptCacheKey: 'cache-1',
          promptCacheRetention: '24h',
          reasoningEffort: 'low',
          reasoningSummary: 'auto',
          safetyIdentifier: 'hash-1',
          serviceTier: 'flex',
          store: false,
          strictJsonSchema: true,
          textVerbosity: 'low',
          user: 'user-1',
        },
      },
    },
  },
  {
    name: 'era options: logprobs, truncation and a conversation on a model that does not reason',
    modelId: 'gpt-4.1',
    options: {
      prompt: [user('x')],
      temperature: 0.3,
      providerOptions: {
        openai: {
          logprobs: 3,
          truncation: 'auto',
          conversation: 'conv_1',
          serviceTier: 'priority',
        },
      },
    },
  },
  {
    name: 'era options: previousResponseId with the new message only',
    modelId: 'gpt-5',
    options: {
      prompt: [user('and then?')],
      providerOptions: {
        openai: {
          previousResponseId: stored('openai-web-search-tool.1').responseId,
          reasoningEffort: 'minimal',
          reasoningSummary: 'detailed',
        },
      },
    },
  },
  {
    name: 'era options: structured output with strictJsonSchema',
    modelId: 'gpt-4.1',
    options: {
      prompt: [user('x')],
      responseFormat: {
        type: 'json',
        name: 'answer',
        schema: {
          type: 'object',
          properties: { a: { type: 'string' } },
          required: ['a'],
          additionalProperties: false,
        },
      },
      tools: [weather],
      providerOptions: { openai: { strictJsonSchema: true, textVerbosity: 'medium' } },
    },
  },
  {
    name: 'era options: the hosted tools of 2 with their arguments',
    modelId: 'gpt-5',
    options: {
      prompt: [user('x')],
      tools: [
        tool('openai.web_search', 'web_search', {
          searchContextSize: 'high',
          userLocation: { type: 'approximate', city: 'Paris', country: 'FR' },
          filters: { allowedDomains: ['example.com'] },
        }),
        tool('openai.web_search_preview', 'web_search_preview', { searchContextSize: 'low' }),
        tool('openai.file_search', 'file_search', {
          vectorStoreIds: ['vs_1'],
          maxNumResults: 3,
          ranking: { ranker: 'auto', scoreThreshold: 0.5 },
          filters: { type: 'eq', key: 'kind', value: 'doc' },
        }),
        tool('openai.code_interpreter', 'code_interpreter', { container: { fileIds: ['file-1'] } }),
        tool('openai.image_generation', 'image_generation', {
          quality: 'low',
          size: '1024x1024',
          outputFormat: 'webp',
          outputCompression: 50,
          background: 'opaque',
        }),
        tool('openai.local_shell', 'local_shell'),
      ],
      toolChoice: { type: 'tool', toolName: 'file_search' },
      providerOptions: { openai: { reasoningEffort: 'medium', reasoningSummary: 'auto' } },
    },
  },
];
