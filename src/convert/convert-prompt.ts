import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { InputItem, Message, Prompt, Warning } from '../types';
import type { LoadableToolsSource } from './additional-tools';
import type { AssistantContext } from './assistant-context';
import { convertAssistantMessage } from './convert-assistant-message';
import { convertSystemMessage } from './convert-system-message';
import { convertToolMessage, type ToolMessageContext } from './convert-tool-message';
import { convertUserPart } from './convert-user-content';
import { collectParallelGroups, type ParallelGroup } from './parallel-tool-calls';
import { type ToolOptions, toolContext } from './tool-context';

/** The options a prompt is converted with (everything besides the messages themselves). */
export type ConvertOptions = ToolOptions & {
  systemMessageMode: 'system' | 'developer' | 'remove';
  /** Effective store (the user's value, else true). */
  store: boolean;
  isReasoningModel: boolean;
  providerOptionsName: string;
  /** `providerOptions.openai.passThroughUnsupportedFiles`: send non-PDF inline files too. */
  passThroughUnsupportedFiles?: boolean;
  /** `providerOptions.openai.conversation` is set (items with ids are not resent). */
  hasConversation?: boolean;
  /** A user-supplied `previousResponseId` is set (items with ids are not resent). */
  hasPreviousResponseId?: boolean;
  /** Why the model takes no `configuration_update` items (undefined: it does). */
  configurationUpdateUnsupportedReason?: string;
  /**
   * The call's tools that `additionalTools` entries of the history may load. A function, so
   * `JSON.stringify` leaves it out of the options' fingerprint: a prefix that loaded tools is
   * checked against it on its own (`loadsSameTools`).
   */
  loadableTools?: LoadableToolsSource;
};

/**
 * What conversion remembers from one message to the next: approvals already answered (each is
 * sent once) and calls made by a program. A converted prefix hands it on, so converting only
 * the messages after it gives the items converting the whole prompt gives.
 */
export type ConversionState = {
  readonly approvalIds: ReadonlySet<string>;
  readonly programCallIds: ReadonlySet<string>;
  /**
   * Loading tools from the history (absent while none were): the fingerprint of the tools they
   * were loaded from, warnings given, entries dropped.
   */
  readonly loading?: {
    readonly seenWarnings: ReadonlySet<string>;
    readonly droppedNames: ReadonlySet<string>;
    readonly toolsKey?: string;
  };
};

/**
 * Converts a prompt into Responses input items, producing what `@ai-sdk/openai`'s Responses
 * model sends for the same prompt (see the tests for the few deliberate differences).
 *
 * Properties the turn planner relies on:
 * - deterministic: the same prompt gives the same items with the same key order;
 * - prefix-stable: every message is converted on its own (given the state the messages before
 *   it left, `state`), so the items of a prompt are a prefix of the items of any extension of
 *   it. One exception, only with a user-supplied `previousResponseId` / `conversation` (as
 *   upstream): a `parallel` wrapper's child calls are folded back only once all child results
 *   follow (parallel-tool-calls.ts). The final store:false filter drops reasoning items without
 *   encrypted content; it looks at each item alone, so it keeps the property;
 * - cheap: leaf strings are passed on as they are, json values and bytes are serialised once
 *   per object (see json-cache.ts, file-data.ts).
 */
export async function convertPrompt({
  prompt,
  state,
  ...options
}: ConvertOptions & { prompt: Prompt; state?: ConversionState }): Promise<{
  input: InputItem[];
  warnings: Warning[];
  state: ConversionState;
}> {
  const context = promptContext(prompt, options, state);
  const input: InputItem[] = [];
  const warnings: Warning[] = [];
  for (const message of prompt) {
    await convertMessage(message, context, input, warnings);
  }
  const { loading } = context.tool;
  const next: ConversionState = {
    approvalIds: context.tool.approvalIds,
    programCallIds: context.programCallIds,
    ...(loading.toolsKey !== undefined && { loading }),
  };
  const result = options.store ? { input, warnings } : dropReasoningWithoutContent(input, warnings);
  return { ...result, state: next };
}

/** What every message of one prompt is converted with. */
type PromptContext = {
  options: ConvertOptions;
  assistant: AssistantContext;
  tool: ToolMessageContext;
  programCallIds: Set<string>;
};

function promptContext(
  prompt: Prompt,
  options: ConvertOptions,
  state: ConversionState | undefined,
): PromptContext {
  const name = options.providerOptionsName;
  const hasConversation = options.hasConversation ?? false;
  const hasPreviousResponseId = options.hasPreviousResponseId ?? false;
  const groups =
    hasConversation || hasPreviousResponseId
      ? collectParallelGroups(prompt, name)
      : new Map<string, ParallelGroup>();
  const tools = toolContext(options);
  const programCallIds = new Set(state?.programCallIds);
  return {
    options,
    programCallIds,
    assistant: {
      store: options.store,
      isReasoningModel: options.isReasoningModel,
      providerOptionsName: name,
      hasConversation,
      hasPreviousResponseId,
      parallelGroups: groups,
      emittedParallelCalls: new Set(),
      tools,
      programCallIds,
    },
    tool: {
      name,
      store: options.store,
      hasConversation,
      hasPreviousResponseId,
      tools,
      parallel: { groups, emittedResults: new Set() },
      approvalIds: new Set(state?.approvalIds),
      programCallIds,
      loadable: options.loadableTools,
      loading: {
        seenWarnings: new Set(state?.loading?.seenWarnings),
        droppedNames: new Set(state?.loading?.droppedNames),
        toolsKey: state?.loading?.toolsKey,
      },
    },
  };
}

async function convertMessage(
  message: Message,
  context: PromptContext,
  input: InputItem[],
  warnings: Warning[],
): Promise<void> {
  const { options } = context;
  const name = options.providerOptionsName;
  switch (message.role) {
    case 'system':
      return convertSystemMessage(message, options, context.tool, input, warnings);
    case 'user':
      input.push({
        role: 'user',
        content: message.content.map((part, index) =>
          convertUserPart({
            part,
            index,
            providerOptionsName: name,
            passThroughUnsupportedFiles: options.passThroughUnsupportedFiles ?? false,
          }),
        ),
      });
      return;
    case 'assistant':
      return convertAssistantMessage(message, context.assistant, input, warnings);
    case 'tool':
      return convertToolMessage(message, context.tool, input, warnings);
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
