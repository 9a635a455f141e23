import { describe, expect, it } from 'vitest';
import type { StreamPart } from '../../../../src/types';
import { compareParts, runOurs, runReference } from '../map-events-fixtures';

/*
 * Item types the recordings do not cover (hosted tools, agent tools, refusals, incomplete
 * responses, logprobs), written by hand in the server's shape and checked against
 * @ai-sdk/openai fed the same events.
 */

const createdAt = 1_763_474_589;
const usage = {
  input_tokens: 40,
  input_tokens_details: { cached_tokens: 8 },
  output_tokens: 12,
  output_tokens_details: { reasoning_tokens: 4 },
  total_tokens: 52,
};

function created(store = true) {
  return {
    type: 'response.created',
    sequence_number: 0,
    response: {
      id: 'resp_t',
      object: 'response',
      created_at: createdAt,
      model: 'gpt-5',
      status: 'in_progress',
      store,
      output: [],
    },
  };
}

function terminal(type = 'response.completed', extra: Record<string, unknown> = {}) {
  return {
    type,
    sequence_number: 99,
    response: {
      id: 'resp_t',
      created_at: createdAt,
      model: 'gpt-5',
      status: 'completed',
      usage,
      service_tier: 'default',
      ...extra,
    },
  };
}

const added = (index: number, item: Record<string, unknown>) => ({
  type: 'response.output_item.added',
  output_index: index,
  item,
});
const done = (index: number, item: Record<string, unknown>) => ({
  type: 'response.output_item.done',
  output_index: index,
  item,
});

function message(index: number, id: string, text: string, annotations: unknown[] = []) {
  return [
    added(index, { type: 'message', id, status: 'in_progress', role: 'assistant', content: [] }),
    {
      type: 'response.output_text.delta',
      item_id: id,
      output_index: index,
      content_index: 0,
      delta: text,
    },
    ...annotations.map((annotation) => ({
      type: 'response.output_text.annotation.added',
      item_id: id,
      output_index: index,
      annotation,
    })),
    done(index, {
      type: 'message',
      id,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations }],
    }),
  ];
}

