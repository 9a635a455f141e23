/**
 * Multi-step loops through ai@7 against `@ai-sdk/openai` answered with the same events
 * (through-ai.ts): parallel tool calls, a tool that throws (a `tool-error` result), a tool
 * without `execute` (the loop stops, the app adds the result and calls again) and
 * `experimental_repairToolCall`. Every request sends what `@ai-sdk/openai` sends (`runBoth`), and
 * the results are the same.
 */
import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wsMeta } from '../helpers/mock-provider';
import { comparableMetadata, type ModelOf, textResult, useThroughAi } from './through-ai';

const { runBoth } = useThroughAi();

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `fact ${step}`,
});
const other = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `other ${step}`,
});

const storeModes = [
  ['stored', {}],
  ['store: false', { openai: { store: false } }],
] as const;

/** What the loops read of a result (any tool set). */
type Result = {
  responseMessages: unknown;
  steps: ReadonlyArray<{
    content: ReadonlyArray<{ type: string }>;
    finishReason: unknown;
    providerMetadata: unknown;
    toolCalls: ReadonlyArray<unknown>;
    toolResults: ReadonlyArray<{ output: unknown }>;
  }>;
};

function expectSameResults(ours: Result | undefined, theirs: Result | undefined) {
  expect(ours).toBeDefined();
  expect(comparableMetadata(ours?.responseMessages)).toEqual(
    comparableMetadata(theirs?.responseMessages),
  );
  expect(comparableMetadata(ours?.steps.map((step) => step.content))).toEqual(
    comparableMetadata(theirs?.steps.map((step) => step.content)),
  );
  expect(ours?.steps.map((step) => step.finishReason)).toEqual(
    theirs?.steps.map((step) => step.finishReason),
  );
}

const inputModes = (result: Result | undefined) =>
  result?.steps.map((step) => wsMeta(step.providerMetadata).inputMode);

describe.each(storeModes)('multi-step loops (%s)', (_name, providerOptions) => {
  it('parallel tool calls', async () => {
    const { ours, theirs } = await runBoth((model) =>
      generateText({
        model: model(),
        prompt: 'Collect four facts. #tools=4 #parallel=2',
        tools: { lookup, other },
        stopWhen: stepCountIs(5),
        providerOptions,
      }),
    );
    expectSameResults(ours.result, theirs.result);
    expect(ours.result?.steps.map((step) => step.toolCalls.length)).toEqual([2, 2, 0]);
    expect(inputModes(ours.result)).toEqual(['full', 'delta', 'delta']);
  });

  it('a tool that throws: the tool-error result goes back as @ai-sdk/openai sends it', async () => {
    const failing = tool({
      inputSchema: z.object({ step: z.number() }),
      execute: async ({ step }) => {
        if (step === 1) throw new Error('The lookup service is down.');
        return `fact ${step}`;
      },
    });
    const { ours, theirs } = await runBoth((model) =>
      generateText({
        model: model(),
        prompt: 'Collect two facts. #tools=2',
        tools: { failing },
        stopWhen: stepCountIs(5),
        providerOptions,
      }),
    );
    expectSameResults(ours.result, theirs.result);
    expect(ours.result?.steps[0]?.content.map((part) => part.type)).toContain('tool-error');
    expect(inputModes(ours.result)).toEqual(['full', 'delta', 'delta']);
  });

  it('a tool without execute: the app adds the result and calls again', async () => {
    const ask = tool({ inputSchema: z.object({ step: z.number() }) });
    const { ours, theirs } = await runBoth(async (model: ModelOf) => {
      const prompt: ModelMessage[] = [{ role: 'user', content: 'Ask me once. #tools=1' }];
      const first = await generateText({
        model: model(),
        messages: prompt,
        tools: { ask },
        stopWhen: stepCountIs(5),
        providerOptions,
      });
      const call = first.toolCalls[0];
      if (call === undefined) throw new Error('expected a tool call');
      const second = await generateText({
        model: model(),
        messages: [...prompt, ...first.responseMessages, textResult(call, 'The answer is 42.')],
        tools: { ask },
        providerOptions,
      });
      return { first, second };
    });
    expect(ours.error).toBeUndefined();
    expect(ours.result?.first.steps).toHaveLength(1);
    expectSameResults(ours.result?.second, theirs.result?.second);
    expect(inputModes(ours.result?.second)).toEqual(['delta']);
  });

  it.each([
    ['an invalid input', { name: 'lookup', arguments: { step: 'one' } }],
    ['an unknown tool', { name: 'lookp', arguments: { step: 1 } }],
  ])('experimental_repairToolCall that repairs %s', async (_case, badCall) => {
    const { ours, theirs } = await runBoth(
      (model) =>
        generateText({
          model: model(),
          prompt: 'Collect one fact.',
          tools: { lookup },
          stopWhen: stepCountIs(5),
          providerOptions,
          experimental_repairToolCall: async ({ toolCall }) => ({
            ...toolCall,
            toolName: 'lookup',
            input: JSON.stringify({ step: 1 }),
          }),
        }),
      (server) => server.enqueue({ toolCalls: [badCall] }, { text: 'Fact one it is.' }),
    );
    expectSameResults(ours.result, theirs.result);
    // The prompt carries the repaired call, the server holds the model's: full input.
    expect(ours.result?.steps.map((step) => wsMeta(step.providerMetadata).reason)).toEqual([
      'new-conversation',
      'history-changed',
    ]);
    expect(ours.result?.steps[0]?.toolResults.map((result) => result.output)).toEqual(['fact 1']);
  });
});
