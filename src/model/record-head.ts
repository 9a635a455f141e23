import { convertPrompt, type InputItem } from '../convert/convert-prompt';
import type { ResponsesRequest } from './build-request';
import { collectContent } from './collect-content';
import type { TurnCall } from './open-turn';
import type { Message, ProviderOptions, StreamPart } from './types';

/**
 * The items the next prompt will hold for this response's output. The AI SDK turns the parts we
 * emitted into an assistant message (text, reasoning and tool-call parts, with their metadata as
 * providerOptions); converting that same message with the same converter gives exactly the items
 * the next call will produce, so "what the server holds" and "what the prompt says" compare equal.
 */
export async function outputAsInputItems(
  parts: StreamPart[],
  request: ResponsesRequest,
  providerOptionsName: string,
  { withMetadata }: { withMetadata: boolean },
): Promise<InputItem[]> {
  const { content } = collectContent(parts);
  const metadata = (value: ProviderOptions | undefined) => (withMetadata ? value : undefined);
  const message: Extract<Message, { role: 'assistant' }> = { role: 'assistant', content: [] };
  for (const part of content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        message.content.push({
          type: part.type,
          text: part.text,
          providerOptions: metadata(part.providerMetadata),
        });
        break;
      case 'tool-call':
        message.content.push({
          type: 'tool-call',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: parseToolInput(part.input),
          providerExecuted: part.providerExecuted,
          providerOptions: metadata(part.providerMetadata),
        });
        break;
      case 'tool-result':
        message.content.push({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: { type: 'json', value: part.result },
          providerOptions: metadata(part.providerMetadata),
        });
        break;
    }
  }
  if (message.content.length === 0) return [];
  const { input } = await convertPrompt({
    prompt: [message],
    systemMessageMode: 'system',
    store: request.store,
    isReasoningModel: request.isReasoningModel,
    providerOptionsName,
  });
  return input;
}

// The AI SDK parses tool input JSON and falls back to {} when it cannot (an invalid call).
function parseToolInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return {};
  }
}

/**
 * Records the chain head of a completed response: its whole context as the next prompt will
 * express it. `connectionId` is the socket whose cache holds it (-1: none, HTTP).
 */
export async function recordHead(
  call: TurnCall,
  parts: StreamPart[],
  connectionId: number,
): Promise<string | undefined> {
  const { config, request } = call;
  let responseId: string | undefined;
  for (const part of parts)
    if (part.type === 'response-metadata' && part.id) responseId ??= part.id;
  if (!responseId) return undefined;
  const [output, plainOutput] = await Promise.all([
    outputAsInputItems(parts, request, config.providerOptionsName, { withMetadata: true }),
    outputAsInputItems(parts, request, config.providerOptionsName, { withMetadata: false }),
  ]);
  config.heads.add(
    {
      responseId,
      scope: call.scope,
      settingsKey: call.settingsKey,
      items: [...request.input, ...output],
      plainItems: [...request.input, ...plainOutput],
      stored: request.store,
      connectionId,
    },
    request.conversationId,
  );
  return responseId;
}