const scenarios: Array<{
  name: string;
  events: unknown[];
  expectTypes: StreamPart['type'][];
  logprobs?: boolean;
}> = [
  {
    name: 'code interpreter (code streamed, outputs as result)',
    events: [
      created(),
      added(0, {
        type: 'code_interpreter_call',
        id: 'ci_1',
        container_id: 'cntr_1',
        code: null,
        outputs: null,
        status: 'in_progress',
      }),
      {
        type: 'response.code_interpreter_call_code.delta',
        item_id: 'ci_1',
        output_index: 0,
        delta: 'print(',
      },
      {
        type: 'response.code_interpreter_call_code.delta',
        item_id: 'ci_1',
        output_index: 0,
        delta: '"hi")',
      },
      {
        type: 'response.code_interpreter_call_code.done',
        item_id: 'ci_1',
        output_index: 0,
        code: 'print("hi")',
      },
      done(0, {
        type: 'code_interpreter_call',
        id: 'ci_1',
        container_id: 'cntr_1',
        code: 'print("hi")',
        outputs: [{ type: 'logs', logs: 'hi' }],
        status: 'completed',
      }),
      terminal(),
    ],
    expectTypes: [
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'tool-result',
    ],
  },
  {
    name: 'file search with results, then citations of all kinds',
    events: [
      created(),
      added(0, {
        type: 'file_search_call',
        id: 'fs_1',
        status: 'in_progress',
        queries: [],
        results: null,
      }),
      done(0, {
        type: 'file_search_call',
        id: 'fs_1',
        status: 'completed',
        queries: ['refund policy'],
        results: [
          {
            attributes: { a: 1 },
            file_id: 'file_1',
            filename: 'policy.txt',
            score: 0.9,
            text: 'x',
          },
          { attributes: {}, file_id: 'file_1', filename: 'policy.txt', score: 0.8, text: 'y' },
        ],
      }),
      ...message(1, 'msg_1', 'See the policy.', [
        { type: 'file_citation', file_id: 'file_1', filename: 'policy.txt', index: 3 },
        { type: 'file_path', file_id: 'file_2', index: 4 },
        {
          type: 'container_file_citation',
          container_id: 'cntr_1',
          file_id: 'file_3',
          filename: 'out.csv',
          start_index: 0,
          end_index: 3,
        },
      ]),
      terminal(),
    ],
    expectTypes: ['tool-call', 'tool-result', 'source', 'text-end'],
  },
  {
    name: 'url citations without search sources become sources at the end',
    events: [
      created(),
      ...message(0, 'msg_1', 'Read this.', [
        {
          type: 'url_citation',
          url: 'https://example.com/a',
          title: 'A',
          start_index: 0,
          end_index: 4,
        },
        { type: 'file_citation', file_id: 'file_9', filename: 'nine.txt', index: 1 },
      ]),
      terminal(),
    ],
    expectTypes: ['text-end', 'source'],
  },
  {
    name: 'image generation',
    events: [
      created(),
      added(0, { type: 'image_generation_call', id: 'ig_1', status: 'in_progress' }),
      done(0, {
        type: 'image_generation_call',
        id: 'ig_1',
        status: 'completed',
        result: 'aGVsbG8=',
      }),
      terminal(),
    ],
    expectTypes: ['tool-call', 'tool-result'],
  },
  {
    name: 'MCP list tools and call',
    events: [
      created(),
      done(0, {
        type: 'mcp_list_tools',
        id: 'mcpl_1',
        server_label: 'srv',
        tools: [{ name: 'echo', input_schema: {} }],
      }),
      done(1, {
        type: 'mcp_call',
        id: 'mcp_1',
        status: 'completed',
        arguments: '{"x":1}',
        name: 'echo',
        server_label: 'srv',
        output: 'ok',
        error: null,
      }),
      terminal(),
    ],
    expectTypes: ['tool-call', 'tool-result'],
  },
  {
    name: 'local shell, hosted shell call and its output',
    events: [
      created(),
      done(0, {
        type: 'local_shell_call',
        id: 'ls_1',
        call_id: 'call_ls',
        status: 'completed',
        action: {
          type: 'exec',
          command: ['ls', '-la'],
          timeout_ms: 1000,
          working_directory: '/tmp',
          env: { A: 'b' },
        },
      }),
      done(1, {
        type: 'shell_call',
        id: 'sh_1',
        call_id: 'call_sh',
        status: 'completed',
        action: { commands: ['pwd'], timeout_ms: null, max_output_length: 100 },
      }),
      done(2, {
        type: 'shell_call_output',
        id: 'sho_1',
        call_id: 'call_sh',
        status: 'completed',
        max_output_length: 100,
        output: [
          { stdout: '/tmp', stderr: '', outcome: { type: 'exit', exit_code: 0 } },
          { stdout: '', stderr: '', outcome: { type: 'timeout' } },
        ],
      }),
      terminal(),
    ],
    expectTypes: ['tool-call', 'tool-result'],
  },
  {
    name: 'apply_patch: streamed create_file diff and a delete_file',
    events: [
      created(),
      added(0, {
        type: 'apply_patch_call',
        id: 'ap_1',
        call_id: 'call_ap',
        status: 'in_progress',
        operation: { type: 'create_file', path: 'a "b".txt', diff: '' },
      }),
      {
        type: 'response.apply_patch_call_operation_diff.delta',
        item_id: 'ap_1',
        output_index: 0,
        delta: 'line1\n',
      },
      {
        type: 'response.apply_patch_call_operation_diff.delta',
        item_id: 'ap_1',
        output_index: 0,
        delta: 'line"2',
      },
      {
        type: 'response.apply_patch_call_operation_diff.done',
        item_id: 'ap_1',
        output_index: 0,
        diff: 'line1\nline"2',
      },
      done(0, {
        type: 'apply_patch_call',
        id: 'ap_1',
        call_id: 'call_ap',
        status: 'completed',
        operation: { type: 'create_file', path: 'a "b".txt', diff: 'line1\nline"2' },
      }),
      added(1, {
        type: 'apply_patch_call',
        id: 'ap_2',
        call_id: 'call_ap2',
        status: 'in_progress',
        operation: { type: 'delete_file', path: 'old.txt' },
      }),
      done(1, {
        type: 'apply_patch_call',
        id: 'ap_2',
        call_id: 'call_ap2',
        status: 'completed',
        operation: { type: 'delete_file', path: 'old.txt' },
      }),
      terminal(),
    ],
    expectTypes: ['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call'],
  },
  {
    name: 'apply_patch whose diff arrives only on item done',
    events: [
      created(),
      added(0, {
        type: 'apply_patch_call',
        id: 'ap_1',
        call_id: 'call_ap',
        status: 'in_progress',
        operation: { type: 'update_file', path: 'x.ts', diff: '' },
      }),
      done(0, {
        type: 'apply_patch_call',
        id: 'ap_1',
        call_id: 'call_ap',
        status: 'completed',
        operation: { type: 'update_file', path: 'x.ts', diff: '@@ -1 +1 @@' },
      }),
      terminal(),
    ],
    expectTypes: ['tool-input-delta', 'tool-input-end', 'tool-call'],
  },
  {
    name: 'computer use call',
    events: [
      created(),
      added(0, { type: 'computer_call', id: 'cu_1', call_id: 'call_cu', status: 'in_progress' }),
      done(0, {
        type: 'computer_call',
        id: 'cu_1',
        call_id: 'call_cu',
        status: 'completed',
        actions: [
          { type: 'click', button: 'left', x: 1, y: 2, keys: ['CTRL'] },
          { type: 'scroll', x: 1, y: 2, scroll_x: 0, scroll_y: 5 },
          { type: 'type', text: 'hi' },
        ],
        pending_safety_checks: [{ id: 'sc_1', code: 'malicious_instructions', message: null }],
      }),
      terminal(),
    ],
    expectTypes: ['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call'],
  },
  {
    name: 'hosted tool search and its output',
    events: [
      created(),
      added(0, {
        type: 'tool_search_call',
        id: 'ts_1',
        execution: 'server',
        call_id: null,
        status: 'in_progress',
        arguments: {},
      }),
      done(0, {
        type: 'tool_search_call',
        id: 'ts_1',
        execution: 'server',
        call_id: null,
        status: 'completed',
        arguments: { query: 'weather' },
      }),
      done(1, {
        type: 'tool_search_output',
        id: 'tso_1',
        execution: 'server',
        call_id: null,
        status: 'completed',
        tools: [{ type: 'function', name: 'get_weather' }],
      }),
      terminal(),
    ],
    expectTypes: ['tool-input-start', 'tool-input-end', 'tool-call', 'tool-result'],
  },
  {
    name: 'programmatic tool calling: program, a nested call, program output',
    events: [
      created(),
      done(0, { type: 'program', id: 'pg_1', call_id: 'call_pg', code: 'x()', fingerprint: 'fp' }),
      added(1, {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '',
        status: 'in_progress',
        namespace: 'ns',
        async: true,
      }),
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc_1',
        output_index: 1,
        delta: '{}',
      },
      done(1, {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{}',
        status: 'completed',
        namespace: 'ns',
        caller: { type: 'program', caller_id: 'pg_1' },
      }),
      done(2, {
        type: 'program_output',
        id: 'pgo_1',
        call_id: 'call_pg',
        result: 'r',
        status: 'completed',
      }),
      terminal(),
    ],
    expectTypes: ['tool-call', 'tool-input-end', 'tool-result'],
  },
  {
    name: 'web search with open_page, find_in_page and a failed search',
    events: [
      created(),
      added(0, { type: 'web_search_call', id: 'ws_1', status: 'in_progress' }),
      done(0, {
        type: 'web_search_call',
        id: 'ws_1',
        status: 'completed',
        action: { type: 'open_page', url: 'https://example.com' },
      }),
      added(1, { type: 'web_search_call', id: 'ws_2', status: 'in_progress' }),
      done(1, {
        type: 'web_search_call',
        id: 'ws_2',
        status: 'completed',
        action: { type: 'find_in_page', url: 'https://example.com', pattern: 'x' },
      }),
      added(2, { type: 'web_search_call', id: 'ws_3', status: 'in_progress' }),
      done(2, {
        type: 'web_search_call',
        id: 'ws_3',
        status: 'failed',
        action: { type: 'search', query: 'q' },
      }),
      terminal(),
    ],
    expectTypes: ['tool-call', 'tool-result'],
  },
  {
    name: 'refusal (finish reason content-filter)',
    events: [
      created(),
      added(0, {
        type: 'message',
        id: 'msg_1',
        status: 'in_progress',
        role: 'assistant',
        content: [],
      }),
      {
        type: 'response.refusal.delta',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: 'I cannot',
      },
      {
        type: 'response.refusal.done',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        refusal: 'I cannot',
      },
      done(0, {
        type: 'message',
        id: 'msg_1',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'refusal', refusal: 'I cannot' }],
      }),
      terminal(),
    ],
    expectTypes: ['text-start', 'text-delta', 'text-end', 'finish'],
  },
  {
    name: 'incomplete response (max_output_tokens → length)',
    events: [
      created(),
      ...message(0, 'msg_1', 'Cut'),
      terminal('response.incomplete', { incomplete_details: { reason: 'max_output_tokens' } }),
    ],
    expectTypes: ['text-delta', 'finish'],
  },
  {
    name: 'logprobs collected into the finish metadata',
    logprobs: true,
    events: [
      created(),
      added(0, {
        type: 'message',
        id: 'msg_1',
        status: 'in_progress',
        role: 'assistant',
        content: [],
      }),
      {
        type: 'response.output_text.delta',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta: 'Hi',
        logprobs: [{ token: 'Hi', logprob: -0.1, top_logprobs: [{ token: 'Hi', logprob: -0.1 }] }],
      },
      done(0, {
        type: 'message',
        id: 'msg_1',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Hi', annotations: [] }],
      }),
      terminal('response.completed', {
        reasoning: { context: 'ctx_1' },
        prompt_cache_diagnostics: { type: 'hit', reason: null },
      }),
    ],
    expectTypes: ['text-delta', 'finish'],
  },
  {
    name: 'input transformations of a completed response in the finish metadata',
    events: [
      created(),
      ...message(0, 'msg_1', 'Short'),
      terminal('response.completed', {
        input_transformations: [
          { id: 'it_1', type: 'truncation', action: 'dropped', reason: 'context_window', extra: 1 },
          { id: null, type: 'image', action: 'resized', reason: 'too_large' },
        ],
      }),
    ],
    expectTypes: ['text-delta', 'finish'],
  },
  {
    name: 'input transformations of a failed response',
    events: [
      created(),
      terminal('response.failed', {
        status: 'failed',
        input_transformations: [{ type: 'truncation', action: 'dropped', reason: 'too_long' }],
      }),
    ],
    expectTypes: ['finish'],
  },
  {
    name: 'reasoning with store: true closes each summary part when it is done',
    events: [
      created(true),
      added(0, { type: 'reasoning', id: 'rs_1', summary: [] }),
      {
        type: 'response.reasoning_summary_part.added',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
      },
      {
        type: 'response.reasoning_summary_text.delta',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
        delta: 'a',
      },
      {
        type: 'response.reasoning_summary_part.done',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 0,
      },
      {
        type: 'response.reasoning_summary_part.added',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
      },
      {
        type: 'response.reasoning_summary_text.delta',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
        delta: 'b',
      },
      {
        type: 'response.reasoning_summary_part.done',
        item_id: 'rs_1',
        output_index: 0,
        summary_index: 1,
      },
      done(0, {
        type: 'reasoning',
        id: 'rs_1',
        summary: [
          { type: 'summary_text', text: 'a' },
          { type: 'summary_text', text: 'b' },
        ],
      }),
      terminal(),
    ],
    expectTypes: ['reasoning-start', 'reasoning-delta', 'reasoning-end'],
  },
];

