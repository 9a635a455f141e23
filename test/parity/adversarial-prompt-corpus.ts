/**
 * Adversarial prompts for the request corpus: tool calls and results of every output type with
 * odd values, provider-executed calls, per-part provider options; the same parity as the corpus.
 */
import type { FunctionTool } from '../../src/types';
import { c, callThen, fn, opts, PNG, sampling, user } from './adversarial-corpus';
import type { CorpusCase } from './request-corpus';

export const adversarialPromptCases: CorpusCase[] = [
  c('tool call with itemId, store true', 'gpt-4o', {
    prompt: callThen(
      { type: 'text', value: 'r' },
      { providerOptions: { openai: { itemId: 'fc_1' } } },
    ),
  }),
  c('tool call with itemId, store false', 'gpt-4o', {
    prompt: callThen(
      { type: 'text', value: 'r' },
      { providerOptions: { openai: { itemId: 'fc_1' } } },
    ),
    providerOptions: { openai: { store: false } },
  }),
  c('tool result with providerOptions', 'gpt-4o', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'a', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'a',
            output: { type: 'text', value: 'r' },
            providerOptions: { openai: { itemId: 'x' } },
          },
        ],
      },
    ],
  }),
  c('error-json with string value', 'gpt-4o', {
    prompt: callThen({ type: 'error-json', value: 'str' }),
  }),
  c('json with string value', 'gpt-4o', { prompt: callThen({ type: 'json', value: 'str' }) }),
  c('content with only text', 'gpt-4o', {
    prompt: callThen({
      type: 'content',
      value: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
    }),
  }),
  c('content with image url and detail', 'gpt-4o', {
    prompt: callThen({
      type: 'content',
      value: [
        {
          type: 'image-url',
          url: 'https://x.test/a.png',
          providerOptions: { openai: { imageDetail: 'low' } },
        },
      ],
    }),
  }),
  c('content with image-data detail', 'gpt-4o', {
    prompt: callThen({
      type: 'content',
      value: [
        {
          type: 'image-data',
          data: PNG,
          mediaType: 'image/jpeg',
          providerOptions: { openai: { imageDetail: 'high' } },
        },
      ],
    }),
  }),
  c('content with file-data no filename', 'gpt-4o', {
    prompt: callThen({
      type: 'content',
      value: [{ type: 'file-data', data: PNG, mediaType: 'application/pdf' }],
    }),
  }),
  c('content with file-data text/plain', 'gpt-4o', {
    prompt: callThen({
      type: 'content',
      value: [{ type: 'file-data', data: PNG, mediaType: 'text/plain', filename: 'a.txt' }],
    }),
  }),
  c('content with media audio', 'gpt-4o', {
    prompt: callThen({
      type: 'content',
      value: [{ type: 'media', data: PNG, mediaType: 'audio/wav' }],
    }),
  }),
  c('content with custom part', 'gpt-4o', {
    prompt: callThen({
      type: 'content',
      value: [{ type: 'custom', providerOptions: { openai: { x: 1 } } }],
    }),
  }),
  c('tool result for a custom tool', 'gpt-5', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'free', input: 'text input' }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'free',
            output: { type: 'text', value: 'r' },
          },
        ],
      },
    ],
    tools: [
      { type: 'provider', id: 'openai.custom', name: 'free', args: { format: { type: 'text' } } },
    ],
  }),
  c('provider-executed web search call without result, store false', 'gpt-5', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'ws_1',
            toolName: 'web_search',
            input: {},
            providerExecuted: true,
          },
        ],
      },
      user('y'),
    ],
    tools: [{ type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }],
    providerOptions: { openai: { store: false } },
  }),
  c('provider-executed call with unknown tool name', 'gpt-5', {
    prompt: [
      user('x'),
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'x_1',
            toolName: 'mystery',
            input: {},
            providerExecuted: true,
          },
        ],
      },
      user('y'),
    ],
  }),
  c('function tool with providerOptions strict-ish', 'gpt-4o', {
    prompt: [user('x')],
    tools: [fn('a', { providerOptions: { openai: { unknown: 1 } } })],
  }),
  c('function tool without description and empty schema', 'gpt-4o', {
    prompt: [user('x')],
    tools: [{ type: 'function', name: 'a', inputSchema: {} } as FunctionTool],
  }),
  c('json schema on o3 with verbosity', 'o3', {
    prompt: [user('x')],
    responseFormat: {
      type: 'json',
      schema: { type: 'object', properties: { a: { type: 'string' } } },
    },
    providerOptions: { openai: { textVerbosity: 'high' } },
  }),
  c('verbosity on gpt-4o', 'gpt-4o', opts({ textVerbosity: 'low' })),
  c('reasoningSummary null', 'gpt-5', opts({ reasoningSummary: null })),
  c('reasoningEffort minimal on gpt-5 with web search', 'gpt-5', {
    prompt: [user('x')],
    tools: [{ type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} }],
    providerOptions: { openai: { reasoningEffort: 'minimal' } },
  }),
  c('temperature 0 on gpt-5', 'gpt-5', { prompt: [user('x')], temperature: 0 }),
  c('topP on o1', 'o1', { prompt: [user('x')], topP: 0.5 }),
  c('maxOutputTokens on o3', 'o3', { prompt: [user('x')], maxOutputTokens: 5 }),
  c(
    'store true include reasoning.encrypted_content',
    'gpt-5',
    opts({ include: ['reasoning.encrypted_content'] }),
  ),
  c(
    'store false include with logprobs',
    'gpt-4o',
    opts({ store: false, logprobs: 3, include: ['message.output_text.logprobs'] }),
  ),
  c('parallelToolCalls without tools', 'gpt-4o', opts({ parallelToolCalls: true })),
  c('user text with providerOptions', 'gpt-4o', {
    prompt: [
      {
        role: 'user',
        content: [{ type: 'text', text: 'x', providerOptions: { openai: { itemId: 'm' } } }],
      },
    ],
  }),
  c(
    'systemMessageMode remove on gpt-4o',
    'gpt-4o',
    opts(
      { systemMessageMode: 'remove' },
      { prompt: [{ role: 'system', content: 's' }, user('x')] },
    ),
  ),
  c(
    'systemMessageMode developer on gpt-4o',
    'gpt-4o',
    opts(
      { systemMessageMode: 'developer' },
      { prompt: [{ role: 'system', content: 's' }, user('x')] },
    ),
  ),
  c(
    'forceReasoning on gpt-4o',
    'gpt-4o',
    opts({ forceReasoning: true, reasoningEffort: 'low' }, sampling),
  ),
  c('metadata with number values', 'gpt-4o', opts({ metadata: { a: 1 } })),
  c(
    'strictJsonSchema with json no schema',
    'gpt-4o',
    opts({ strictJsonSchema: true }, { responseFormat: { type: 'json' } }),
  ),
  c('json schema with empty name', 'gpt-4o', {
    prompt: [user('x')],
    responseFormat: { type: 'json', schema: { type: 'object' }, name: '' },
  }),
];
