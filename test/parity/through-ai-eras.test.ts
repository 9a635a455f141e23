/**
 * The multi-step differential (through-ai.ts) on ai@5 (the root entry against `@ai-sdk/openai` 2)
 * and ai@6 (`/v3` against 3): a loop with parallel tool calls and a system prompt that
 * `prepareStep` changes, a tool without `execute` that the app answers in the next call, and a
 * retried 429. Every request sends what the era's `@ai-sdk/openai` sends; the results are the
 * same. (ai@7's own cases: the other through-ai-*.test.ts files.)
 */
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai-v6';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wsMeta } from '../helpers/mock-provider';
import { comparableMetadata, type ModelOf, textResult, useThroughAi } from './through-ai';

/** What both ai majors share for these calls (their types differ by spec). */
type Ai = {
  generateText(options: never): Promise<{
    response: { messages: unknown[] };
    steps: Array<{ content: unknown[]; providerMetadata?: unknown }>;
    toolCalls: Array<{ toolCallId: string; toolName: string }>;
    text: string;
  }>;
  tool(options: never): unknown;
  stepCountIs(count: number): unknown;
};

describe.each([
  ['ai@5, the root entry', 'v2', ai5 as unknown as Ai],
  ['ai@6, /v3', 'v3', ai6 as unknown as Ai],
] as const)('%s', (_name, pair, ai) => {
  const { runBoth, state } = useThroughAi(pair);
  const tool = (execute?: (input: { step: number }) => Promise<string>) =>
    ai.tool({ inputSchema: z.object({ step: z.number() }), execute } as never);
  const view = (result: Awaited<ReturnType<Ai['generateText']>> | undefined) =>
    comparableMetadata({
      messages: result?.response.messages,
      steps: result?.steps.map((step: { content: unknown[] }) => step.content),
      text: result?.text,
    });

  it('parallel tool calls, prepareStep changing the system prompt', async () => {
    const lookup = tool(async ({ step }) => `fact ${step}`);
    const other = tool(async ({ step }) => `other ${step}`);
    const { ours, theirs } = await runBoth((model: ModelOf) =>
      ai.generateText({
        model: model(),
        prompt: 'Collect four facts. #tools=4 #parallel=2',
        tools: { lookup, other },
        stopWhen: ai.stepCountIs(5),
        prepareStep: ({ stepNumber }: { stepNumber: number }) =>
          stepNumber >= 1 ? { system: 'Be brief.' } : undefined,
      } as never),
    );
    expect(ours.error).toBeUndefined();
    expect(ours.result?.steps.map((step) => wsMeta(step.providerMetadata).reason)).toEqual([
      'new-conversation',
      'history-changed',
      'continuation',
    ]);
    expect(view(ours.result)).toEqual(view(theirs.result));
  });

  it('a tool without execute, answered in the next call', async () => {
    const ask = tool();
    const { ours, theirs } = await runBoth(async (model: ModelOf) => {
      const prompt = [{ role: 'user', content: 'Ask me once. #tools=1' }];
      const first = await ai.generateText({
        model: model(),
        messages: prompt,
        tools: { ask },
      } as never);
      const call = first.toolCalls[0];
      if (call === undefined) throw new Error('expected a tool call');
      return ai.generateText({
        model: model(),
        messages: [...prompt, ...first.response.messages, textResult(call, 'The answer is 42.')],
        tools: { ask },
      } as never);
    });
    expect(ours.error).toBeUndefined();
    expect(ours.result?.steps.map((step) => wsMeta(step.providerMetadata).inputMode)).toEqual([
      'delta',
    ]);
    expect(view(ours.result)).toEqual(view(theirs.result));
  });

  it('a 429 on the first attempt of step 1, retried', async () => {
    let armed = false;
    const { ours, theirs, requests } = await runBoth((model: ModelOf) => {
      const lookup = tool(async ({ step }) => {
        if (!armed) {
          armed = true;
          state.server.fault({
            type: 'error-event',
            code: 'rate_limit_exceeded',
            headers: { 'retry-after-ms': '0' },
          });
        }
        return `fact ${step}`;
      });
      return ai.generateText({
        model: model(),
        prompt: 'Collect one fact. #tools=1',
        tools: { lookup },
        stopWhen: ai.stepCountIs(5),
      } as never);
    });
    expect(ours.error).toBeUndefined();
    expect(requests.map((record) => record.status)).toEqual(['completed', 'error', 'completed']);
    expect(view(ours.result)).toEqual(view(theirs.result));
  });
});
