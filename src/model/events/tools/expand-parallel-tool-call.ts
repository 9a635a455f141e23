import type { ToolCall } from '../../../types';
import { asObject } from '../../../util/as-object';

const parallelToolName = 'parallel';
const recipientPrefix = 'functions.';

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
  const uses = nestedCalls(input, functionTools);
  return uses?.map(({ toolName, parameters }, index) => ({
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
  }));
}

/**
 * The wrapper's nested calls, `{ tool_uses: [{ recipient_name: 'functions.x', parameters }] }`,
 * when every one names a declared function tool and has object parameters; else undefined.
 */
function nestedCalls(
  input: string,
  functionTools: ReadonlySet<string>,
): Array<{ toolName: string; parameters: Record<string, unknown> }> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return undefined;
  }
  const uses = asObject(parsed)?.tool_uses;
  if (!Array.isArray(uses) || uses.length === 0) return undefined;
  const calls: Array<{ toolName: string; parameters: Record<string, unknown> }> = [];
  for (const use of uses) {
    const recipient = asObject(use)?.recipient_name;
    const parameters = asObject(asObject(use)?.parameters);
    if (typeof recipient !== 'string' || !recipient.startsWith(recipientPrefix) || !parameters) {
      return undefined;
    }
    const toolName = recipient.slice(recipientPrefix.length);
    if (toolName.length === 0 || !functionTools.has(toolName)) return undefined;
    calls.push({ toolName, parameters });
  }
  return calls;
}
