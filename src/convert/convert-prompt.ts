import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { InputItem, JsonObject, Message, Prompt, Warning } from '../types';
import {
  type AssistantContext,
  convertAssistantMessage,
  mapToolCaller,
} from './convert-assistant-message';
import { convertToolOutput, getScalarBreakpoint } from './convert-tool-output';
import { convertUserPart } from './convert-user-content';
import { stringifyJson } from './json-cache';
import {
  collectParallelGroups,
  findParallelGroup,
  type ParallelGroup,
} from './parallel-tool-calls';
import { getPartOption, getPromptCacheBreakpoint } from './part-options';

/**
 * Converts a prompt into Responses input items, producing what `@ai-sdk/openai`'s Responses
 * model sends for the same prompt (see the tests for the few deliberate differences).
 *
 * Properties the turn planner relies on:
 * - deterministic: the same prompt gives the same items with the same key order;
 * - prefix-stable: every message is converted on its own, so the items of a prompt are a prefix
 *   of the items of any extension of it. One exception, only with a user-supplied
 *   `previousResponseId` / `conversation` (as upstream): a `parallel` wrapper's child calls are
 *   folded back only once all child results follow (parallel-tool-calls.ts). Upstream's other
 *   cross-message rule (de-duplicating MCP approval responses) does not apply: no approval items
 *   are sent. The final store:false filter drops reasoning items without encrypted content; it
 *   looks at each item alone, so it keeps the property;
 * - cheap: leaf strings are passed on as they are, json values and bytes are serialised once
 *   per object (see json-cache.ts, file-data.ts).
 */
export async function convertPrompt({
  prompt,
  systemMessageMode,
  store,
  isReasoningModel,
  providerOptionsName,
  passThroughUnsupportedFiles = false,
  hasConversation = false,
  hasPreviousResponseId = false,
}: {
  prompt: Prompt;
  systemMessageMode: 'system' | 'developer' | 'remove';
  /** Effective store (the user's value, else true). */
  store: boolean;
  isReasoningModel: boolean;
  providerOptionsName: string;
  /** `providerOptions.openai.passThroughUnsupportedFiles`: send non-PDF inline files too. */
  passThroughUnsupportedFiles?: boolean;
  /** `providerOptions.openai.conversation` is set (items with ids are not resent). */
  hasConversation?: boolean;
  /** A user-supplied `previousResponseId` is set (reasoning with ids is not resent). */
  hasPreviousResponseId?: boolean;
}): Promise<{ input: InputItem[]; warnings: Warning[] }> {
  const name = providerOptionsName;
  const parallel = {
    groups:
      hasConversation || hasPreviousResponseId
        ? collectParallelGroups(prompt, name)
        : new Map<string, ParallelGroup>(),
    emittedCalls: new Set<string>(),
    emittedResults: new Set<string>(),
  };
  const context: PromptContext = {
    name,
    systemMessageMode,
    passThroughUnsupportedFiles,
    parallel,
    assistant: {
      store,
      isReasoningModel,
      providerOptionsName: name,
      hasConversation,
      hasPreviousResponseId,
      parallelGroups: parallel.groups,
      emittedParallelCalls: parallel.emittedCalls,
    },
  };
  const input: InputItem[] = [];
  const warnings: Warning[] = [];
  for (const message of prompt) {
    // Only assistant messages convert asynchronously (reasoning options are parsed): the rest
    // stays synchronous, so a long history costs no promise per message.
    if (message.role === 'assistant') {
      await convertAssistantMessage(message, context.assistant, input, warnings);
    } else convertMessage(message, context, input, warnings);
  }
  return store ? { input, warnings } : dropReasoningWithoutContent(input, warnings);
}

/** What every message of one prompt is converted with. */
type PromptContext = {
  name: string;
  systemMessageMode: 'system' | 'developer' | 'remove';
  passThroughUnsupportedFiles: boolean;
  parallel: { groups: Map<string, ParallelGroup>; emittedResults: Set<string> };
  assistant: AssistantContext;
};

