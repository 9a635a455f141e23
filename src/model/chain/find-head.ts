import type { CallOptions, Prompt } from '../../types';
import type { ChainHead, HeadStore } from './head-store';

/**
 * The chain head a call continues, as far as the prompt tells: the one its last assistant
 * message names, else the latest of its explicit `conversationId`. (A user-supplied
 * `previousResponseId` is the last key; the model looks it up once the request has validated
 * it.) `namesResponse`: the prompt names a response, so a missing head is an unknown response
 * rather than a new conversation (a fresh conversationId with no history yet is new).
 */
export function findHead(
  heads: HeadStore,
  scope: string,
  options: CallOptions,
  providerOptionsName: string,
): { head: ChainHead | undefined; namesResponse: boolean } {
  const named = findResponseId(options.prompt, providerOptionsName);
  const head =
    heads.get(scope, named) ??
    heads.latestOf(scope, conversationIdOf(options, providerOptionsName));
  return { head, namesResponse: named !== undefined };
}

/**
 * The response id a prompt continues: the AI SDK copies each part's `providerMetadata` into the
 * next prompt as `providerOptions`, and every part this provider emits names its response. The
 * last assistant message is the latest response of the conversation.
 */
function findResponseId(prompt: Prompt, providerOptionsName: string): string | undefined {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message.role !== 'assistant') continue;
    for (let j = message.content.length - 1; j >= 0; j--) {
      const id = message.content[j].providerOptions?.[providerOptionsName]?.responseId;
      if (typeof id === 'string') return id;
    }
    return undefined;
  }
  return undefined;
}

/**
 * `conversationId` as given: the head must be known before the request is built (its converted
 * prefix is reused), and the option is validated then, with every other option.
 */
function conversationIdOf(options: CallOptions, name: string): string | undefined {
  const value = options.providerOptions?.[name]?.conversationId;
  return typeof value === 'string' ? value : undefined;
}
