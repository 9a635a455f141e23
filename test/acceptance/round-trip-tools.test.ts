/**
 * A tool loop per round-trip tool (local shell, shell, apply_patch, custom, MCP approval),
 * through ai@7's generateText on the `/v4` entry (the approval on ai@6 `/v3` too), against the
 * mock's scripted model. The app
 * runs the tool (or approves the call); its result goes back as the item the call waits for, and
 * every continuation is a delta that repeats nothing the server holds.
 */
import { openai } from '@ai-sdk/openai';
import { generateText, type ModelMessage, stepCountIs, type ToolSet } from 'ai';
import * as ai6 from 'ai-v6';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockRequestRecord,
  type MockResponsesServer,
  type ScriptedToolCall,
} from '../../src/testing';
import * as v3 from '../../src/v3';
import { createOpenAIWebSocket } from '../../src/v4';
import { approvalRequest, approvalTools } from '../helpers/mcp-approvals';
import { inputTypes, wsMeta } from '../helpers/mock-provider';

let server: MockResponsesServer;
let provider: ReturnType<typeof createOpenAIWebSocket>;
beforeEach(async () => {
  server = await createMockResponsesServer();
  provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
});
afterEach(async () => {
  await provider.close();
  await server.close();
});

/** Each later request continues the one before it, with only new items and no duplicate. */
function expectDeltaChain(records: MockRequestRecord[]) {
  expect(records[0].previousResponseId).toBeNull();
  for (let i = 1; i < records.length; i++) {
    expect(records[i].previousResponseId).toBe(records[i - 1].responseId);
    expect(records[i].parentSource).toBe('socket-cache');
  }
  for (const record of records) expect(record.duplicates).toEqual([]);
}

type Loop = {
  name: string;
  tools: () => ToolSet;
  call: ScriptedToolCall;
  /** The item type the tool's result goes back as. */
  output: string;
  result: unknown;
};

const loops: Loop[] = [
  {
    name: 'local shell',
    tools: () => ({
      shell: openai.tools.localShell({ execute: async () => ({ output: 'a.txt\nb.txt' }) }),
    }),
    call: { type: 'local_shell', command: ['ls'], workingDirectory: '/tmp' },
    output: 'local_shell_call_output',
    result: { output: 'a.txt\nb.txt' },
  },
  {
    name: 'shell',
    tools: () => ({
      shell: openai.tools.shell({
        execute: async () => ({
          output: [{ stdout: 'hi', stderr: '', outcome: { type: 'exit' as const, exitCode: 0 } }],
        }),
      }),
    }),
    call: { type: 'shell', commands: ['echo hi'], maxOutputLength: 1000 },
    output: 'shell_call_output',
    result: {
      max_output_length: undefined,
      output: [{ stdout: 'hi', stderr: '', outcome: { type: 'exit', exit_code: 0 } }],
    },
  },
  {
    name: 'apply_patch',
    tools: () => ({
      // @ai-sdk/openai recognises its results by this exact tool name.
      apply_patch: openai.tools.applyPatch({
        execute: async () => ({ status: 'completed' as const, output: 'created notes.txt' }),
      }),
    }),
    call: {
      type: 'apply_patch',
      operation: { type: 'create_file', path: 'notes.txt', diff: '+# Notes\n+first line\n' },
    },
    output: 'apply_patch_call_output',
    result: { status: 'completed', output: 'created notes.txt' },
  },
  {
    name: 'custom tool',
    tools: () => ({
      write_sql: openai.tools.customTool({
        description: 'Writes SQL',
        execute: async (input: string) => `ran: ${input}`,
      }),
    }),
    call: { type: 'custom', name: 'write_sql', input: 'SELECT 1' },
    output: 'custom_tool_call_output',
    result: { output: 'ran: SELECT 1' },
  },
];

describe.each(loops)('a $name tool loop on ai@7 /v4', ({ tools, call, output, result }) => {
  it('runs the tool, sends its result back as a delta, and finishes', async () => {
    server.enqueue({ toolCalls: [call] }, { toolCalls: [call] }, { text: 'All done.' });
    const run = await generateText({
      model: provider('gpt-5.1'),
      prompt: 'Use the tool twice.',
      tools: tools(),
      stopWhen: stepCountIs(5),
    });

    expect(run.text).toBe('All done.');
    expect(run.steps).toHaveLength(3);
    const records = server.requests;
    expect(records).toHaveLength(3);
    expectDeltaChain(records);
    for (const record of records.slice(1)) {
      expect(inputTypes(record)).toEqual([output]);
      // It answers the call the previous response made (the item before it in the context).
      const answered = record.context.at(-2) as { type: string; call_id: string };
      expect(answered.type).toBe(output.replace(/_output$/, ''));
      expect(record.input[0]).toEqual({
        type: output,
        call_id: answered.call_id,
        ...(result as object),
      });
    }
    const metas = run.steps.map((step) => wsMeta(step.providerMetadata));
    expect(metas.map((meta) => meta.inputMode)).toEqual(['full', 'delta', 'delta']);
    expect(metas.map((meta) => meta.reason)).toEqual([
      'new-conversation',
      'continuation',
      'continuation',
    ]);
  });
});

