/**
 * The request this package builds must be the request `@ai-sdk/openai` sends for the same call
 * (it is a drop-in replacement). Each case runs both and compares input items and settings
 * byte for byte (key order included) and the warnings. Deliberate differences are asserted
 * explicitly at the end, each with the reason.
 */
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../src/model/request/build-request';
import type { CallOptions, FunctionTool, Message, ProviderTool } from '../../src/types';
import { corpus } from '../parity/request-corpus';
import { runUpstream } from './upstream-openai';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF_BASE64 = Buffer.from('%PDF-1.4 tiny').toString('base64');

async function compare(modelId: string, options: CallOptions) {
  const [upstream, ours] = await Promise.all([
    runUpstream(modelId, options),
    buildRequest({ modelId, options }),
  ]);
  const { input, previous_response_id, ...upstreamSettings } = upstream.body;
  expect(JSON.stringify(ours.input)).toBe(JSON.stringify(input));
  expect(JSON.stringify(ours.settings)).toBe(JSON.stringify(upstreamSettings));
  expect(ours.previousResponseId).toBe(previous_response_id);
  expect(ours.warnings).toEqual(upstream.warnings);
  return { upstream, ours };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

const weatherTool: FunctionTool = {
  type: 'function',
  name: 'weather',
  description: 'Get the weather',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};
const searchTool: FunctionTool = {
  type: 'function',
  name: 'search',
  inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^(?!x)' } } },
  strict: true,
};

/** A tool loop history with every kind of tool output. */
const toolLoop: Message[] = [
  { role: 'system', content: 'Use tools.' },
  user('Weather in Paris and Rome?'),
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Checking.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: { city: 'Paris' } },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'weather', input: '{"city":"Rome"}' },
      { type: 'tool-call', toolCallId: 'call_3', toolName: 'search', input: 'not json' },
      { type: 'tool-call', toolCallId: 'call_4', toolName: 'search', input: undefined },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'weather',
        output: { type: 'json', value: { temp: 21, sky: ['sun'] } },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_2',
        toolName: 'weather',
        output: { type: 'text', value: 'rainy' },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_3',
        toolName: 'search',
        output: { type: 'error-text', value: 'boom' },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_4',
        toolName: 'search',
        output: { type: 'error-json', value: { code: 1 } },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_5',
        toolName: 'search',
        output: { type: 'execution-denied', reason: 'no' },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_6',
        toolName: 'search',
        output: { type: 'execution-denied' },
      },
      {
        type: 'tool-result',
        toolCallId: 'call_7',
        toolName: 'search',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: 'see image' },
            { type: 'image-data', data: PNG_BASE64, mediaType: 'image/png' },
            {
              type: 'file-data',
              data: PDF_BASE64,
              mediaType: 'application/pdf',
              filename: 'a.pdf',
            },
            { type: 'file-data', data: PDF_BASE64, mediaType: 'application/pdf' },
            { type: 'image-url', url: 'https://example.com/a.png' },
            { type: 'file-url', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' },
          ],
        },
      },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
  user('Thanks'),
];

describe('the request corpus: same request as @ai-sdk/openai, key for key', () => {
  it.each(corpus)('$name ($modelId)', async ({ modelId, options, throws }) => {
    if (throws !== undefined) {
      const [upstream, ours] = await Promise.allSettled([
        runUpstream(modelId, options),
        buildRequest({ modelId, options }),
      ]);
      expect(upstream.status).toBe('rejected');
      expect(ours.status).toBe('rejected');
      const reason = (settled: PromiseSettledResult<unknown>) =>
        (settled as PromiseRejectedResult).reason as Error;
      expect(reason(ours).message).toBe(reason(upstream).message);
      expect(reason(ours).message).toContain(throws);
      expect(reason(ours).name).toBe(reason(upstream).name);
      return;
    }
    await compare(modelId, options);
  });
});

