import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { InputItem, JsonObject, Message, ToolResultPart, Warning } from '../types';
import {
  type LoadableToolsSource,
  type LoadingState,
  resolveAdditionalTools,
} from './additional-tools';
import { mapToolCaller } from './convert-tool-call';
import { convertToolOutput, getScalarBreakpoint } from './convert-tool-output';
import { stringifyJson } from './json-cache';
import { readToolResultAdditionalTools } from './message-options';
import { findParallelGroup, type ParallelGroup } from './parallel-tool-calls';
import { getPartOption } from './part-options';
import { roundTripOutput } from './round-trip-outputs';
import type { ToolContext } from './tool-context';

/** What the parts of a tool message are converted with (one prompt's shared state). */
export type ToolMessageContext = {
  name: string;
  store: boolean;
  hasConversation: boolean;
  hasPreviousResponseId: boolean;
  tools: ToolContext;
  parallel: { groups: Map<string, ParallelGroup>; emittedResults: Set<string> };
  /** Approval ids already answered earlier in the prompt (each is sent once). */
  approvalIds: Set<string>;
  /** Calls made by a program (their results cannot be denied). */
  programCallIds: ReadonlySet<string>;
  /** The call's tools the history may load, and what loading them remembers. */
  loadable: LoadableToolsSource | undefined;
  loading: LoadingState;
};

/**
 * A tool message → the items that answer the model, by `@ai-sdk/openai`'s rules:
 * - an approval response → `mcp_approval_response` (with a reference to its request when stored
 *   and no server-side history holds it);
 * - a round-trip tool's result → its own output item (`shell_call_output`, …), a custom tool's
 *   → `custom_tool_call_output`, anything else → `function_call_output`;
 * - a result's `additionalTools` → an `additional_tools` item right after it, with the
 *   definitions of the registered tools its entries name (additional-tools.ts).
 * A denial that answers an approval request is carried by the approval response instead.
 */
export async function convertToolMessage(
  message: Extract<Message, { role: 'tool' }>,
  context: ToolMessageContext,
  input: InputItem[],
  warnings: Warning[],
): Promise<void> {
  const { name, parallel } = context;
  for (const part of message.content) {
    if (part.type === 'tool-approval-response') {
      if (context.approvalIds.has(part.approvalId)) continue;
      context.approvalIds.add(part.approvalId);
      if (context.store && !context.hasConversation && !context.hasPreviousResponseId) {
        input.push({ type: 'item_reference', id: part.approvalId });
      }
      input.push({
        type: 'mcp_approval_response',
        approval_request_id: part.approvalId,
        approve: part.approved,
      });
      continue;
    }
    if (part.type !== 'tool-result') continue;

    const group = findParallelGroup(parallel.groups, part.providerOptions, name);
    if (group != null) {
      if (!parallel.emittedResults.has(group.metadata.toolCallId)) {
        parallel.emittedResults.add(group.metadata.toolCallId);
        input.push(convertParallelResults(group, context, warnings));
        for (const result of group.results) {
          await pushAdditionalTools(result, context, input, warnings);
        }
      }
      continue;
    }
    const { output } = part;
    if (
      output.type === 'execution-denied' &&
      getPartOption(output.providerOptions, 'openai', 'approvalId')
    ) {
      continue;
    }
    await convertToolResult(part, context, input, warnings);
  }
}

async function convertToolResult(
  part: ToolResultPart,
  context: ToolMessageContext,
  input: InputItem[],
  warnings: Warning[],
): Promise<void> {
  const { name, tools } = context;
  const roundTrip = await roundTripOutput(part, tools);
  if (roundTrip !== undefined) return void input.push(roundTrip);
  const output = (kind: { custom?: boolean; hasOutputSchema?: boolean }) =>
    convertToolOutput({
      output: part.output,
      resultProviderOptions: part.providerOptions,
      providerOptionsName: name,
      warnings,
      ...kind,
    });
  if (tools.customToolNames.has(tools.names.toWireName(part.toolName))) {
    input.push({
      type: 'custom_tool_call_output',
      call_id: part.toolCallId,
      output: output({ custom: true }),
    });
    return;
  }

  const callerOption = getPartOption(part.providerOptions, name, 'caller') as
    | { type?: string }
    | undefined;
  if (
    part.output.type === 'execution-denied' &&
    (callerOption?.type === 'program' || context.programCallIds.has(part.toolCallId))
  ) {
    throw new UnsupportedFunctionalityError({
      functionality: 'execution-denied results for programmatic tool calls',
    });
  }
  const caller = mapToolCaller(callerOption);
  input.push({
    type: 'function_call_output',
    call_id: part.toolCallId,
    output: output({ hasOutputSchema: tools.outputSchemaToolNames.has(part.toolName) }),
    ...(caller != null && { caller }),
  });
  await pushAdditionalTools(part, context, input, warnings);
}

async function pushAdditionalTools(
  part: ToolResultPart,
  context: ToolMessageContext,
  input: InputItem[],
  warnings: Warning[],
) {
  const entries = await readToolResultAdditionalTools(part.providerOptions, context.name);
  const tools = resolveAdditionalTools(entries, context.loadable, context.loading, warnings);
  if (tools !== undefined) input.push({ type: 'additional_tools', role: 'developer', tools });
}

/** The children's results as the wrapper's one output: joined by newlines, in child order. */
function convertParallelResults(
  group: ParallelGroup,
  context: ToolMessageContext,
  warnings: Warning[],
): InputItem {
  const { name, tools } = context;
  const texts: string[] = [];
  const breakpoints: Array<JsonObject | undefined> = [];
  for (const result of group.results) {
    const output = convertToolOutput({
      output: result.output,
      resultProviderOptions: result.providerOptions,
      providerOptionsName: name,
      warnings,
      scalarBreakpoints: false,
      hasOutputSchema: tools.outputSchemaToolNames.has(result.toolName),
    });
    texts.push(typeof output === 'string' ? output : stringifyJson(output));
    breakpoints.push(getScalarBreakpoint(result.output, result.providerOptions, name));
  }
  return {
    type: 'function_call_output',
    call_id: group.metadata.toolCallId,
    output: breakpoints.some((breakpoint) => breakpoint != null)
      ? texts.map((text, index) => ({
          type: 'input_text',
          text: index === 0 ? text : `\n${text}`,
          ...(breakpoints[index] != null && { prompt_cache_breakpoint: breakpoints[index] }),
        }))
      : texts.join('\n'),
  };
}
