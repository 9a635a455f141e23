import type { Message } from '../../types';

/**
 * ai@5 and ai@6 leave empty text parts out of the assistant message they build from a response
 * for the next prompt (their `toResponseMessages`); ai@7 keeps those that carry provider
 * metadata, as every part of this provider does. A response with an empty `message` item (next
 * to tool calls, say) therefore reaches the next prompt in two forms, and which AI SDK will build
 * it is not known when the response completes: the root and /v3 entries serve ai@7 too. So a
 * chain head holds both forms (head-form.ts), and the continuation digest covers what both send
 * (sign-head.ts). The server holding an empty message the prompt leaves out changes nothing the
 * model reads. (An empty text part without metadata never reaches a model: every major drops it
 * from the prompt, so a head's plain form has none.)
 */
export function isEmptyText(part: { type: string; text?: unknown }): boolean {
  return part.type === 'text' && part.text === '';
}

/** An assistant message as ai@5 and ai@6 carry it; undefined when it has no empty text part. */
export function withoutEmptyTexts(message: Message): Message | undefined {
  if (message.role !== 'assistant' || !message.content.some(isEmptyText)) return undefined;
  return { ...message, content: message.content.filter((part) => !isEmptyText(part)) };
}
