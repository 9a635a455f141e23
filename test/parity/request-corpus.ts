/**
 * The request corpus: call configurations that must produce, through this package, the request
 * `@ai-sdk/openai` sends for the same call (its body minus `stream`; over a socket plus
 * `type: 'response.create'`), with the same warnings, or the same error. Used by
 * test/convert/equivalence.test.ts (request builder, key order) and
 * test/parity/request-differential.test.ts (the full frame on the wire).
 *
 * Ids of stored items come from recordings (`stored(...)`): the differential replays those into
 * the mock server first, so every `item_reference` and `previous_response_id` resolves.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CallOptions,
  FunctionTool,
  Message,
  ProviderOptions,
  ProviderTool,
  ToolResultOutput,
} from '../../src/types';

export type CorpusCase = {
  name: string;
  modelId: string;
  options: CallOptions;
  /** Both packages refuse the call with this error message (before anything is sent). */
  throws?: string;
  /**
   * Warnings this package adds where `@ai-sdk/openai` drops a part or tool silently (README,
   * "warnings" row of the parity table); the request itself is the same.
   */
  extraWarnings?: unknown[];
};

// ---------------------------------------------------------------------------------------------
// Building blocks

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PDF = Buffer.from('%PDF-1.4 tiny').toString('base64');

const user = (text: string, providerOptions?: ProviderOptions): Message => ({
  role: 'user',
  content: [{ type: 'text', text }],
  ...(providerOptions && { providerOptions }),
});
const system = (content: string, openai?: Record<string, unknown>): Message => ({
  role: 'system',
  content,
  ...(openai && { providerOptions: { openai } }),
});
const said = (text: string, openai?: Record<string, unknown>) => ({
  type: 'text' as const,
  text,
  ...(openai && { providerOptions: { openai } }),
});
const call = (
  toolCallId: string,
  toolName: string,
  input: unknown,
  extra: { providerExecuted?: boolean; openai?: Record<string, unknown> } = {},
) => ({
  type: 'tool-call' as const,
  toolCallId,
  toolName,
  input,
  ...(extra.providerExecuted && { providerExecuted: true }),
  ...(extra.openai && { providerOptions: { openai: extra.openai } }),
});
const result = (
  toolCallId: string,
  toolName: string,
  output: ToolResultOutput,
  openai?: Record<string, unknown>,
) => ({
  type: 'tool-result' as const,
  toolCallId,
  toolName,
  output,
  ...(openai && { providerOptions: { openai } }),
});
const json = (value: unknown): ToolResultOutput => ({ type: 'json', value: value as never });
const assistant = (...content: Extract<Message, { role: 'assistant' }>['content']): Message => ({
  role: 'assistant',
  content,
});
const tool = (...content: Extract<Message, { role: 'tool' }>['content']): Message => ({
  role: 'tool',
  content,
});

const schema = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};
const fn = (
  name: string,
  openai?: Record<string, unknown>,
  extra: Partial<FunctionTool> = {},
): FunctionTool => ({
  type: 'function',
  name,
  description: `The ${name} tool`,
  inputSchema: schema,
  ...(openai && { providerOptions: { openai } }),
  ...extra,
});
const providerTool = (
  id: `openai.${string}`,
  name: string,
  args: Record<string, unknown> = {},
): ProviderTool => ({ type: 'provider', id, name, args });

const weather = fn('weather');

// ---------------------------------------------------------------------------------------------
// Ids of stored items, from the recordings the differential replays first

type StoredItem = { type: string; id: string; call_id?: string };

/** The response id and output items of a recording's last completed response. */
export function stored(recording: string): { responseId: string; items: StoredItem[] } {
  const text = readFileSync(
    join(import.meta.dirname, '../fixtures/openai-recorded', `${recording}.chunks.txt`),
    'utf8',
  );
  const events = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  const completed = events.filter((event) => event.type === 'response.completed').at(-1);
  return { responseId: completed.response.id, items: completed.response.output };
}

/** Recordings whose items the corpus references (replayed into the mock's store first). */
export const SEEDED_RECORDINGS = [
  'openai-web-search-tool.1',
  'openai-mcp-tool-approval.1',
  'openai-mcp-tool-approval.3',
  'openai-shell-container.1',
  'openai-local-shell-tool.1',
  'openai-apply-patch-tool.1',
  'openai-custom-tool.1',
  'openai-compaction.1',
  'programmatic-tool-calling.1',
  'programmatic-tool-calling.3',
  'openai-code-interpreter-tool.1',
] as const;

const idOf = (recording: string, type: string, index = 0) =>
  stored(recording).items.filter((item) => item.type === type)[index];

const web = {
  response: stored('openai-web-search-tool.1').responseId,
  reasoning: idOf('openai-web-search-tool.1', 'reasoning').id,
  reasoning2: idOf('openai-web-search-tool.1', 'reasoning', 1).id,
  search: idOf('openai-web-search-tool.1', 'web_search_call').id,
  message: idOf('openai-web-search-tool.1', 'message').id,
};
const approvalRequest = idOf('openai-mcp-tool-approval.1', 'mcp_approval_request').id;
const deniedRequest = idOf('openai-mcp-tool-approval.3', 'mcp_approval_request').id;
const shellCall = idOf('openai-shell-container.1', 'shell_call');
const localShellCall = idOf('openai-local-shell-tool.1', 'local_shell_call');
const patchCall = idOf('openai-apply-patch-tool.1', 'apply_patch_call');
const customCall = idOf('openai-custom-tool.1', 'custom_tool_call');
const compaction = idOf('openai-compaction.1', 'compaction').id;
const program = idOf('programmatic-tool-calling.1', 'program');
const programOutput = idOf('programmatic-tool-calling.3', 'program_output');
const interpreterCall = idOf('openai-code-interpreter-tool.1', 'code_interpreter_call').id;

// ---------------------------------------------------------------------------------------------
// Histories

