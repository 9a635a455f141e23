/**
 * Stream-level features through ai@7, against `@ai-sdk/openai` answered with the same events
 * (through-ai.ts): `experimental_transform` (`smoothStream`), structured output
 * (`Output.object`, `Output.array`) together with tools, and `includeRawChunks`. The full
 * streams are the same part for part, less what differs by transport (each step's request body,
 * a delta after the first step, and its response headers).
 */
import { generateText, Output, smoothStream, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { comparableMetadata, type ModelOf, useThroughAi } from './through-ai';

const { runBoth } = useThroughAi();

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `fact ${step}`,
});

type Part = Record<string, unknown> & { type: string };

/**
 * A stream part as compared: without the step's request and response (see above) and the AI
 * SDK's timings (`performance`).
 */
function partView(part: Part): unknown {
  const { request: _request, response: _response, performance: _performance, ...rest } = part;
  return comparableMetadata(rest);
}

async function fullStream(result: { fullStream: AsyncIterable<unknown> }): Promise<Part[]> {
  const parts: Part[] = [];
  for await (const part of result.fullStream) parts.push(part as Part);
  return parts;
}

describe('streamText features', () => {
  it('smoothStream: the same parts, re-chunked alike', async () => {
    const { ours, theirs } = await runBoth(async (model: ModelOf) => {
      const result = streamText({
        model: model(),
        prompt: 'Collect a fact, then say a few words about it. #tools=1',
        tools: { lookup },
        stopWhen: stepCountIs(5),
        experimental_transform: smoothStream({ delayInMs: null, chunking: 'word' }),
      });
      return (await fullStream(result)).map(partView);
    });
    expect(
      ours.result?.filter((part) => (part as Part).type === 'text-delta').length,
    ).toBeGreaterThan(1);
    expect(ours.result).toEqual(theirs.result);
  });

  it('includeRawChunks: the same raw events', async () => {
    const { ours, theirs } = await runBoth(async (model: ModelOf) => {
      const result = streamText({
        model: model(),
        prompt: 'Collect a fact. #tools=1',
        tools: { lookup },
        stopWhen: stepCountIs(5),
        includeRawChunks: true,
      });
      return (await fullStream(result)).map(partView);
    });
    const raw = ours.result?.filter((part) => (part as Part).type === 'raw') ?? [];
    expect(raw.length).toBeGreaterThan(10);
    expect(ours.result).toEqual(theirs.result);
  });
});

describe.each(['generate', 'stream'] as const)('structured output with tools (%sText)', (kind) => {
  const outputs = [
    [
      'Output.object',
      Output.object({ schema: z.object({ fact: z.string(), count: z.number() }) }),
      { fact: 'fact 1', count: 1 },
    ],
    [
      'Output.array',
      Output.array({ element: z.object({ fact: z.string() }) }),
      { elements: [{ fact: 'fact 1' }] },
    ],
  ] as const;

  it.each(outputs)('%s', async (_name, output, answer) => {
    const { ours, theirs, requests } = await runBoth(
      async (model: ModelOf) => {
        const options = {
          model: model(),
          prompt: 'Collect a fact, then report it.',
          tools: { lookup },
          stopWhen: stepCountIs(5),
          output,
        };
        if (kind === 'generate') {
          const result = await generateText(options);
          return {
            output: result.output,
            steps: comparableMetadata(result.steps.map((s) => s.content)),
          };
        }
        const result = streamText(options);
        const parts = (await fullStream(result)).map(partView);
        return { output: await result.output, parts };
      },
      (server) =>
        server.enqueue(
          { toolCalls: [{ name: 'lookup', arguments: { step: 1 } }] },
          { text: JSON.stringify(answer) },
        ),
    );
    // The text format goes with every step, the step after the tool call a delta.
    expect(
      requests.map((record) => (record.body.text as { format?: { type?: string } })?.format?.type),
    ).toEqual(['json_schema', 'json_schema']);
    expect(requests[1]?.previousResponseId).toBe(requests[0]?.responseId);
    expect(ours.error).toBeUndefined();
    expect(ours.result?.output).toBeDefined();
    expect(ours.result).toEqual(theirs.result);
  });
});