function convertMessage(
  message: Exclude<Message, { role: 'assistant' }>,
  context: PromptContext,
  input: InputItem[],
  warnings: Warning[],
): void {
  const { name } = context;
  switch (message.role) {
    case 'system':
      convertSystemMessage(message, context.systemMessageMode, name, input, warnings);
      return;
    case 'user':
      input.push({
        role: 'user',
        content: message.content.map((part, index) =>
          convertUserPart({
            part,
            index,
            providerOptionsName: name,
            passThroughUnsupportedFiles: context.passThroughUnsupportedFiles,
          }),
        ),
      });
      return;
    case 'tool':
      convertToolMessage(message, name, context.parallel, input, warnings);
      return;
    default:
      throw new UnsupportedFunctionalityError({
        functionality: `message role ${(message as { role: string }).role}`,
      });
  }
}

/**
 * Without storage the server cannot resolve reasoning by id, and a reasoning item without its
 * encrypted content is rejected: drop those (one warning, as upstream).
 */
function dropReasoningWithoutContent(input: InputItem[], warnings: Warning[]) {
  if (!input.some(isReasoningWithoutContent)) return { input, warnings };
  warnings.push({
    type: 'other',
    message:
      'Reasoning parts without encrypted content are not supported when store is false. Skipping reasoning parts.',
  });
  return { input: input.filter((item) => !isReasoningWithoutContent(item)), warnings };
}

function isReasoningWithoutContent(item: InputItem): boolean {
  return item.type === 'reasoning' && item.encrypted_content == null;
}

/** Message-level options of GPT-6 configuration updates, which this package does not send. */
const systemControlOptions = ['reasoningEffortUpdate', 'textFormatUpdate', 'additionalTools'];

function convertSystemMessage(
  message: Extract<Message, { role: 'system' }>,
  mode: 'system' | 'developer' | 'remove',
  name: string,
  input: InputItem[],
  warnings: Warning[],
): void {
  for (const option of systemControlOptions) {
    if (getPartOption(message.providerOptions, name, option) != null) {
      throw new UnsupportedFunctionalityError({
        functionality: `Message-level ${option}`,
        message: `Message-level ${option} is not supported by ai-sdk-openai-ws.`,
      });
    }
  }

  if (mode === 'remove') {
    warnings.push({ type: 'other', message: 'system messages are removed for this model' });
    return;
  }
  const breakpoint = getPromptCacheBreakpoint(message.providerOptions, name);
  input.push({
    role: mode,
    content:
      breakpoint == null
        ? message.content
        : [{ type: 'input_text', text: message.content, prompt_cache_breakpoint: breakpoint }],
  });
}

/**
 * Tool results → `function_call_output`. Approval responses produce no item: the AI SDK only
 * passes on those of provider-executed tools, whose MCP approvals this package does not send.
 */
function convertToolMessage(
  message: Extract<Message, { role: 'tool' }>,
  name: string,
  parallel: { groups: Map<string, ParallelGroup>; emittedResults: Set<string> },
  input: InputItem[],
  warnings: Warning[],
): void {
  for (const part of message.content) {
    if (part.type !== 'tool-result') continue;

    const group = findParallelGroup(parallel.groups, part.providerOptions, name);
    if (group != null) {
      if (!parallel.emittedResults.has(group.metadata.toolCallId)) {
        parallel.emittedResults.add(group.metadata.toolCallId);
        input.push(convertParallelResults(group, name, warnings));
      }
      continue;
    }

    const output = part.output;
    // A denial that answers an approval request is carried by the approval response instead.
    if (
      output.type === 'execution-denied' &&
      getPartOption(output.providerOptions, 'openai', 'approvalId')
    ) {
      continue;
    }

    const caller = mapToolCaller(getPartOption(part.providerOptions, name, 'caller'));
    input.push({
      type: 'function_call_output',
      call_id: part.toolCallId,
      output: convertToolOutput({
        output,
        resultProviderOptions: part.providerOptions,
        providerOptionsName: name,
        warnings,
      }),
      ...(caller != null && { caller }),
    });
  }
}

/** The children's results as the wrapper's one output: joined by newlines, in child order. */
function convertParallelResults(
  group: ParallelGroup,
  name: string,
  warnings: Warning[],
): InputItem {
  const texts: string[] = [];
  const breakpoints: Array<JsonObject | undefined> = [];
  for (const result of group.results) {
    const output = convertToolOutput({
      output: result.output,
      resultProviderOptions: result.providerOptions,
      providerOptionsName: name,
      warnings,
      scalarBreakpoints: false,
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