/** A tool loop with every kind of function output. */
const toolLoop: Message[] = [
  system('Use tools.'),
  user('Weather in Paris and Rome?'),
  assistant(
    said('Checking.'),
    call('call_1', 'weather', { city: 'Paris' }),
    call('call_2', 'weather', '{"city":"Rome"}'),
    call('call_3', 'search', 'not json'),
    call('call_4', 'search', undefined),
  ),
  tool(
    result('call_1', 'weather', json({ temp: 21, sky: ['sun'] })),
    result('call_2', 'weather', { type: 'text', value: 'rainy' }),
    result('call_3', 'search', { type: 'error-text', value: 'boom' }),
    result('call_4', 'search', { type: 'error-json', value: { code: 1 } }),
    result('call_5', 'search', { type: 'execution-denied', reason: 'no' }),
    result('call_6', 'search', {
      type: 'content',
      value: [
        { type: 'text', text: 'see image' },
        { type: 'image-data', data: PNG, mediaType: 'image/png' },
        { type: 'file-data', data: PDF, mediaType: 'application/pdf', filename: 'a.pdf' },
        { type: 'image-url', url: 'https://example.com/a.png' },
        { type: 'file-url', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' },
        { type: 'file-id', fileId: 'file-pdf1' },
        { type: 'image-file-id', fileId: { openai: 'file-img1' } },
      ],
    }),
  ),
  assistant(said('Done.')),
  user('Thanks'),
];

/** A reasoning model's history: ids (and, without storage, encrypted content) on every part. */
const reasoningHistory: Message[] = [
  user('Think'),
  assistant(
    {
      type: 'reasoning',
      text: 'First',
      providerOptions: { openai: { itemId: web.reasoning, reasoningEncryptedContent: null } },
    },
    {
      type: 'reasoning',
      text: 'Second',
      providerOptions: { openai: { itemId: web.reasoning, reasoningEncryptedContent: 'enc_1' } },
    },
    said('Answer', { itemId: web.message }),
    call('call_1', 'weather', { city: 'Oslo' }, { openai: { itemId: 'fc_1' } }),
  ),
  tool(result('call_1', 'weather', json(3))),
  assistant(
    { type: 'reasoning', text: 'orphan', providerOptions: { openai: { itemId: web.reasoning2 } } },
    { type: 'reasoning', text: 'no id' },
    {
      type: 'reasoning',
      text: 'no id, encrypted',
      providerOptions: { openai: { reasoningEncryptedContent: 'enc_x' } },
    },
    said('After', { itemId: web.message }),
  ),
  user('More'),
];

const roundTripTools: ProviderTool[] = [
  providerTool('openai.local_shell', 'localShell'),
  providerTool('openai.shell', 'shellTool', { environment: { type: 'local' } }),
  providerTool('openai.apply_patch', 'apply_patch'),
  providerTool('openai.computer', 'computer'),
  providerTool('openai.custom', 'write_sql', { description: 'SQL' }),
  providerTool('openai.tool_search', 'toolSearch', { execution: 'client' }),
  providerTool('openai.programmatic_tool_calling', 'programs'),
  providerTool('openai.web_search', 'webSearch'),
];

/** One call and one result of every round-trip tool, ids as the event mapper gives them. */
const roundTripHistory: Message[] = [
  user('Do everything'),
  assistant(
    call(
      localShellCall.call_id as string,
      'localShell',
      { action: { type: 'exec', command: ['ls', '-la'], timeoutMs: 1000, env: { A: '1' } } },
      { openai: { itemId: localShellCall.id } },
    ),
    call(
      shellCall.call_id as string,
      'shellTool',
      { action: { commands: ['echo hi'], maxOutputLength: 100 } },
      { openai: { itemId: shellCall.id } },
    ),
    call(
      patchCall.call_id as string,
      'apply_patch',
      {
        callId: patchCall.call_id,
        operation: { type: 'create_file', path: 'a.txt', diff: '+hello' },
      },
      { openai: { itemId: patchCall.id } },
    ),
    call('call_computer', 'computer', {
      actions: [
        { type: 'click', button: 'left', x: 1, y: 2 },
        { type: 'scroll', x: 3, y: 4, scrollX: 0, scrollY: 10, keys: ['shift'] },
      ],
      pendingSafetyChecks: [{ id: 'sc_1', code: 'c' }],
      status: 'completed',
    }),
    call(customCall.call_id as string, 'write_sql', 'SELECT 1', {
      openai: { itemId: customCall.id, async: false },
    }),
    call('tsc_client', 'toolSearch', { arguments: { q: 'weather' }, call_id: 'call_ts' }),
    call(
      program.call_id as string,
      'programs',
      { code: 'text("x")', fingerprint: 'fp_1' },
      { providerExecuted: true, openai: { itemId: program.id } },
    ),
    result(program.call_id as string, 'programs', json({ result: 'x', status: 'completed' }), {
      itemId: programOutput.id,
    }),
    call(web.search, 'webSearch', {}, { providerExecuted: true }),
    result(
      web.search,
      'webSearch',
      json({
        action: { type: 'search', query: 'ws', queries: ['ws'] },
        sources: [{ type: 'url', url: 'https://example.com' }],
      }),
    ),
  ),
  tool(
    result(localShellCall.call_id as string, 'localShell', json({ output: 'a.txt' })),
    result(
      shellCall.call_id as string,
      'shellTool',
      json({
        maxOutputLength: 100,
        output: [
          { stdout: 'hi', stderr: '', outcome: { type: 'exit', exitCode: 0 } },
          { stdout: '', stderr: 'slow', outcome: { type: 'timeout' } },
        ],
      }),
    ),
    result(patchCall.call_id as string, 'apply_patch', json({ status: 'completed', output: 'ok' })),
    result(
      'call_computer',
      'computer',
      json({
        output: {
          type: 'computer_screenshot',
          imageUrl: 'https://example.com/s.png',
          detail: 'low',
        },
        acknowledgedSafetyChecks: [{ id: 'sc_1' }],
      }),
    ),
    result(customCall.call_id as string, 'write_sql', { type: 'text', value: '1 row' }),
    result('call_ts', 'toolSearch', json({ tools: [{ type: 'function', name: 'weather' }] })),
  ),
  user('Next'),
];

/** An approved and a denied MCP approval, answered in the tool message (as ai@7 sends them). */
const approvalHistory: Message[] = [
  user('Shorten the link'),
  assistant(call('dummy_1', 'mcp.create_short_url', { url: 'x' }, { providerExecuted: true })),
  tool(
    { type: 'tool-approval-response', approvalId: approvalRequest, approved: true },
    { type: 'tool-approval-response', approvalId: approvalRequest, approved: true },
    { type: 'tool-approval-response', approvalId: deniedRequest, approved: false },
    result('dummy_2', 'mcp.other', {
      type: 'execution-denied',
      providerOptions: { openai: { approvalId: deniedRequest } },
    }),
  ),
];

const parallelWrapper = { itemId: 'fc_p', toolCallId: 'call_p', toolName: 'parallel', count: 2 };
const parallelChild = (index: number, extra: Record<string, unknown> = {}) => ({
  parallelToolCall: {
    ...parallelWrapper,
    index,
    ...(index === 0 && { input: '{"tool_uses":[]}' }),
  },
  ...extra,
});
/** Two calls the event mapper expanded from one `parallel` wrapper, and their results. */
export const parallelHistory: Message[] = [
  user('x'),
  assistant(
    call('call_p-0', 'weather', { city: 'A' }, { openai: parallelChild(0) }),
    call('call_p-1', 'weather', { city: 'B' }, { openai: parallelChild(1) }),
  ),
  tool(
    result('call_p-0', 'weather', json({ t: 1 }), parallelChild(0)),
    result(
      'call_p-1',
      'weather',
      { type: 'text', value: 'warm' },
      parallelChild(1, { promptCacheBreakpoint: { type: 'explicit' } }),
    ),
  ),
];

/** Calls and results of tools OpenAI ran (web search, code interpreter), and a denied one. */
const hostedHistory: Message[] = [
  user('search'),
  assistant(
    call(web.search, 'web', {}, { providerExecuted: true, openai: { itemId: web.search } }),
    result(web.search, 'web', json({ action: { type: 'openPage', url: 'https://a.example' } })),
    call(interpreterCall, 'code', { code: '1' }, { providerExecuted: true }),
    result(interpreterCall, 'code', json({ outputs: [] })),
    result('x_1', 'code', { type: 'execution-denied' }),
    said('found', { itemId: web.message }),
  ),
  user('more'),
];

const historyExtraCases: CorpusCase[] = [
  {
    name: 'assistant text with an item id on a model that does not reason, stored (a reference)',
    modelId: 'gpt-4o',
    options: {
      prompt: [
        user('a'),
        assistant(said('b', { itemId: web.message, phase: 'final_answer' })),
        user('c'),
      ],
    },
  },
  ...([true, false] as const).map((store) => ({
    name: `results of hosted tools, store ${store}`,
    modelId: 'gpt-4o',
    options: {
      prompt: hostedHistory,
      tools: [
        providerTool('openai.web_search', 'web'),
        providerTool('openai.code_interpreter', 'code'),
      ],
      providerOptions: { openai: { store } },
    } satisfies CallOptions,
  })),
  ...[{}, { previousResponseId: web.response }, { conversation: 'conv_1' }].map((openai) => ({
    name: `a parallel wrapper's calls and results ${Object.keys(openai)[0] ?? 'without a server-side history'}`,
    modelId: 'gpt-4o',
    options: { prompt: parallelHistory, tools: [weather], providerOptions: { openai } },
  })),
  {
    name: "the provider default effort; the provider option over V4's reasoning on o3",
    modelId: 'o3',
    options: {
      prompt: [user('x')],
      reasoning: 'low',
      providerOptions: { openai: { reasoningEffort: 'high' } },
    },
  },
  {
    name: 'the provider default effort (V4 reasoning: provider-default)',
    modelId: 'gpt-5',
    options: { prompt: [user('x')], reasoning: 'provider-default' },
  },
];

// ---------------------------------------------------------------------------------------------
// The corpus

const providerToolCases: CorpusCase[] = [
  {
    name: 'web_search with every argument, forced by its SDK name',
    modelId: 'gpt-5',
    options: {
      prompt: [user('news?')],
      tools: [
        providerTool('openai.web_search', 'web', {
          externalWebAccess: false,
          filters: { allowedDomains: ['a.com'], blockedDomains: ['b.com'] },
          searchContextSize: 'high',
          userLocation: { type: 'approximate', city: 'Paris', country: 'FR', timezone: 'CET' },
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'web' },
    },
  },
  {
    name: 'web_search_preview without implied sources',
    modelId: 'gpt-4.1',
    options: {
      prompt: [user('news?')],
      tools: [
        providerTool('openai.web_search_preview', 'preview', {
          searchContextSize: 'low',
          userLocation: { type: 'approximate', region: 'Bavaria' },
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'preview' },
      providerOptions: { openai: { includeWebSearchSources: false } },
    },
  },
  {
    name: 'file_search with ranking and a compound filter',
    modelId: 'gpt-5',
    options: {
      prompt: [user('find it')],
      tools: [
        providerTool('openai.file_search', 'files', {
          vectorStoreIds: ['vs_1', 'vs_2'],
          maxNumResults: 3,
          ranking: { ranker: 'auto', scoreThreshold: 0.5 },
          filters: {
            type: 'and',
            filters: [
              { key: 'k', type: 'eq', value: 'v' },
              { key: 'n', type: 'in', value: ['a', 'b'] },
            ],
          },
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'files' },
      providerOptions: { openai: { include: ['file_search_call.results'] } },
    },
  },
  {
    name: 'code_interpreter with a container policy (outputs included)',
    modelId: 'gpt-5',
    options: {
      prompt: [user('compute')],
      tools: [
        providerTool('openai.code_interpreter', 'code', {
          container: {
            fileIds: ['f1'],
            memoryLimit: '4g',
            networkPolicy: {
              type: 'allowlist',
              allowedDomains: ['x.com'],
              domainSecrets: [{ domain: 'x.com', name: 'TOKEN', value: 's3cret' }],
            },
          },
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'code' },
    },
  },
  {
    name: 'code_interpreter in a named container, web search included, auto choice',
    modelId: 'gpt-5',
    options: {
      prompt: [user('compute')],
      tools: [
        providerTool('openai.code_interpreter', 'code', { container: 'cntr_1' }),
        providerTool('openai.web_search', 'web'),
      ],
      toolChoice: { type: 'auto' },
    },
  },
  {
    name: 'image_generation with every argument, forced',
    modelId: 'gpt-5',
    options: {
      prompt: [user('draw')],
      tools: [
        providerTool('openai.image_generation', 'image', {
          action: 'edit',
          background: 'transparent',
          inputFidelity: 'high',
          inputImageMask: { fileId: 'file-mask' },
          model: 'gpt-image-1',
          moderation: 'low',
          outputCompression: 50,
          outputFormat: 'webp',
          partialImages: 2,
          quality: 'high',
          size: '1536x1024',
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'image' },
    },
  },
  {
    name: 'local_shell, forced (a function choice, as upstream)',
    modelId: 'gpt-5-codex',
    options: {
      prompt: [user('list files')],
      tools: [providerTool('openai.local_shell', 'localShell')],
      toolChoice: { type: 'tool', toolName: 'localShell' },
    },
  },
  {
    name: 'shell on the local machine with skills',
    modelId: 'gpt-5.1',
    options: {
      prompt: [user('run')],
      tools: [
        providerTool('openai.shell', 'shellTool', {
          environment: {
            type: 'local',
            skills: [{ name: 'pdf', description: 'Reads PDFs', path: '/skills/pdf' }],
          },
        }),
      ],
    },
  },
  {
    name: 'shell in a new container with skills and no network',
    modelId: 'gpt-5.1',
    options: {
      prompt: [user('run')],
      tools: [
        providerTool('openai.shell', 'shellTool', {
          environment: {
            type: 'containerAuto',
            fileIds: ['file-1'],
            memoryLimit: '1g',
            networkPolicy: { type: 'disabled' },
            skills: [
              { type: 'skillReference', providerReference: { openai: 'skill_1' }, version: '2' },
              { type: 'skillReference', providerReference: { openai: 'skill_2' } },
              {
                type: 'inline',
                name: 'zip',
                description: 'A zipped skill',
                source: { type: 'base64', mediaType: 'application/zip', data: 'UEsDBA==' },
              },
            ],
          },
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'shellTool' },
    },
  },
  {
    name: 'shell in an existing container',
    modelId: 'gpt-5.1',
    options: {
      prompt: [user('run')],
      tools: [
        providerTool('openai.shell', 'shellTool', {
          environment: { type: 'containerReference', containerId: 'cntr_9' },
        }),
      ],
      toolChoice: { type: 'required' },
    },
  },
  {
    name: 'apply_patch, forced',
    modelId: 'gpt-5.1',
    options: {
      prompt: [user('patch')],
      tools: [providerTool('openai.apply_patch', 'patcher')],
      toolChoice: { type: 'tool', toolName: 'patcher' },
    },
  },
  {
    name: 'computer, forced',
    modelId: 'computer-use-preview',
    options: {
      prompt: [user('click')],
      tools: [providerTool('openai.computer', 'screen')],
      toolChoice: { type: 'tool', toolName: 'screen' },
    },
  },
  {
    name: 'mcp by URL with filters, headers and an approval policy, forced as { type: mcp }',
    modelId: 'gpt-5',
    options: {
      prompt: [user('use the server')],
      tools: [
        providerTool('openai.mcp', 'docs', {
          serverLabel: 'docs',
          serverUrl: 'https://mcp.example.com',
          allowedTools: { readOnly: true, toolNames: ['search'] },
          authorization: 'token-1',
          headers: { 'x-team': 'a' },
          requireApproval: { never: { toolNames: ['search'] } },
          serverDescription: 'Docs',
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'docs' },
    },
  },
  {
    name: 'mcp by connector, always asking; mcp by tunnel, default policy',
    modelId: 'gpt-5',
    options: {
      prompt: [user('use the servers')],
      tools: [
        providerTool('openai.mcp', 'drive', {
          serverLabel: 'drive',
          connectorId: 'connector_googledrive',
          allowedTools: ['list'],
          requireApproval: 'always',
        }),
        providerTool('openai.mcp', 'internal', { serverLabel: 'internal', tunnelId: 'tun_1' }),
      ],
    },
  },
  {
    name: 'custom tool with a grammar, forced as { type: custom, name }',
    modelId: 'gpt-5',
    options: {
      prompt: [user('write SQL')],
      tools: [
        providerTool('openai.custom', 'write_sql', {
          description: 'Writes SQL',
          format: { type: 'grammar', syntax: 'lark', definition: 'start: "SELECT"' },
        }),
      ],
      toolChoice: { type: 'tool', toolName: 'write_sql' },
    },
  },
  {
    name: 'custom tool async on a model without async tools (warned, left out)',
    modelId: 'gpt-5',
    options: {
      prompt: [user('write')],
      tools: [providerTool('openai.custom', 'note', { async: true, format: { type: 'text' } })],
    },
  },
  {
    name: 'custom tool async on GPT-6 (sent)',
    modelId: 'gpt-6-sol',
    options: {
      prompt: [user('write')],
      tools: [providerTool('openai.custom', 'note', { async: true })],
    },
  },
  {
    name: 'client tool search with deferred functions in a namespace',
    modelId: 'gpt-5.4',
    options: {
      prompt: [user('find a tool')],
      tools: [
        providerTool('openai.tool_search', 'toolSearch', {
          execution: 'client',
          description: 'Finds tools',
          parameters: { type: 'object', properties: { q: { type: 'string' } } },
        }),
        fn('weather', { deferLoading: true, namespace: { name: 'geo', description: 'Geo' } }),
        fn('map', { deferLoading: true, namespace: { name: 'geo', description: 'Geo' } }),
        fn('email', { deferLoading: true }),
      ],
      toolChoice: { type: 'auto' },
    },
  },
  {
    name: 'hosted tool search',
    modelId: 'gpt-5.4',
    options: {
      prompt: [user('find a tool')],
      tools: [
        providerTool('openai.tool_search', 'toolSearch'),
        fn('email', { deferLoading: true }),
      ],
    },
  },
  {
    name: 'programmatic tool calling with programmatic callers, forced',
    modelId: 'gpt-5.5',
    options: {
      prompt: [user('orchestrate')],
      tools: [
        providerTool('openai.programmatic_tool_calling', 'programs'),
        fn('getInventory', { allowedCallers: ['programmatic'] }),
        fn('getDemand', { allowedCallers: ['direct', 'programmatic'] }),
      ],
      toolChoice: { type: 'tool', toolName: 'programs' },
    },
  },
];

const toolChoiceCases: CorpusCase[] = (['auto', 'none', 'required'] as const).map((type) => ({
  name: `tool choice ${type} over a tool loop with every output`,
  modelId: 'gpt-4o',
  options: {
    prompt: toolLoop,
    tools: [weather, fn('search', undefined, { strict: true })],
    toolChoice: { type },
  },
}));

const moreToolChoiceCases: CorpusCase[] = [
  {
    name: 'a forced function tool',
    modelId: 'gpt-4o',
    options: {
      prompt: toolLoop,
      tools: [weather],
      toolChoice: { type: 'tool', toolName: 'weather' },
    },
  },
  {
    name: 'allowedTools by SDK name, wire name, server label and custom name; unknown and hidden tools',
    modelId: 'gpt-5',
    options: {
      prompt: [user('x')],
      tools: [
        weather,
        fn('hidden', { deferLoading: true }),
        fn('grouped', { namespace: { name: 'ns', description: 'A namespace' } }),
        providerTool('openai.web_search', 'web'),
        providerTool('openai.image_generation', 'image'),
        providerTool('openai.mcp', 'docs', { serverLabel: 'docs', serverUrl: 'https://m.example' }),
        providerTool('openai.custom', 'note'),
        providerTool('openai.tool_search', 'toolSearch'),
      ],
      toolChoice: { type: 'required' },
      providerOptions: {
        openai: {
          allowedTools: {
            toolNames: [
              'weather',
              'web',
              'image_generation',
              'docs',
              'note',
              'nope',
              'hidden',
              'grouped',
              'toolSearch',
            ],
            mode: 'required',
          },
        },
      },
    },
  },
  {
    name: 'allowedTools with a wire name two tools share, and a name that is both',
    modelId: 'gpt-5',
    options: {
      prompt: [user('x')],
      tools: [
        providerTool('openai.mcp', 'a', { serverLabel: 'a', serverUrl: 'https://a.example' }),
        providerTool('openai.mcp', 'b', { serverLabel: 'b', serverUrl: 'https://b.example' }),
        providerTool('openai.web_search', 'mcp'),
        weather,
      ],
      providerOptions: { openai: { allowedTools: { toolNames: ['mcp', 'weather'] } } },
    },
  },
  {
    name: 'allowedTools naming only tools that cannot be listed',
    modelId: 'gpt-5',
    throws: 'allowedTools with only tools that cannot be allow-listed (hidden)',
    options: {
      prompt: [user('x')],
      tools: [fn('hidden', { deferLoading: true })],
      providerOptions: { openai: { allowedTools: { toolNames: ['hidden'] } } },
    },
  },
];

const functionToolCases: CorpusCase[] = [
  {
    name: 'function tool options: output schema, callers, omitted tool loaded by a result',
    modelId: 'gpt-5.4',
    options: {
      prompt: [
        user('x'),
        assistant(call('c1', 'typed', { city: 'Rome' }), call('c2', 'typed', { city: 'Oslo' })),
        tool(
          result(
            'c1',
            'typed',
            { type: 'text', value: 'sunny' },
            {
              additionalTools: [
                {
                  type: 'function',
                  name: 'late',
                  parameters: { type: 'object', properties: {} },
                  defer_loading: true,
                },
                { type: 'custom', name: 'free', format: { type: 'text' } },
              ],
            },
          ),
          result('c2', 'typed', { type: 'execution-denied' }),
        ),
      ],
      tools: [
        fn('typed', {
          outputSchema: {
            type: 'object',
            properties: { temp: { type: 'number' } },
            propertyNames: { pattern: '^t' },
          },
          allowedCallers: ['direct'],
        }),
        fn('late', { omitFromRequestTools: true }),
      ],
    },
  },
  {
    name: 'async function tools: sent on GPT-6, warned on GPT-5',
    modelId: 'gpt-6-sol',
    options: {
      prompt: [user('x')],
      tools: [fn('slow', { async: true }), fn('fast', { async: false })],
    },
  },
  {
    name: 'an async function tool on GPT-5',
    modelId: 'gpt-5',
    options: { prompt: [user('x')], tools: [fn('slow', { async: true })] },
  },
  {
    name: 'forcing a tool left out of the request',
    modelId: 'gpt-5',
    throws: 'forcing tool "late" omitted from the request tools array',
    options: {
      prompt: [user('x')],
      tools: [fn('late', { omitFromRequestTools: true })],
      toolChoice: { type: 'tool', toolName: 'late' },
    },
  },
  {
    name: 'one namespace, two descriptions',
    modelId: 'gpt-5',
    throws: 'conflicting descriptions for OpenAI tool namespace "ns"',
    options: {
      prompt: [user('x')],
      tools: [
        fn('a', { namespace: { name: 'ns', description: 'one' } }),
        fn('b', { namespace: { name: 'ns', description: 'two' } }),
      ],
    },
  },
];

const optionCases: CorpusCase[] = [
  {
    name: 'every request option on a reasoning model',
    modelId: 'gpt-5',
    options: {
      prompt: [user('x')],
      providerOptions: {
        openai: {
          reasoningEffort: 'low',
          reasoningSummary: 'auto',
          reasoningMode: 'pro',
          reasoningContext: 'all_turns',
          include: ['file_search_call.results', 'web_search_call.results'],
          metadata: { a: '1' },
          parallelToolCalls: false,
          textVerbosity: 'medium',
          instructions: 'Be nice',
          user: 'u1',
          serviceTier: 'flex',
          promptCacheKey: 'pck',
          promptCacheRetention: '24h',
          promptCacheOptions: {
            mode: 'explicit',
            ttl: '12h',
            prewarm: true,
            comparisonResponseId: 'resp_cmp',
          },
          safetyIdentifier: 'sid',
          maxToolCalls: 3,
          truncation: 'disabled',
          logprobs: 5,
          conversation: 'conv_1',
          contextManagement: [{ type: 'compaction', compactThreshold: 1000 }],
          store: true,
        },
      },
    },
  },
  {
    name: 'reasoning options on a model that does not reason (warned), logprobs: true',
    modelId: 'gpt-4o',
    options: {
      prompt: [user('x')],
      providerOptions: {
        openai: {
          reasoningEffort: 'high',
          reasoningSummary: 'auto',
          reasoningMode: 'standard',
          reasoningContext: 'auto',
          serviceTier: 'priority',
          logprobs: true,
        },
      },
    },
  },
  {
    name: 'service tiers the model lacks (flex on gpt-4o, priority on gpt-5-nano)',
    modelId: 'gpt-5-nano',
    options: { prompt: [user('x')], providerOptions: { openai: { serviceTier: 'priority' } } },
  },
  {
    name: 'service tier flex on gpt-4o',
    modelId: 'gpt-4o',
    options: { prompt: [user('x')], providerOptions: { openai: { serviceTier: 'flex' } } },
  },
  {
    name: 'conversation with previousResponseId (warned)',
    modelId: 'gpt-5',
    options: {
      prompt: [user('x')],
      providerOptions: { openai: { conversation: 'conv_1', previousResponseId: web.response } },
    },
  },
  {
    name: 'previousResponseId and only the new messages, a stored history given too',
    modelId: 'gpt-5',
    options: {
      prompt: [...reasoningHistory, ...roundTripHistory],
      tools: [weather, ...roundTripTools],
      providerOptions: { openai: { previousResponseId: web.response } },
    },
  },
  {
    name: 'conversation: items the server holds are not sent again',
    modelId: 'gpt-5',
    options: {
      prompt: [...reasoningHistory, ...roundTripHistory],
      tools: [weather, ...roundTripTools],
      providerOptions: { openai: { conversation: 'conv_1' } },
    },
  },
  {
    name: 'GPT-6 effort update with logprobs (dropped while reasoning)',
    modelId: 'gpt-6.1-sol',
    options: {
      prompt: [user('x')],
      reasoning: 'high',
      providerOptions: { openai: { logprobs: true, reasoningEffortUpdate: 'low' } },
    },
  },
  {
    name: 'an effort update with automatic truncation (warned)',
    modelId: 'gpt-6.1-sol',
    options: {
      prompt: [user('x')],
      providerOptions: { openai: { reasoningEffortUpdate: 'low', truncation: 'auto' } },
    },
  },
  {
    name: 'an effort update on GPT-5 (warned) and a compaction trigger',
    modelId: 'gpt-5',
    options: {
      prompt: [user('x')],
      providerOptions: { openai: { reasoningEffortUpdate: 'low', compactionTrigger: true } },
    },
  },
  {
    name: 'GPT-6 without logprobs support while reasoning, prompt cache retention (dropped)',
    modelId: 'gpt-6-sol',
    options: {
      prompt: [user('x')],
      reasoning: 'none',
      temperature: 1,
      providerOptions: { openai: { logprobs: true, promptCacheRetention: '24h' } },
    },
  },
  {
    name: 'forceReasoning on an unknown model without storage',
    modelId: 'my-custom-model',
    options: {
      prompt: [system('s'), user('x')],
      temperature: 1,
      providerOptions: {
        openai: { forceReasoning: true, reasoningEffort: 'medium', store: false },
      },
    },
  },
  {
    name: 'top-level reasoning (V4) over the provider option, sampling with effort none',
    modelId: 'gpt-5.1',
    options: { prompt: [user('x')], reasoning: 'none', temperature: 0.2, topP: 0.3 },
  },
  {
    name: 'top-level reasoning xhigh on gpt-5 (mapped, with a compatibility warning)',
    modelId: 'gpt-5',
    options: { prompt: [user('x')], reasoning: 'xhigh' },
  },
  {
    name: 'settings without a Responses equivalent (warned)',
    modelId: 'gpt-4o',
    options: {
      prompt: [user('x')],
      topK: 3,
      seed: 1,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ['x'],
      maxOutputTokens: 100,
      temperature: 0.3,
      topP: 0.9,
    },
  },
  {
    name: 'store false on a model that does not reason',
    modelId: 'gpt-4o',
    options: {
      prompt: [
        user('a'),
        assistant(said('b', { itemId: 'msg_1', phase: 'commentary' })),
        user('c'),
      ],
      providerOptions: { openai: { store: false } },
    },
  },
];

const systemCases: CorpusCase[] = [
  ...(['gpt-4.1', 'o3', 'gpt-5', 'gpt-5-chat-latest'] as const).map((modelId) => ({
    name: `system message on ${modelId} (its default role)`,
    modelId,
    options: {
      prompt: [system('You are terse.'), user('Hi')],
      temperature: 0.5,
    } satisfies CallOptions,
  })),
  ...(['system', 'developer', 'remove'] as const).map((systemMessageMode) => ({
    name: `systemMessageMode ${systemMessageMode} on o3`,
    modelId: 'o3',
    options: {
      prompt: [system('S'), user('Hi')],
      providerOptions: { openai: { systemMessageMode } },
    } satisfies CallOptions,
  })),
  {
    name: 'message-level controls on GPT-6: effort and format updates, tools loaded in history',
    modelId: 'gpt-6.1-sol',
    options: {
      prompt: [
        system('Be brief.', { promptCacheBreakpoint: { type: 'explicit' } }),
        user('one'),
        system('', {
          reasoningEffortUpdate: 'high',
          textFormatUpdate: {
            type: 'json_schema',
            name: 'answer',
            schema: { type: 'object', propertyNames: { pattern: '^a' } },
          },
        }),
        user('two'),
        system('', {
          additionalTools: [
            {
              type: 'namespace',
              name: 'geo',
              description: 'Geo tools',
              tools: [{ type: 'function', name: 'map', parameters: { type: 'object' } }],
            },
          ],
        }),
        user('three'),
      ],
    },
  },
  {
    name: 'a message-level effort update on GPT-5',
    modelId: 'gpt-5',
    throws: 'Configuration updates are only supported by GPT-6 and later models',
    options: { prompt: [system('', { reasoningEffortUpdate: 'low' }), user('x')] },
  },
  {
    name: 'a message-level update with text',
    modelId: 'gpt-6.1-sol',
    throws: 'Message-level textFormatUpdate requires empty system message content.',
    options: { prompt: [system('not empty', { textFormatUpdate: { type: 'text' } }), user('x')] },
  },
  {
    name: 'a message-level update next to the request-level one',
    modelId: 'gpt-6.1-sol',
    throws: 'Configuration updates cannot be consecutive.',
    options: {
      prompt: [system('', { reasoningEffortUpdate: 'high' }), user('x')],
      providerOptions: { openai: { reasoningEffortUpdate: 'low' } },
    },
  },
];

const fileCases: CorpusCase[] = [
  {
    name: 'images by URL, data, bytes, file id and a wildcard type',
    modelId: 'gpt-4.1',
    options: {
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Look' },
            { type: 'file', data: PNG, mediaType: 'image/png' },
            {
              type: 'file',
              data: JPEG,
              mediaType: 'image/jpeg',
              providerOptions: { openai: { imageDetail: 'low' } },
            },
            { type: 'file', data: PNG, mediaType: 'image/*' },
            { type: 'file', data: new URL('https://example.com/cat.png'), mediaType: 'image/png' },
            { type: 'file', data: 'file-img123', mediaType: 'image/png' },
          ],
        },
      ],
    },
  },
  {
    name: 'PDFs by URL, data, file id and name',
    modelId: 'gpt-5',
    options: {
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'file', data: PDF, mediaType: 'application/pdf' },
            { type: 'file', data: PDF, mediaType: 'application/pdf', filename: 'report.pdf' },
            {
              type: 'file',
              data: new URL('https://example.com/doc.pdf'),
              mediaType: 'application/pdf',
            },
            { type: 'file', data: 'file-doc456', mediaType: 'application/pdf' },
          ],
        },
      ],
    },
  },
  {
    name: 'a CSV file with passThroughUnsupportedFiles',
    modelId: 'gpt-4.1',
    options: {
      prompt: [
        {
          role: 'user',
          content: [
            { type: 'file', data: Buffer.from('a,b').toString('base64'), mediaType: 'text/csv' },
          ],
        },
      ],
      providerOptions: { openai: { passThroughUnsupportedFiles: true } },
    },
  },
];

const schemaWithLookaround = {
  type: 'object',
  properties: { a: { type: 'string', pattern: '^(?!x)' } },
  required: ['a'],
  additionalProperties: false,
};

const outputCases: CorpusCase[] = [
  {
    name: 'structured output with a named schema (normalised), strictJsonSchema false, verbosity',
    modelId: 'gpt-4.1',
    options: {
      prompt: [user('x')],
      responseFormat: {
        type: 'json',
        schema: schemaWithLookaround,
        name: 'thing',
        description: 'A thing',
      },
      providerOptions: { openai: { strictJsonSchema: false, textVerbosity: 'low' } },
    },
  },
  {
    name: 'JSON without a schema',
    modelId: 'gpt-4.1',
    options: { prompt: [user('x')], responseFormat: { type: 'json' } },
  },
  {
    name: 'textFormat overrides the response format',
    modelId: 'gpt-5',
    options: {
      prompt: [user('x')],
      responseFormat: { type: 'json', schema: schemaWithLookaround },
      providerOptions: {
        openai: {
          textFormat: {
            type: 'json_schema',
            name: 'override',
            schema: schemaWithLookaround,
            strict: true,
          },
        },
      },
    },
  },
];

const historyCases: CorpusCase[] = [
  {
    name: 'a stored reasoning history (references)',
    modelId: 'gpt-5',
    options: { prompt: reasoningHistory, tools: [weather] },
  },
  {
    name: 'reasoning without storage: full items with encrypted content, sampling dropped',
    modelId: 'o3',
    options: {
      prompt: reasoningHistory,
      tools: [weather],
      temperature: 0.7,
      providerOptions: { openai: { store: false, reasoningEffort: 'high' } },
    },
  },
  {
    name: 'round-trip tools without storage: every call and result rebuilt',
    modelId: 'gpt-5.1',
    options: {
      prompt: roundTripHistory,
      tools: roundTripTools,
      providerOptions: { openai: { store: false } },
    },
  },
  {
    name: 'round-trip tools with storage: calls by reference, results as items',
    modelId: 'gpt-5.1',
    options: { prompt: roundTripHistory, tools: roundTripTools },
  },
  {
    name: 'a hosted shell without storage (its call and output resent)',
    modelId: 'gpt-5.1',
    options: {
      prompt: [
        user('run'),
        assistant(
          call(
            shellCall.call_id as string,
            'shellTool',
            { action: { commands: ['uname -a'] } },
            { providerExecuted: true, openai: { itemId: shellCall.id } },
          ),
          result(
            shellCall.call_id as string,
            'shellTool',
            json({
              output: [{ stdout: 'Linux', stderr: '', outcome: { type: 'exit', exitCode: 0 } }],
            }),
          ),
        ),
        user('again'),
      ],
      tools: [
        providerTool('openai.shell', 'shellTool', {
          environment: { type: 'containerReference', containerId: 'cntr_1' },
        }),
      ],
      providerOptions: { openai: { store: false } },
    },
  },
  {
    name: 'MCP approvals, stored: references to the requests, each answered once',
    modelId: 'gpt-5',
    options: {
      prompt: approvalHistory,
      tools: [
        providerTool('openai.mcp', 'zip', { serverLabel: 'zip1', serverUrl: 'https://z.example' }),
      ],
    },
  },
  {
    name: 'MCP approvals without storage',
    modelId: 'gpt-5',
    options: {
      prompt: approvalHistory,
      tools: [
        providerTool('openai.mcp', 'zip', { serverLabel: 'zip1', serverUrl: 'https://z.example' }),
      ],
      providerOptions: { openai: { store: false } },
    },
  },
  {
    name: 'compaction parts, stored and not',
    modelId: 'gpt-5.2',
    options: {
      prompt: [
        user('long'),
        assistant(said('answer'), {
          type: 'custom',
          kind: 'openai.compaction',
          providerOptions: { openai: { itemId: compaction, encryptedContent: 'enc_c' } },
        }),
        user('more'),
      ],
    },
  },
  {
    name: 'a denied programmatic call',
    modelId: 'gpt-5.5',
    throws: 'execution-denied results for programmatic tool calls',
    options: {
      prompt: [
        user('x'),
        assistant(
          call(
            'c1',
            'getInventory',
            {},
            { openai: { caller: { type: 'program', callerId: 'p1' } } },
          ),
        ),
        tool(result('c1', 'getInventory', { type: 'execution-denied' })),
      ],
      tools: [fn('getInventory', { allowedCallers: ['programmatic'] })],
    },
  },
  {
    name: 'prompt cache breakpoints and tool callers',
    modelId: 'gpt-5.6',
    options: {
      prompt: [
        system('S', { promptCacheBreakpoint: { type: 'explicit' } }),
        {
          role: 'user',
          content: [
            {
              type: 'text',
              text: 'a',
              providerOptions: { openai: { promptCacheBreakpoint: { type: 'explicit' } } },
            },
          ],
        },
        assistant(
          call(
            'c1',
            'weather',
            {},
            { openai: { caller: { type: 'program', callerId: 'p1' }, namespace: 'ns' } },
          ),
        ),
        tool(
          result(
            'c1',
            'weather',
            { type: 'text', value: 'ok' },
            {
              promptCacheBreakpoint: { type: 'explicit' },
              caller: { type: 'direct' },
            },
          ),
        ),
      ],
    },
  },
];

/** History that loads tools (`additionalTools`): only registered tools load, as registered. */
const loadTools = (...additionalTools: Record<string, unknown>[]) => ({ additionalTools });
const fnEntry = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'function',
  name,
  parameters: { type: 'object', properties: { injected: { type: 'string' } } },
  ...extra,
});
const loadingHistory = (...entries: Record<string, unknown>[]): Message[] => [
  user('x'),
  assistant(call('c1', 'weather', { city: 'Rome' })),
  tool(result('c1', 'weather', json({ temp: 20 }), loadTools(...entries))),
];

const loadedToolCases: CorpusCase[] = [
  {
    name: 'loaded tools: the registered definition, not the history’s; unregistered ones dropped',
    modelId: 'gpt-5.4',
    options: {
      prompt: [
        system('', loadTools(fnEntry('late', { description: 'from history', strict: true }))),
        ...loadingHistory(
          fnEntry('late', { defer_loading: false }),
          fnEntry('late'),
          fnEntry('ghost-1'),
          fnEntry('ghost-2'),
          { type: 'custom', name: 'ghost-3' },
          { type: 'namespace', name: 'ghost-ns', description: 'd', tools: [fnEntry('m')] },
          fnEntry('ghost-4'),
          fnEntry(`ghost-${'x'.repeat(90)}`),
          { type: 'custom', name: 'weather' },
        ),
        user('again'),
        system('', loadTools(fnEntry('ghost-1'), fnEntry('weather'))),
      ],
      tools: [
        weather,
        fn(
          'late',
          { omitFromRequestTools: true, deferLoading: true },
          {
            inputSchema: {
              type: 'object',
              properties: { when: { type: 'string' } },
              propertyNames: { pattern: '^w' },
            },
          },
        ),
      ],
    },
  },
  {
    name: 'loaded tools: a namespace loads the members it names; callers and allowedTools refuse',
    modelId: 'gpt-5.4',
    options: {
      prompt: loadingHistory(
        {
          type: 'namespace',
          name: 'geo',
          description: 'from history',
          tools: [fnEntry('map'), fnEntry('nowhere')],
        },
        fnEntry('guarded'),
        fnEntry('weather'),
      ),
      tools: [
        weather,
        fn(
          'map',
          { namespace: { name: 'geo', description: 'Geo tools' } },
          { inputSchema: { type: 'object', propertyNames: { pattern: '^m' } } },
        ),
        fn('route', { namespace: { name: 'geo', description: 'Geo tools' } }),
        fn('pinned', {
          namespace: { name: 'geo', description: 'Geo tools' },
          allowedCallers: ['programmatic'],
        }),
        fn('guarded', { allowedCallers: ['direct'] }),
      ],
    },
  },
  {
    name: 'loaded tools under allowedTools: only allowed functions, no namespace',
    modelId: 'gpt-5.4',
    options: {
      prompt: loadingHistory(
        fnEntry('weather'),
        fnEntry('other'),
        { type: 'custom', name: 'free' },
        { type: 'namespace', name: 'geo', description: 'd', tools: [fnEntry('map')] },
      ),
      tools: [
        fn('weather', undefined, {
          inputSchema: { type: 'object', propertyNames: { pattern: '^w' } },
        }),
        fn('other'),
        fn('map', { namespace: { name: 'geo', description: 'Geo tools' } }),
        providerTool('openai.custom', 'free', {
          description: 'Free text',
          format: { type: 'text' },
        }),
      ],
      providerOptions: { openai: { allowedTools: { toolNames: ['weather', 'free'] } } },
    },
  },
];

export const corpus: CorpusCase[] = [
  ...providerToolCases,
  ...toolChoiceCases,
  ...moreToolChoiceCases,
  ...functionToolCases,
  ...optionCases,
  ...systemCases,
  ...fileCases,
  ...outputCases,
  ...historyCases,
  ...historyExtraCases,
  ...loadedToolCases,
];

/** Every Responses provider option of @ai-sdk/openai the corpus sets (the drift test checks it). */
export function optionsCovered(): Set<string> {
  const keys = new Set<string>();
  for (const { options } of corpus) {
    for (const key of Object.keys(options.providerOptions?.openai ?? {})) keys.add(key);
  }
  return keys;
}

/** Every provider tool id the corpus declares. */
export function toolIdsCovered(): Set<string> {
  const ids = new Set<string>();
  for (const { options } of corpus) {
    for (const declared of options.tools ?? [])
      if (declared.type === 'provider') ids.add(declared.id);
  }
  return ids;
}