describe('an MCP approval on ai@7 /v4', () => {
  const zip = approvalTools;
  const request = approvalRequest;

  it.each([true, false])(
    'asks, and the approval (approved: %s) goes back as a delta without the request',
    async (approved) => {
      server.enqueue(
        { toolCalls: [request] },
        approved
          ? {
              text: 'Here is your link.',
              toolCalls: [
                {
                  type: 'mcp_call',
                  serverLabel: 'zip1',
                  name: 'create_short_url',
                  arguments: { url: 'https://ai-sdk.dev' },
                  output: 'https://zip1.io/abc',
                },
              ],
            }
          : { text: 'I did not create the link.' },
      );
      const first = await generateText({
        model: provider('gpt-5'),
        prompt: 'Shorten https://ai-sdk.dev',
        tools: zip(),
      });
      const asked = first.content.find((part) => part.type === 'tool-approval-request');
      expect(asked).toBeDefined();
      const approvalId = (asked as { approvalId: string }).approvalId;
      expect(approvalId).toMatch(/^mcpr_/);

      const messages: ModelMessage[] = [
        { role: 'user', content: 'Shorten https://ai-sdk.dev' },
        ...first.responseMessages,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-approval-response',
              approvalId,
              approved,
              providerExecuted: true,
            } as never,
          ],
        },
      ];
      const second = await generateText({
        model: provider('gpt-5'),
        messages,
        tools: zip(),
        include: { responseBody: true },
      });

      const records = server.requests;
      expect(records).toHaveLength(2);
      expectDeltaChain(records);
      // The server holds the request it answers (the parent's output).
      expect(records[1].context.at(-2)).toMatchObject({
        type: 'mcp_approval_request',
        id: approvalId,
      });
      // Stored, a full request would reference the approval request; a delta holds it already.
      expect(records[1].input).toEqual([
        { type: 'mcp_approval_response', approval_request_id: approvalId, approve: approved },
      ]);
      expect(wsMeta(second.providerMetadata)).toMatchObject({
        inputMode: 'delta',
        reason: 'continuation',
      });
      if (approved) {
        const mcpResult = second.content.find((part) => part.type === 'tool-result');
        expect(mcpResult).toMatchObject({
          toolName: 'mcp.create_short_url',
          output: expect.objectContaining({ output: 'https://zip1.io/abc', serverLabel: 'zip1' }),
        });
        // The server's call answers the approval it was given.
        const output = (second.response.body as { output: Array<Record<string, unknown>> }).output;
        expect(output.find((item) => item.type === 'mcp_call')).toMatchObject({
          approval_request_id: approvalId,
        });
      } else {
        expect(second.text).toBe('I did not create the link.');
      }
    },
  );
});

describe('an MCP approval on ai@6 /v3', () => {
  it('asks, and the approval goes back as a delta without the request', async () => {
    const v3Provider = v3.createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
    try {
      const tools = {
        zip: {
          type: 'provider' as const,
          id: 'openai.mcp' as const,
          args: {
            serverLabel: 'zip1',
            serverUrl: 'https://zip1.example/mcp',
            requireApproval: 'always',
          },
          inputSchema: ai6.jsonSchema({ type: 'object' }),
        },
      };
      server.enqueue(
        {
          toolCalls: [
            { type: 'mcp_approval_request', serverLabel: 'zip1', name: 'shorten', arguments: {} },
          ],
        },
        { text: 'Shortened.' },
      );
      const first = await ai6.generateText({
        model: v3Provider('gpt-5'),
        prompt: 'Shorten it',
        tools: tools as never,
      });
      const asked = first.content.find((part) => part.type === 'tool-approval-request');
      const approvalId = (asked as { approvalId: string }).approvalId;
      // ai@6: all messages of a call are in response.messages.
      const messages: ai6.ModelMessage[] = [
        { role: 'user', content: 'Shorten it' },
        ...first.response.messages,
        {
          role: 'tool',
          content: [
            {
              type: 'tool-approval-response',
              approvalId,
              approved: true,
              providerExecuted: true,
            } as never,
          ],
        },
      ];
      const second = await ai6.generateText({
        model: v3Provider('gpt-5'),
        messages,
        tools: tools as never,
      });
      expect(second.text).toBe('Shortened.');
      const records = server.requests;
      expectDeltaChain(records);
      expect(records[1].input).toEqual([
        { type: 'mcp_approval_response', approval_request_id: approvalId, approve: true },
      ]);
    } finally {
      await v3Provider.close();
    }
  });
});
