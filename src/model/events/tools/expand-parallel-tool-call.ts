import type { ToolCall } from '../../../types';

const parallelToolName = 'parallel';
const recipientPrefix = 'functions.';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value != null && !Array.isArray(value);
}

/**
 * Models sometimes emit the internal `multi_tool_use.parallel` wrapper as a function call named
 * `parallel`. When the caller declared no tool of that name, the wrapper is held back.
 */
export function isUndeclaredParallelToolCall(
  toolName: string,
  functionTools: ReadonlySet<string>,
): boolean {
  return toolName === parallelToolName && !functionTools.has(parallelToolName);
}

/**
 * Expands the wrapper into one tool call per nested call, as `@ai-sdk/openai` does, when every
 * recipient is a declared function tool; otherwise `undefined` (the wrapper stays one call).
 * Each child records the wrapper (`parallelToolCall`) so prompt conversion can send the results
 * back as the one function output the server expects.
 */
export function expandParallelToolCall({
  toolCallId,
  input,
  itemId,
  functionTools,
  providerOptionsName,
  extraMetadata,
}: {
  toolCallId: string;
  input: string;
  itemId: string;
  functionTools: ReadonlySet<string>;
  providerOptionsName: string;
  /**
   * Added to every child's metadata (this package's `responseId`). No `itemId`: children share
   * the wrapper's item, which `parallelToolCall.itemId` names.
   */
  extraMetadata: Record<string, unknown>;
}): ToolCall[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed)) return undefined;
  const uses = parsed.tool_uses;
  if (!Array.isArray(uses) || uses.length === 0) return undefined;

  const calls: ToolCall[] = [];
  for (const [index, use] of uses.entries()) {
    if (!isPlainObject(use)) return undefined;
    const recipient = use.recipient_name;
    const parameters = use.parameters;
    if (
      typeof recipient !== 'string' ||
      !recipient.startsWith(recipientPrefix) ||
      !isPlainObject(parameters)
    ) {
      return undefined;
    }
    const toolName = recipient.slice(recipientPrefix.length);
    if (toolName.length === 0 || !functionTools.has(toolName)) return undefined;

    calls.push({
      type: 'tool-call',
      toolCallId: `${toolCallId}_${index}`,
      toolName,
      input: JSON.stringify(parameters),
      providerMetadata: {
        [providerOptionsName]: {
          ...extraMetadata,
          parallelToolCall: {
            itemId,
            toolCallId,
            toolName: parallelToolName,
            ...(index === 0 && { input }),
            index,
            count: uses.length,
          },
        },
      },
    });
  }
  return calls;
}
