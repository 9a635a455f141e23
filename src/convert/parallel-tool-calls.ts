import type { JsonObject, Prompt, ProviderOptions, ToolResultPart } from '../types';

/**
 * Models sometimes emit the internal `multi_tool_use.parallel` wrapper as one function call
 * named `parallel`; the event mapper expands it into one tool call per child and records the
 * wrapper on each child (`providerOptions.openai.parallelToolCall`).
 *
 * When the server already holds the wrapper (a user-supplied `previousResponseId` or
 * `conversation`), it expects one output for the wrapper's call id, so — as `@ai-sdk/openai`
 * does — the children's calls and results are folded back into the wrapper call and one joined
 * output. This is the one rule that looks across messages (a call is folded only when all of
 * its results are present later in the prompt); it only applies with those user options.
 */
type ParallelToolCallMetadata = {
  itemId: string;
  toolCallId: string;
  toolName: string;
  /** The wrapper's arguments; only the first child must carry them. */
  input?: string;
  index: number;
  count: number;
};

export type ParallelGroup = {
  metadata: ParallelToolCallMetadata & { input: string };
  /** Child results in child order. */
  results: ToolResultPart[];
};

function getParallelToolCallMetadata(
  providerOptions: ProviderOptions | undefined,
  providerOptionsName: string,
): ParallelToolCallMetadata | undefined {
  const m = providerOptions?.[providerOptionsName]?.parallelToolCall as JsonObject | undefined;
  if (
    typeof m !== 'object' ||
    m == null ||
    Array.isArray(m) ||
    typeof m.itemId !== 'string' ||
    typeof m.toolCallId !== 'string' ||
    typeof m.toolName !== 'string' ||
    (m.input !== undefined && typeof m.input !== 'string') ||
    typeof m.index !== 'number' ||
    !Number.isInteger(m.index) ||
    typeof m.count !== 'number' ||
    !Number.isInteger(m.count) ||
    m.index < 0 ||
    m.count <= m.index
  ) {
    return undefined;
  }
  return m as ParallelToolCallMetadata;
}

function isSameParallelToolCall(a: ParallelToolCallMetadata, b: ParallelToolCallMetadata): boolean {
  return (
    a.itemId === b.itemId &&
    a.toolCallId === b.toolCallId &&
    a.toolName === b.toolName &&
    (a.input === undefined || b.input === undefined || a.input === b.input) &&
    a.count === b.count
  );
}

/** Wrapper call id → its group, for the wrappers whose every child result is in the prompt. */
export function collectParallelGroups(
  prompt: Prompt,
  providerOptionsName: string,
): Map<string, ParallelGroup> {
  const pending = new Map<
    string,
    { metadata: ParallelToolCallMetadata; results: Map<number, ToolResultPart>; invalid: boolean }
  >();

  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const metadata = getParallelToolCallMetadata(part.providerOptions, providerOptionsName);
      if (metadata == null) continue;
      const group = pending.get(metadata.toolCallId);
      if (group == null) {
        pending.set(metadata.toolCallId, {
          metadata,
          results: new Map([[metadata.index, part]]),
          invalid: false,
        });
      } else if (
        !isSameParallelToolCall(group.metadata, metadata) ||
        group.results.has(metadata.index)
      ) {
        group.invalid = true;
      } else {
        if (group.metadata.input === undefined && metadata.input !== undefined) {
          group.metadata = metadata;
        }
        group.results.set(metadata.index, part);
      }
    }
  }

  const complete = new Map<string, ParallelGroup>();
  for (const [toolCallId, group] of pending) {
    const { metadata } = group;
    if (group.invalid || group.results.size !== metadata.count || metadata.input === undefined) {
      continue;
    }
    const results = Array.from({ length: metadata.count }, (_, i) => group.results.get(i));
    if (results.every((result) => result != null)) {
      complete.set(toolCallId, {
        metadata: { ...metadata, input: metadata.input },
        results: results as ToolResultPart[],
      });
    }
  }
  return complete;
}

/** The group a child call or result belongs to, when its wrapper is to be folded back. */
export function findParallelGroup(
  groups: Map<string, ParallelGroup>,
  providerOptions: ProviderOptions | undefined,
  providerOptionsName: string,
): ParallelGroup | undefined {
  if (groups.size === 0) return undefined;
  const metadata = getParallelToolCallMetadata(providerOptions, providerOptionsName);
  if (metadata == null) return undefined;
  const group = groups.get(metadata.toolCallId);
  return group != null && isSameParallelToolCall(group.metadata, metadata) ? group : undefined;
}
