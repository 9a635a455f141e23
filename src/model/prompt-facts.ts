import type { Prompt } from '../types';

/**
 * MCP approval request id → the tool call id an assistant message of the prompt gave it
 * (`providerOptions.openai.approvalRequestId` on a tool call), which a later `mcp_call` for
 * that approval is reported under, as `@ai-sdk/openai` reads it.
 */
export function approvalToolCallIds(prompt: Prompt, providerOptionsName: string) {
  const ids: Record<string, string> = {};
  for (const message of prompt) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-call') continue;
      const approvalId = part.providerOptions?.[providerOptionsName]?.approvalRequestId;
      if (typeof approvalId === 'string') ids[approvalId] = part.toolCallId;
    }
  }
  return ids;
}

/**
 * The text `@ai-sdk/openai` hands the AI SDK for structured output: the last `final_answer`
 * message's content parts joined (undefined when no message has that phase).
 */
export function structuredOutputText(
  content: ReadonlyArray<{
    type: string;
    text?: string;
    providerMetadata?: Prompt[number]['providerOptions'];
  }>,
  providerOptionsName: string,
): string | undefined {
  const meta = (part: (typeof content)[number]) => part.providerMetadata?.[providerOptionsName];
  let itemId: unknown;
  for (const part of content) {
    if (part.type === 'text' && meta(part)?.phase === 'final_answer') itemId = meta(part)?.itemId;
  }
  if (itemId === undefined) return undefined;
  return content
    .filter((part) => part.type === 'text' && meta(part)?.itemId === itemId)
    .map((part) => part.text ?? '')
    .join('');
}
