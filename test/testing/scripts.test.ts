import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockResponsesServer, type MockResponsesServer } from '../../src/testing';
import { connect, type RawClient, terminalOf, textOf, userMessage } from './raw-client';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/openai-recorded');
const fixtureEvents = (file: string) =>
  readFileSync(join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

let server: MockResponsesServer;
let client: RawClient;

beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterEach(async () => {
  await client?.close();
  server.reset();
});
afterAll(async () => {
  await server.close();
});

describe('scripted outputs', () => {
  it('takes queued outputs in order, then falls back to the default rule', async () => {
    client = await connect(server.wsUrl);
    server.enqueue({ text: 'first' }, { text: 'second' });
    const answers = [];
    for (const input of ['a', 'b', 'c']) {
      answers.push(textOf((await client.turn({ model: 'm', input })).events));
    }
    expect(answers).toEqual(['first', 'second', 'Echo: c']);
  });

  it('combines reasoning, text and tool calls in one response', async () => {
    client = await connect(server.wsUrl);
    server.enqueue({
      reasoning: { summary: 'plan' },
      text: 'Let me check.',
      toolCalls: [{ name: 'lookup', arguments: { q: 1 } }],
    });
    const { events } = await client.turn({ model: 'm', input: 'x' });
    expect(terminalOf(events)!.response.output.map((item: { type: string }) => item.type)).toEqual([
      'reasoning',
      'message',
      'function_call',
    ]);
    expect(events.map((e) => e.output_index).filter((i) => i !== undefined)).toEqual(
      [...events.map((e) => e.output_index).filter((i) => i !== undefined)].sort(),
    );
  });

  it('ends with response.incomplete', async () => {
    client = await connect(server.wsUrl);
    server.enqueue(
      { status: 'incomplete', text: 'Partial' },
      { status: 'incomplete', reason: 'content_filter' },
    );
    const length = await client.turn({ model: 'm', input: 'x' });
    const filtered = await client.turn({ model: 'm', input: 'y' });
    expect(terminalOf(length.events)).toMatchObject({
      type: 'response.incomplete',
      response: {
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
        output: [{ type: 'message', status: 'incomplete', content: [{ text: 'Partial' }] }],
      },
    });
    expect(terminalOf(filtered.events)!.response.incomplete_details.reason).toBe('content_filter');
    // An incomplete response can still be continued.
    const next = await client.turn({
      model: 'm',
      input: 'z',
      previous_response_id: terminalOf(filtered.events)!.response.id,
    });
    expect(server.requests[2].parentSource).toBe('socket-cache');
    expect(textOf(next.events)).toBe('Echo: z');
  });

  it('ends with response.failed', async () => {
    client = await connect(server.wsUrl);
    server.enqueue({ status: 'failed', code: 'server_error', message: 'Boom' });
    const { events } = await client.turn({ model: 'm', input: 'x' });
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.failed',
    ]);
    expect(events[2].response.error).toEqual({ code: 'server_error', message: 'Boom' });
    expect(server.requests[0]).toMatchObject({ status: 'failed', error: { code: 'server_error' } });
  });

  it('rejects things that are not scripted outputs', () => {
    expect(() => server.enqueue({ txt: 'typo' } as never)).toThrow(/Not a scripted output/);
  });
});

