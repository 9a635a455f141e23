import type { ModelMessage } from 'ai';
import { expect } from 'vitest';
import type { MockRequestRecord, MockResponsesServer } from '../../../src/testing';
import { userTexts } from '../../helpers/instances';
import { type Conversation, expectedText, type Outcome } from './run-call';

function userTextsOf(messages: ModelMessage[]): string[] {
  return messages.flatMap((m) =>
    m.role === 'user' && typeof m.content === 'string' ? [m.content] : [],
  );
}

/** How many items of `type` a request's context holds. */
function countOf(record: MockRequestRecord, type: string): number {
  return (record.context as Array<{ type?: string }>).filter((item) => item.type === type).length;
}

/**
 * What is wrong with a completed call: an answer that is not the mock's to this very prompt, or
 * a response whose model ran on another history than the conversation's (an item lost, one of
 * another conversation, a tool call without its output).
 */
export function problemsOf(
  server: MockResponsesServer,
  conversation: Conversation,
  text: string,
  outcome: Extract<Outcome, { kind: 'completed' }>,
): string[] {
  const problems: string[] = [];
  const expected = expectedText(conversation, text);
  if (outcome.text !== expected) problems.push(`${text} answered ${JSON.stringify(outcome.text)}`);
  const history = [...userTextsOf(conversation.messages), text].join(' | ');
  for (const id of outcome.responseIds) {
    const record = server.requests.find((r) => r.responseId === id);
    if (!record) {
      problems.push(`${text}: the server made no ${id}`);
      continue;
    }
    const ran = userTexts(record).join(' | ');
    if (ran !== history) problems.push(`${text}: ${id} ran on ${JSON.stringify(ran)}`);
    const calls = countOf(record, 'function_call');
    const outputs = countOf(record, 'function_call_output');
    if (calls !== outputs)
      problems.push(`${text}: ${id} ran on ${calls} calls, ${outputs} outputs`);
  }
  return problems;
}

/** Referenced timers of the process (an unreferenced one keeps nothing alive). */
export const timers = () =>
  process.getActiveResourcesInfo().filter((type) => type === 'Timeout').length;

/**
 * Waits (turns of the event loop, not a timer of its own, which would count) until no more
 * timers are active than `before`; fails after a second.
 */
export async function untilNoTimersBeyond(before: number, where: string): Promise<void> {
  const deadline = Date.now() + 1_000;
  while (timers() > before) {
    if (Date.now() > deadline)
      expect(timers(), `${where}: timers left`).toBeLessThanOrEqual(before);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The call's outcome, or 'hung' if it has not settled within `ms`. */
export function within(call: Promise<Outcome>, ms: number): Promise<Outcome | 'hung'> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), ms);
  });
  return Promise.race([call, bound]).finally(() => clearTimeout(timer));
}
