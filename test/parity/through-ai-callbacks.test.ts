/**
 * Abort between steps and the call-level callbacks through ai@7, against `@ai-sdk/openai`
 * answered with the same events (through-ai.ts): an `abortSignal` fired while a tool executes,
 * what `onAbort` and `onFinish` receive, and the next call of the conversation after the abort.
 */
import { generateText, type ModelMessage, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wsMeta } from '../helpers/mock-provider';
import { comparableMetadata, type ModelOf, useThroughAi } from './through-ai';

const { runBoth } = useThroughAi();

/** A tool that aborts the call while it executes, on its first call. */
function abortingTool(controller: AbortController) {
  return tool({
    inputSchema: z.object({ step: z.number() }),
    execute: async ({ step }) => {
      controller.abort();
      return `fact ${step}`;
    },
  });
}

/** The parts of a step a caller reads, without this package's own metadata. */
const stepView = (
  steps: ReadonlyArray<{ content: unknown; finishReason: unknown; usage: unknown }>,
) =>
  comparableMetadata(
    steps.map(({ content, finishReason, usage }) => ({ content, finishReason, usage })),
  );

describe('abortSignal while a tool executes between steps', () => {
  it('streamText: onAbort gets the same steps, and the stream ends as there', async () => {
    const { ours, theirs, requests } = await runBoth(async (model: ModelOf) => {
      const controller = new AbortController();
      const seen: { aborted?: unknown; finished: boolean; errors: unknown[] } = {
        finished: false,
        errors: [],
      };
      const result = streamText({
        model: model(),
        prompt: 'Collect three facts. #tools=3',
        tools: { lookup: abortingTool(controller) },
        stopWhen: stepCountIs(5),
        abortSignal: controller.signal,
        onAbort: ({ steps }) => {
          seen.aborted = stepView(steps);
        },
        onFinish: () => {
          seen.finished = true;
        },
        onError: ({ error }) => void seen.errors.push((error as Error).name),
      });
      const parts: string[] = [];
      for await (const part of result.fullStream) parts.push(part.type);
      return { ...seen, parts };
    });
    // Step 0 ran; the abort came before step 1 was sent.
    expect(requests).toHaveLength(1);
    expect(ours.result?.aborted).toBeDefined();
    expect(ours.result).toEqual(theirs.result);
  });

  it('generateText: the same rejection, and the conversation goes on as there', async () => {
    const { ours, theirs, requests } = await runBoth(async (model: ModelOf) => {
      const controller = new AbortController();
      const prompt: ModelMessage[] = [{ role: 'user', content: 'Collect a fact. #tools=1' }];
      const aborted = await generateText({
        model: model(),
        messages: prompt,
        tools: { lookup: abortingTool(controller) },
        stopWhen: stepCountIs(5),
        abortSignal: controller.signal,
      }).then(
        () => undefined,
        (error: Error) => ({ name: error.name, message: error.message }),
      );
      // The app retries the turn with the same prompt, without the abort.
      const lookup = tool({
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }) => `fact ${step}`,
      });
      const again = await generateText({
        model: model(),
        messages: prompt,
        tools: { lookup },
        stopWhen: stepCountIs(5),
      });
      return {
        aborted,
        steps: stepView(again.steps),
        modes: again.steps.map((step) => step.providerMetadata),
      };
    });
    expect(ours.result?.aborted).toEqual(theirs.result?.aborted);
    expect(ours.result?.aborted).toMatchObject({ name: 'AbortError' });
    expect(ours.result?.steps).toEqual(theirs.result?.steps);
    expect(requests).toHaveLength(3);
    // A regenerated first step is full; the step after it continues it.
    expect(ours.result?.modes.map((metadata) => wsMeta(metadata).inputMode)).toEqual([
      'full',
      'delta',
    ]);
  });
});

describe('onFinish', () => {
  const lookup = tool({
    inputSchema: z.object({ step: z.number() }),
    execute: async ({ step }) => `fact ${step}`,
  });

  /** What onFinish receives that a caller compares: everything but the transport's own. */
  function finishView(event: Record<string, unknown>) {
    const { steps, totalUsage, usage, finishReason, text, responseMessages, warnings } =
      event as Record<string, never>;
    return comparableMetadata({
      steps: stepView(steps),
      totalUsage,
      usage,
      finishReason,
      text,
      responseMessages,
      warnings,
      providerMetadata: (event as { providerMetadata?: unknown }).providerMetadata,
    });
  }

  it.each(['generate', 'stream'] as const)('%sText: the same event', async (kind) => {
    const { ours, theirs } = await runBoth(async (model: ModelOf) => {
      let finished: unknown;
      const options = {
        model: model(),
        prompt: 'Collect two facts. #tools=2',
        tools: { lookup },
        stopWhen: stepCountIs(5),
        onFinish: (event: Record<string, unknown>) => {
          finished = finishView(event);
        },
      };
      if (kind === 'generate') await generateText(options as never);
      else await streamText(options as never).consumeStream();
      return finished;
    });
    expect(ours.result).toBeDefined();
    expect(ours.result).toEqual(theirs.result);
  });
});