describe('same request as @ai-sdk/openai', () => {
  it('plain chat with settings on a non-reasoning model', async () => {
    await compare('gpt-4o', {
      prompt: [
        { role: 'system', content: 'Be brief.' },
        user('Hi'),
        { role: 'assistant', content: [{ type: 'text', text: 'Hello!' }] },
        user('How are you?'),
      ],
      temperature: 0.3,
      topP: 0.9,
      maxOutputTokens: 100,
    });
  });

  it('unsupported settings give the same warnings', async () => {
    await compare('gpt-4o', {
      prompt: [user('Hi')],
      topK: 3,
      seed: 1,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ['x'],
    });
  });

  it('system prompt on a reasoning model (developer role, sampling settings dropped)', async () => {
    await compare('gpt-5', {
      prompt: [{ role: 'system', content: 'You are terse.' }, user('Hi')],
      temperature: 0.5,
      topP: 0.5,
    });
  });

  it.each([['system' as const], ['developer' as const], ['remove' as const]])(
    'systemMessageMode %s',
    async (systemMessageMode) => {
      await compare('gpt-4o', {
        prompt: [{ role: 'system', content: 'S' }, user('Hi')],
        providerOptions: { openai: { systemMessageMode } },
      });
    },
  );

  it('tool loop with every tool output type and tool choice', async () => {
    await compare('gpt-4o', {
      prompt: toolLoop,
      tools: [weatherTool, searchTool],
      toolChoice: { type: 'required' },
    });
    await compare('gpt-4o', {
      prompt: toolLoop,
      tools: [weatherTool],
      toolChoice: { type: 'tool', toolName: 'weather' },
    });
    await compare('gpt-4o', {
      prompt: toolLoop,
      tools: [weatherTool],
      toolChoice: { type: 'none' },
    });
    await compare('gpt-4o', {
      prompt: toolLoop,
      tools: [weatherTool],
      toolChoice: { type: 'auto' },
    });
  });

  it('image and file parts', async () => {
    await compare('gpt-4o', {
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'file', data: PNG_BASE64, mediaType: 'image/png' },
            {
              type: 'file',
              data: JPEG_BYTES,
              mediaType: 'image/jpeg',
              providerOptions: { openai: { imageDetail: 'low' } },
            },
            { type: 'file', data: PNG_BASE64, mediaType: 'image/*' },
            { type: 'file', data: new URL('https://example.com/cat.png'), mediaType: 'image/png' },
            { type: 'file', data: 'file-img123', mediaType: 'image/png' },
            { type: 'file', data: PDF_BASE64, mediaType: 'application/pdf' },
            {
              type: 'file',
              data: PDF_BASE64,
              mediaType: 'application/pdf',
              filename: 'report.pdf',
            },
            {
              type: 'file',
              data: new URL('https://example.com/doc.pdf'),
              mediaType: 'application/pdf',
            },
            { type: 'file', data: 'file-doc456', mediaType: 'application/pdf' },
          ],
        },
      ],
    });
  });

  it('non-PDF inline files with passThroughUnsupportedFiles', async () => {
    await compare('gpt-4o', {
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'file', data: Buffer.from('a,b').toString('base64'), mediaType: 'text/csv' },
          ],
        },
      ],
      providerOptions: { openai: { passThroughUnsupportedFiles: true } },
    });
  });

  const reasoningHistory: Message[] = [
    user('Think'),
    {
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'First',
          providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: null } },
        },
        {
          type: 'reasoning',
          text: 'Second',
          providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc_1' } },
        },
        { type: 'reasoning', text: '', providerOptions: { openai: { itemId: 'rs_1' } } },
        { type: 'text', text: 'Answer', providerOptions: { openai: { itemId: 'msg_1' } } },
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'weather',
          input: { city: 'Oslo' },
          providerOptions: { openai: { itemId: 'fc_1' } },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'weather',
          output: { type: 'json', value: 3 },
        },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Unreasoned', providerOptions: { openai: { itemId: 'msg_2' } } },
        { type: 'reasoning', text: 'orphan', providerOptions: { openai: { itemId: 'rs_2' } } },
        { type: 'reasoning', text: 'no id' },
        {
          type: 'reasoning',
          text: 'no id, encrypted',
          providerOptions: { openai: { reasoningEncryptedContent: 'enc_x' } },
        },
        { type: 'text', text: 'After', providerOptions: { openai: { itemId: 'msg_3' } } },
        { type: 'text', text: 'After again', providerOptions: { openai: { itemId: 'msg_3' } } },
      ],
    },
    user('More'),
  ];

  it('reasoning parts with store true (references)', async () => {
    await compare('gpt-5', { prompt: reasoningHistory, tools: [weatherTool] });
    await compare('gpt-5', {
      prompt: reasoningHistory,
      tools: [weatherTool],
      providerOptions: { openai: { store: true } },
    });
  });

  it('reasoning parts with store false (full items with encrypted content)', async () => {
    const { ours } = await compare('gpt-5', {
      prompt: reasoningHistory,
      tools: [weatherTool],
      providerOptions: { openai: { store: false } },
    });
    expect(ours.settings.include).toEqual(['reasoning.encrypted_content']);
  });

  it('assistant text on a non-reasoning model with store (item references)', async () => {
    await compare('gpt-4o', {
      prompt: [
        user('a'),
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: 'b',
              providerOptions: { openai: { itemId: 'msg_1', phase: 'final_answer' } },
            },
          ],
        },
        user('c'),
      ],
    });
    await compare('gpt-4o', {
      prompt: [
        user('a'),
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: 'b',
              providerOptions: { openai: { itemId: 'msg_1', phase: 'commentary' } },
            },
          ],
        },
        user('c'),
      ],
      providerOptions: { openai: { store: false } },
    });
  });

  it('JSON response formats and text verbosity', async () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: false,
    };
    await compare('gpt-4o', { prompt: [user('x')], responseFormat: { type: 'json', schema } });
    await compare('gpt-4o', {
      prompt: [user('x')],
      responseFormat: { type: 'json', schema, name: 'thing', description: 'A thing' },
      providerOptions: { openai: { strictJsonSchema: false, textVerbosity: 'low' } },
    });
    await compare('gpt-4o', { prompt: [user('x')], responseFormat: { type: 'json' } });
    await compare('gpt-5', {
      prompt: [user('x')],
      responseFormat: { type: 'text' },
      providerOptions: { openai: { textVerbosity: 'high' } },
    });
    await compare('gpt-4o', {
      prompt: [user('x')],
      responseFormat: { type: 'json', schema },
      providerOptions: {
        openai: {
          textFormat: {
            type: 'json_schema',
            name: 'override',
            schema: { type: 'object', propertyNames: { pattern: '^a' } },
          },
        },
      },
    });
  });

  it('provider options', async () => {
    await compare('gpt-5', {
      prompt: [user('x')],
      providerOptions: {
        openai: {
          reasoningEffort: 'low',
          reasoningSummary: 'auto',
          include: ['file_search_call.results'],
          metadata: { a: '1' },
          parallelToolCalls: false,
          textVerbosity: 'medium',
          instructions: 'Be nice',
          user: 'u1',
          serviceTier: 'flex',
          promptCacheKey: 'pck',
          promptCacheRetention: '24h',
          safetyIdentifier: 'sid',
          maxToolCalls: 3,
          truncation: 'disabled',
          logprobs: 5,
          conversation: 'conv_1',
          contextManagement: [{ type: 'compaction', compactThreshold: 1000 }],
          promptCacheOptions: { mode: 'explicit', ttl: '12h' },
          reasoningContext: 'all_turns',
        },
      },
    });
    await compare('gpt-4o', {
      prompt: [user('x')],
      providerOptions: {
        openai: {
          reasoningEffort: 'high',
          reasoningSummary: 'auto',
          serviceTier: 'flex',
          logprobs: true,
        },
      },
    });
    await compare('gpt-5-nano', {
      prompt: [user('x')],
      providerOptions: { openai: { serviceTier: 'priority' } },
    });
    await compare('gpt-5', {
      prompt: [user('x')],
      providerOptions: { openai: { conversation: 'c', previousResponseId: 'resp_0' } },
    });
    await compare('gpt-5', {
      prompt: [user('x')],
      providerOptions: { openai: { previousResponseId: 'resp_0' } },
    });
  });

  it('conversation and previousResponseId skip items the server already holds', async () => {
    for (const openai of [{ conversation: 'conv_1' }, { previousResponseId: 'resp_0' }]) {
      await compare('gpt-5', {
        prompt: reasoningHistory,
        tools: [weatherTool],
        providerOptions: { openai },
      });
    }
  });

  it('top-level reasoning (V4) and sampling with effort none', async () => {
    await compare('gpt-5', { prompt: [user('x')], reasoning: 'xhigh' });
    await compare('gpt-5', { prompt: [user('x')], reasoning: 'none' });
    await compare('gpt-5', { prompt: [user('x')], reasoning: 'provider-default' });
    await compare('gpt-5.1', {
      prompt: [user('x')],
      reasoning: 'none',
      temperature: 0.2,
      topP: 0.3,
    });
    await compare('o3', {
      prompt: [user('x')],
      reasoning: 'low',
      providerOptions: { openai: { reasoningEffort: 'high' } },
    });
    await compare('my-custom-model', {
      prompt: [{ role: 'system', content: 's' }, user('x')],
      temperature: 1,
      providerOptions: {
        openai: { forceReasoning: true, reasoningEffort: 'medium', store: false },
      },
    });
    await compare('gpt-5-chat-latest', {
      prompt: [{ role: 'system', content: 's' }, user('x')],
      temperature: 1,
    });
    await compare('gpt-6-sol', {
      prompt: [user('x')],
      reasoning: 'none',
      temperature: 1,
      providerOptions: { openai: { logprobs: true, promptCacheRetention: '24h' } },
    });
    await compare('gpt-6.1-sol', {
      prompt: [user('x')],
      reasoning: 'high',
      providerOptions: { openai: { logprobs: true, reasoningEffortUpdate: 'low' } },
    });
    await compare('gpt-6.1-sol', {
      prompt: [user('x')],
      providerOptions: { openai: { reasoningEffortUpdate: 'low', truncation: 'auto' } },
    });
    await compare('gpt-5', {
      prompt: [user('x')],
      providerOptions: { openai: { reasoningEffortUpdate: 'low', compactionTrigger: true } },
    });
  });

  it('provider tools, their includes and tool choice', async () => {
    const tools: ProviderTool[] = [
      {
        type: 'provider',
        id: 'openai.web_search',
        name: 'web',
        args: {
          searchContextSize: 'high',
          userLocation: { city: 'Paris', type: 'approximate' },
          filters: { allowedDomains: ['a.com'] },
        },
      },
      { type: 'provider', id: 'openai.web_search_preview', name: 'web_preview', args: {} },
      {
        type: 'provider',
        id: 'openai.file_search',
        name: 'files',
        args: {
          vectorStoreIds: ['vs_1'],
          maxNumResults: 3,
          ranking: { scoreThreshold: 0.5 },
          filters: { key: 'k', type: 'eq', value: 'v' },
        },
      },
      {
        type: 'provider',
        id: 'openai.code_interpreter',
        name: 'code',
        args: {
          container: {
            fileIds: ['f1'],
            networkPolicy: { type: 'allowlist', allowedDomains: ['x.com'] },
          },
        },
      },
      {
        type: 'provider',
        id: 'openai.image_generation',
        name: 'image',
        args: { outputFormat: 'png', size: '1024x1024', quality: 'high' },
      },
    ];
    await compare('gpt-5', {
      prompt: [user('x')],
      tools: [weatherTool, ...tools],
      toolChoice: { type: 'tool', toolName: 'web' },
    });
    await compare('gpt-5', {
      prompt: [user('x')],
      tools: [tools[3]],
      toolChoice: { type: 'tool', toolName: 'code' },
    });
    await compare('gpt-5', {
      prompt: [user('x')],
      tools: [
        { ...tools[3], args: { container: 'cntr_1' } },
        { ...tools[0], args: {} },
      ],
      providerOptions: { openai: { includeWebSearchSources: false } },
    });
    await compare('gpt-5', { prompt: [user('x')], tools: [{ ...tools[3], args: {} }] });
    await compare('gpt-5', {
      prompt: [user('x')],
      tools: [weatherTool, searchTool, ...tools],
      providerOptions: {
        openai: {
          allowedTools: {
            toolNames: ['weather', 'web', 'image_generation', 'nope'],
            mode: 'required',
          },
        },
      },
    });
  });

  it('provider-executed tool calls and results', async () => {
    const prompt: Message[] = [
      user('search'),
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'ws_1',
            toolName: 'web',
            input: {},
            providerExecuted: true,
            providerOptions: { openai: { itemId: 'ws_1' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'ws_1',
            toolName: 'web',
            output: { type: 'json', value: { status: 'completed' } },
          },
          {
            type: 'tool-call',
            toolCallId: 'ci_1',
            toolName: 'code',
            input: { code: '1' },
            providerExecuted: true,
            providerOptions: { openai: { itemId: 'ci_1' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'ci_1',
            toolName: 'code',
            output: { type: 'json', value: {} },
            providerOptions: { openai: { itemId: 'ci_1' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'x_1',
            toolName: 'code',
            output: { type: 'execution-denied' },
          },
          { type: 'text', text: 'found', providerOptions: { openai: { itemId: 'msg_1' } } },
        ],
      },
      user('more'),
    ];
    const tools: ProviderTool[] = [
      { type: 'provider', id: 'openai.code_interpreter', name: 'code', args: {} },
    ];
    await compare('gpt-4o', { prompt, tools });
    // store: false. (Web search results would be rebuilt upstream; here the tool is unnamed.)
    await compare('gpt-4o', { prompt, tools, providerOptions: { openai: { store: false } } });
  });

  it('parallel wrapper calls are folded back when the server holds the wrapper', async () => {
    const wrapper = { itemId: 'fc_p', toolCallId: 'call_p', toolName: 'parallel', count: 2 };
    const child = (index: number) => ({
      openai: {
        parallelToolCall: { ...wrapper, index, ...(index === 0 && { input: '{"tool_uses":[]}' }) },
      },
    });
    const prompt: Message[] = [
      user('x'),
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_p-0',
            toolName: 'weather',
            input: { city: 'A' },
            providerOptions: child(0),
          },
          {
            type: 'tool-call',
            toolCallId: 'call_p-1',
            toolName: 'weather',
            input: { city: 'B' },
            providerOptions: child(1),
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_p-0',
            toolName: 'weather',
            output: { type: 'json', value: { t: 1 } },
            providerOptions: child(0),
          },
          {
            type: 'tool-result',
            toolCallId: 'call_p-1',
            toolName: 'weather',
            output: { type: 'text', value: 'warm' },
            providerOptions: {
              openai: { ...child(1).openai, promptCacheBreakpoint: { type: 'explicit' } },
            },
          },
        ],
      },
    ];
    for (const openai of [{}, { previousResponseId: 'resp_0' }, { conversation: 'conv_1' }]) {
      await compare('gpt-4o', { prompt, tools: [weatherTool], providerOptions: { openai } });
    }
    const { ours } = await compare('gpt-4o', {
      prompt: prompt.slice(0, 3),
      tools: [weatherTool],
      providerOptions: { openai: { previousResponseId: 'r' } },
    });
    expect(ours.input.slice(1)).toEqual([
      { type: 'function_call', call_id: 'call_p', name: 'parallel', arguments: '{"tool_uses":[]}' },
      {
        type: 'function_call_output',
        call_id: 'call_p',
        output: [
          { type: 'input_text', text: '{"t":1}' },
          { type: 'input_text', text: '\nwarm', prompt_cache_breakpoint: { type: 'explicit' } },
        ],
      },
    ]);
  });

  it('tool results answering approval requests', async () => {
    await compare('gpt-4o', {
      prompt: [
        user('x'),
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: {} }],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId: 'ap_1', approved: false },
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'weather',
              output: {
                type: 'execution-denied',
                providerOptions: { openai: { approvalId: 'ap_1' } },
              },
            },
          ],
        },
      ],
      tools: [weatherTool],
    });
  });

  it('prompt cache breakpoints and tool callers', async () => {
    const bp = { promptCacheBreakpoint: { type: 'explicit' } };
    await compare('gpt-5.6', {
      prompt: [
        { role: 'system', content: 'S', providerOptions: { openai: bp } },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a', providerOptions: { openai: bp } },
            {
              type: 'file',
              data: PNG_BASE64,
              mediaType: 'image/png',
              providerOptions: { openai: bp },
            },
          ],
        },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: 'c1',
              toolName: 'weather',
              input: {},
              providerOptions: {
                openai: { caller: { type: 'program', callerId: 'p1' }, namespace: 'ns' },
              },
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'weather',
              output: { type: 'text', value: 'ok' },
              providerOptions: { openai: { ...bp, caller: { type: 'direct' } } },
            },
            {
              type: 'tool-result',
              toolCallId: 'c2',
              toolName: 'weather',
              output: {
                type: 'content',
                value: [{ type: 'text', text: 't', providerOptions: { openai: bp } }],
              },
            },
          ],
        },
      ],
    });
  });
});