describe('scripted provider tool calls', () => {
  it('emits each call as the recordings do, its input streamed where the server streams it', async () => {
    client = await connect(server.wsUrl);
    server.enqueue({
      toolCalls: [
        { type: 'custom', name: 'write_sql', input: 'SELECT * FROM users' },
        { type: 'local_shell', command: ['ls', '-a'], timeoutMs: 500 },
        { type: 'shell', commands: ['echo hi'] },
        {
          type: 'apply_patch',
          operation: { type: 'create_file', path: 'a.txt', diff: '+hello world\n' },
        },
        { type: 'mcp_approval_request', serverLabel: 'zip1', name: 'shorten', arguments: { u: 1 } },
      ],
    });
    const { events } = await client.turn({ model: 'm', input: 'x' });
    const output = terminalOf(events)!.response.output as Array<Record<string, unknown>>;
    expect(output.map((item) => item.type)).toEqual([
      'custom_tool_call',
      'local_shell_call',
      'shell_call',
      'apply_patch_call',
      'mcp_approval_request',
    ]);
    expect(output.map((item) => String(item.id).replace(/_\d+$/, ''))).toEqual([
      'ctc',
      'lsh',
      'sh',
      'apc',
      'mcpr',
    ]);
    const at = (index: number) => events.filter((e) => e.output_index === index).map((e) => e.type);
    expect(at(0)).toEqual([
      'response.output_item.added',
      'response.custom_tool_call_input.delta',
      'response.custom_tool_call_input.delta',
      'response.custom_tool_call_input.delta',
      'response.custom_tool_call_input.done',
      'response.output_item.done',
    ]);
    // The deltas add up to what the done item holds.
    const joined = (type: string, index: number) =>
      events
        .filter((e) => e.type === type && e.output_index === index)
        .map((e) => e.delta)
        .join('');
    expect(joined('response.custom_tool_call_input.delta', 0)).toBe('SELECT * FROM users');
    expect(joined('response.apply_patch_call_operation_diff.delta', 3)).toBe('+hello world\n');
    expect(at(1)).toEqual(['response.output_item.added', 'response.output_item.done']);
    expect(output[1]).toMatchObject({
      status: 'completed',
      action: { type: 'exec', command: ['ls', '-a'], timeout_ms: 500, env: {} },
      call_id: expect.stringMatching(/^call_/),
    });
    expect(output[2]).toMatchObject({ action: { commands: ['echo hi'] } });
    expect(output[4]).toMatchObject({
      server_label: 'zip1',
      name: 'shorten',
      arguments: '{"u":1}',
    });
  });

  it('an MCP call answers the approval the request grants, once', async () => {
    client = await connect(server.wsUrl);
    const call = {
      type: 'mcp_call' as const,
      serverLabel: 'zip1',
      name: 's',
      arguments: {},
      output: 'ok',
    };
    server.enqueue({ toolCalls: [call, call] });
    const { events } = await client.turn({
      model: 'm',
      input: [
        { type: 'mcp_approval_response', approval_request_id: 'mcpr_denied', approve: false },
        { type: 'mcp_approval_response', approval_request_id: 'mcpr_granted', approve: true },
      ],
    });
    const output = terminalOf(events)!.response.output as Array<Record<string, unknown>>;
    expect(output.map((item) => item.approval_request_id)).toEqual(['mcpr_granted', null]);
    expect(output[0]).toMatchObject({ type: 'mcp_call', status: 'completed', output: 'ok' });
  });
});

describe('replay', () => {
  it('replays a recorded response event for event, and keeps its state', async () => {
    client = await connect(server.wsUrl);
    const file = 'issue-19493-gpt-5.1-tool-call.chunks.txt';
    server.enqueue({ replay: file });
    const { events } = await client.turn({ model: 'm', input: 'weather?' });
    expect(events).toEqual(fixtureEvents(file));
    const id = terminalOf(events)!.response.id;
    expect(server.requests[0]).toMatchObject({ responseId: id, status: 'completed' });

    const next = await client.turn({
      model: 'm',
      previous_response_id: id,
      input: [
        { type: 'function_call_output', call_id: 'call_2FQdm3Br7Qb35YUBSkDR7kue', output: 'sunny' },
      ],
    });
    expect(terminalOf(next.events)?.type).toBe('response.completed');
    expect(server.requests[1]).toMatchObject({ parentSource: 'socket-cache', duplicates: [] });
    expect(server.requests[1].context[1]).toMatchObject({
      type: 'function_call',
      name: 'get_weather',
    });
  });

  it('picks one response of a multi-response file, name with or without suffix', async () => {
    client = await connect(server.wsUrl);
    server.enqueue({ replay: 'openai-reasoning-encrypted-content.1', responseIndex: 3 });
    const { events } = await client.turn({ model: 'm', input: 'x' });
    expect(events[0].type).toBe('response.created');
    expect(events.at(-1)!.type).toBe('response.completed');
    expect(textOf(events)).toBe('The final result is **570**.');
  });

  it('replays error streams and records their error', async () => {
    client = await connect(server.wsUrl);
    server.enqueue({ replay: 'openai-error.1.chunks.txt' });
    const { events } = await client.turn({ model: 'm', input: 'x' });
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'error',
      'response.failed',
    ]);
    expect(server.requests[0]).toMatchObject({
      status: 'failed',
      error: { code: 'insufficient_quota' },
    });
  });

  it('fails at enqueue for unknown files or responses', () => {
    expect(() => server.enqueue({ replay: 'no-such-file' })).toThrow(/not a bundled recording/);
    expect(() =>
      server.enqueue({ replay: 'issue-19493-gpt-5.1-tool-call', responseIndex: 1 }),
    ).toThrow(/holds 1/);
  });

  it('reads fixtures from the given directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-fixtures-'));
    const own = await createMockResponsesServer({ fixturesDir: dir });
    try {
      const lines = [
        {
          type: 'response.created',
          sequence_number: 0,
          response: { id: 'resp_custom', output: [] },
        },
        {
          type: 'response.completed',
          sequence_number: 1,
          response: { id: 'resp_custom', status: 'completed', output: [] },
        },
      ];
      writeFileSync(join(dir, 'custom.chunks.txt'), lines.map((l) => JSON.stringify(l)).join('\n'));
      own.enqueue({ replay: 'custom' });
      client = await connect(own.wsUrl);
      const { events } = await client.turn({ model: 'm', input: [userMessage('x')] });
      expect(events).toEqual(lines);
      await client.close();
    } finally {
      await own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
