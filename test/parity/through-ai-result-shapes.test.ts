/**
 * What a multi-step result holds, through ai@7's `generateText` and `streamText`, against
 * `@ai-sdk/openai` answered with the same events (through-ai.ts): each step's request body (its
 * settings; the input differs where ours is a delta), provider metadata, warnings and usage, and
 * the response messages.
 */
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  comparableMetadata,
  type Json,
  type ModelOf,
  settingsOf,
  useThroughAi,
} from './through-ai';

const { runBoth } = useThroughAi();

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `fact ${step}`,
});

type Step = {
  request: { body?: unknown };
  providerMetadata: unknown;
  warnings: unknown;
  usage: unknown;
  finishReason: unknown;
};

const bodyOf = (step: Step) =>
  (typeof step.request.body === 'string'
    ? JSON.parse(step.request.body)
    : step.request.body) as Json;

describe.each(['generate', 'stream'] as const)('%sText', (kind) => {
  it('a three-step loop with warned settings: the same steps', async () => {
    const { ours, theirs } = await runBoth(async (model: ModelOf) => {
      const options = {
        model: model(),
        prompt: 'Collect two facts. #tools=2',
        tools: { lookup },
        stopWhen: stepCountIs(5),
        include: { requestBody: true },
        topK: 3,
        seed: 7,
        temperature: 0.2,
        providerOptions: { openai: { user: 'user-1', metadata: { run: 'one' } } },
      };
      if (kind === 'generate') {
        const result = await generateText(options);
        return { steps: result.steps as unknown as Step[], messages: result.responseMessages };
      }
      const result = streamText(options);
      await result.consumeStream();
      return {
        steps: (await result.steps) as unknown as Step[],
        messages: await result.responseMessages,
      };
    });
    const view = (steps: Step[] | undefined) =>
      steps?.map((step) => ({
        settings: settingsOf(bodyOf(step)),
        providerMetadata: comparableMetadata({ providerMetadata: step.providerMetadata }),
        warnings: step.warnings,
        usage: step.usage,
        finishReason: step.finishReason,
      }));
    expect(ours.result?.steps).toHaveLength(3);
    expect(ours.result?.steps[0]?.warnings).not.toEqual([]);
    expect(view(ours.result?.steps)).toEqual(view(theirs.result?.steps));
    expect(comparableMetadata(ours.result?.messages)).toEqual(
      comparableMetadata(theirs.result?.messages),
    );
  });
});