describe('deliberate differences from @ai-sdk/openai', () => {
  it('provider tools neither package knows are dropped with a warning (upstream drops them silently)', async () => {
    const options: CallOptions = {
      prompt: [user('x')],
      tools: [weatherTool, { type: 'provider', id: 'acme.thing', name: 't', args: {} }],
    };
    const [upstream, ours] = await Promise.all([
      runUpstream('gpt-4o', options),
      buildRequest({ modelId: 'gpt-4o', options }),
    ]);
    expect(ours.settings.tools).toEqual(upstream.body.tools);
    expect(upstream.warnings).toEqual([]);
    expect(ours.warnings).toEqual([
      { type: 'unsupported', feature: 'provider-defined tool acme.thing' },
    ]);
  });

  it('assistant file parts are skipped with a warning (upstream skips them silently)', async () => {
    const options: CallOptions = {
      prompt: [
        user('x'),
        {
          role: 'assistant',
          content: [{ type: 'file', data: PNG_BASE64, mediaType: 'image/png' }],
        },
      ],
    };
    const [upstream, ours] = await Promise.all([
      runUpstream('gpt-4o', options),
      buildRequest({ modelId: 'gpt-4o', options }),
    ]);
    expect(ours.input).toEqual(upstream.body.input);
    expect(upstream.warnings).toEqual([]);
    expect(ours.warnings).toEqual([
      { type: 'other', message: expect.stringContaining('assistant file parts') },
    ]);
  });

  it('a user-supplied previousResponseId is returned, not put into the settings', async () => {
    const options: CallOptions = {
      prompt: [user('x')],
      providerOptions: { openai: { previousResponseId: 'resp_9', conversationId: 'my-conv' } },
    };
    const ours = await buildRequest({ modelId: 'gpt-4o', options });
    // The turn planner decides previous_response_id itself; conversationId is this package's own.
    expect(ours.settings).not.toHaveProperty('previous_response_id');
    expect(ours.settings).not.toHaveProperty('conversation_id');
    expect(ours.previousResponseId).toBe('resp_9');
    expect(ours.conversationId).toBe('my-conv');
  });
});
