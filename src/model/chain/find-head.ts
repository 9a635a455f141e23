import type { Prompt } from '../../types';

/**
 * The response id a prompt continues: the AI SDK copies each part's `providerMetadata` into the
 * next prompt as `providerOptions`, and every part this provider emits names its response. The
 * last assistant message is the latest response of the conversation.
 */
export function findResponseId(prompt: Prompt, providerOptionsName: string): string | undefined {
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