describe('hand-written streams match @ai-sdk/openai', () => {
  it.each(scenarios)('$name', async ({ events, expectTypes, logprobs }) => {
    const { parts } = runOurs(events, { logprobs });
    for (const type of expectTypes) expect(parts.map((part) => part.type)).toContain(type);
    const reference = await runReference(events, { logprobs });
    expect(reference.thrown).toBeUndefined();
    compareParts(parts, reference.parts ?? [], 'scenario');
  });

  it('reports the refusal, length and logprobs as expected (not just as the reference does)', () => {
    const finishOf = (index: number) =>
      runOurs(scenarios[index].events, { logprobs: scenarios[index].logprobs }).parts.at(
        -1,
      ) as Extract<StreamPart, { type: 'finish' }>;
    const byName = (name: string) => scenarios.findIndex((s) => s.name.startsWith(name));
    expect(finishOf(byName('refusal')).finishReason).toEqual({
      unified: 'content-filter',
      raw: undefined,
    });
    expect(finishOf(byName('incomplete')).finishReason).toEqual({
      unified: 'length',
      raw: 'max_output_tokens',
    });
    const logprobsFinish = finishOf(byName('logprobs'));
    expect(logprobsFinish.providerMetadata?.openai).toMatchObject({
      logprobs: [[{ token: 'Hi', logprob: -0.1, top_logprobs: [{ token: 'Hi', logprob: -0.1 }] }]],
      reasoningContext: 'ctx_1',
      promptCacheDiagnostics: { type: 'hit', reason: null },
      serviceTier: 'default',
    });
    expect(
      finishOf(byName('input transformations of a completed')).providerMetadata?.openai,
    ).toMatchObject({
      inputTransformations: [
        { id: 'it_1', type: 'truncation', action: 'dropped', reason: 'context_window' },
        { id: null, type: 'image', action: 'resized', reason: 'too_large' },
      ],
    });
    expect(
      finishOf(byName('input transformations of a failed')).providerMetadata?.openai
        ?.inputTransformations,
    ).toEqual([{ type: 'truncation', action: 'dropped', reason: 'too_long' }]);
    expect(logprobsFinish.usage).toMatchObject({
      inputTokens: { total: 40, noCache: 32, cacheRead: 8 },
      outputTokens: { total: 12, text: 8, reasoning: 4 },
    });
  });

  it('MCP approval request: a generated call id links the call and the approval request', () => {
    const events = [
      created(),
      done(0, {
        type: 'mcp_approval_request',
        id: 'mcpr_1',
        server_label: 'srv',
        name: 'rm',
        arguments: '{"path":"/"}',
      }),
      terminal(),
    ];
    const { parts } = runOurs(events);
    const call = parts.find((part) => part.type === 'tool-call') as Extract<
      StreamPart,
      { type: 'tool-call' }
    >;
    const request = parts.find((part) => part.type === 'tool-approval-request') as Extract<
      StreamPart,
      { type: 'tool-approval-request' }
    >;
    expect(call).toMatchObject({
      toolName: 'mcp.rm',
      input: '{"path":"/"}',
      providerExecuted: true,
      dynamic: true,
    });
    expect(request).toEqual({
      type: 'tool-approval-request',
      approvalId: 'mcpr_1',
      toolCallId: call.toolCallId,
    });
  });

  /** A completed MCP call, after approval `mcpr_1` or without one. */
  const mcpCall = (approved: boolean) =>
    done(0, {
      type: 'mcp_call',
      id: 'mcp_9',
      status: 'completed',
      arguments: '{}',
      name: 'rm',
      server_label: 'srv',
      output: 'done',
      ...(approved && { approval_request_id: 'mcpr_1' }),
    });

  it('an MCP call that followed an approval keeps the call id the prompt knows', () => {
    const events = [created(), mcpCall(true), terminal()];
    const { parts } = runOurs(events, {
      approvalToolCallIds: () => ({ mcpr_1: 'call_from_prompt' }),
    });
    const ids = parts
      .filter((part) => part.type === 'tool-call' || part.type === 'tool-result')
      .map((part) => (part as { toolCallId: string }).toolCallId);
    expect(ids).toEqual(['call_from_prompt', 'call_from_prompt']);
  });

  it('reads the approvals of the prompt only for a response that names one', () => {
    let reads = 0;
    const approvalToolCallIds = () => {
      reads++;
      return { mcpr_1: 'call_from_prompt' };
    };
    runOurs([created(), mcpCall(false), terminal()], { approvalToolCallIds });
    expect(reads).toBe(0);
    const { parts } = runOurs([created(), mcpCall(true), terminal()], { approvalToolCallIds });
    expect(reads).toBe(1);
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({
      toolCallId: 'call_from_prompt',
    });
  });

  it('names hosted shell calls provider-executed when the shell runs in a container', () => {
    const events = [
      created(),
      done(0, {
        type: 'shell_call',
        id: 'sh_1',
        call_id: 'call_sh',
        status: 'completed',
        action: { commands: ['pwd'] },
      }),
      terminal(),
    ];
    const tools = [
      {
        type: 'provider' as const,
        id: 'openai.shell' as const,
        name: 'bash',
        args: { environment: { type: 'containerAuto' } },
      },
    ];
    const call = runOurs(events, { tools }).parts.find((part) => part.type === 'tool-call');
    expect(call).toMatchObject({ toolName: 'bash', providerExecuted: true });
  });
});
