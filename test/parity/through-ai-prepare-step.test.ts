/**
 * `prepareStep` that changes a step's settings, through ai@7 against `@ai-sdk/openai` answered
 * with the same events (through-ai.ts): every step sends what `@ai-sdk/openai` sends (checked by
 * `runBoth`), the step whose settings changed goes out in full, and the step after it, under the
 * same settings again, continues it by delta. The results are the same as `@ai-sdk/openai`'s.
 */
import { generateText, type PrepareStepFunction, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wsMeta } from '../helpers/mock-provider';
import { comparableMetadata, type ModelOf, useThroughAi } from './through-ai';

const { runBoth } = useThroughAi();

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `fact ${step}`,
});
const other = tool({
  description: 'Another tool',
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `other ${step}`,
});
const tools = { lookup, other };

type Case = [string, PrepareStepFunction<typeof tools>, string];

/** What steps 1 and 2 change (from step 0's), and how step 1 goes out. */
const changes = (model: ModelOf): Case[] => [
  ['the system prompt', () => ({ system: 'Be brief.' }), 'history-changed'],
  ['the instructions', () => ({ instructions: 'Be brief.' }), 'history-changed'],
  // Settings that shape only the next response: a delta, the server's context the same.
  [
    'the instructions option',
    () => ({ providerOptions: { openai: { instructions: 'Be brief.' } } }),
    'continuation',
  ],
  ['activeTools', () => ({ activeTools: ['lookup'] }), 'continuation'],
  ['toolOrder', () => ({ toolOrder: ['other', 'lookup'] }), 'continuation'],
  ['toolChoice', () => ({ toolChoice: { type: 'tool', toolName: 'lookup' } }), 'continuation'],
  [
    'providerOptions',
    () => ({ providerOptions: { openai: { parallelToolCalls: false } } }),
    'continuation',
  ],
  // The model that reads the context: in full.
  ['the model', () => ({ model: model('gpt-4.1') }), 'settings-changed'],
  [
    'how the server may shorten the context',
    () => ({ providerOptions: { openai: { truncation: 'auto' } } }),
    'settings-changed',
  ],
  [
    'the messages',
    ({ messages, stepNumber }) => ({
      messages: [...messages, { role: 'user', content: `Step ${stepNumber}: go on. #tools=1` }],
    }),
    // ai@7 keeps the messages prepareStep returns for the later steps: the prompt still extends
    // what the server holds, the new message is new input.
    'continuation',
  ],
];

/**
 * Three steps, each with a tool call; `prepare` applies from step 1 on (or to step 1 only, or
 * from step 0 on).
 */
function loop(
  model: ModelOf,
  prepare: Case[1],
  kind: 'generate' | 'stream',
  only = false,
  fromStart = false,
) {
  const options = {
    model: model(),
    prompt: 'Collect facts. #tools=3',
    tools,
    stopWhen: stepCountIs(3),
    prepareStep: ((options) =>
      (fromStart && options.stepNumber === 0) ||
      options.stepNumber === 1 ||
      (!only && options.stepNumber > 1)
        ? prepare(options)
        : undefined) as typeof prepare,
  };
  if (kind === 'generate') return generateText(options);
  const result = streamText(options);
  return result.consumeStream().then(async () => ({
    steps: await result.steps,
    responseMessages: await result.responseMessages,
    text: await result.text,
  }));
}

describe.each(['generate', 'stream'] as const)('prepareStep through %sText', (kind) => {
  const names = changes(() => undefined as never).map(([name], index) => [name, index] as const);

  it.each(names)('that changes %s', async (_name, index) => {
    const { ours, theirs } = await runBoth((model) => {
      const [, prepare] = changes(model)[index] as Case;
      return loop(model, prepare, kind);
    });
    expect(ours.error).toBeUndefined();
    const reason = (changes(() => undefined as never)[index] as Case)[2];
    const steps = ours.result?.steps ?? [];
    expect(steps.map((step) => wsMeta(step.providerMetadata).reason)).toEqual([
      'new-conversation',
      reason,
      'continuation',
    ]);
    expect(comparableMetadata(ours.result?.responseMessages)).toEqual(
      comparableMetadata(theirs.result?.responseMessages),
    );
    expect(ours.result?.text).toBe(theirs.result?.text);
  });

  it.each(names)(
    'that changes %s for step 1 only: step 2 sends what @ai-sdk/openai sends',
    async (_name, index) => {
      const { ours, theirs, requests } = await runBoth((model) => {
        const [, prepare] = changes(model)[index] as Case;
        return loop(model, prepare, kind, true);
      });
      expect(ours.error).toBeUndefined();
      expect(requests).toHaveLength(3);
      expect(comparableMetadata(ours.result?.responseMessages)).toEqual(
        comparableMetadata(theirs.result?.responseMessages),
      );
    },
  );

  it('the instructions option on every step: each delta carries it, as the server needs', async () => {
    const { ours, requests } = await runBoth((model) =>
      loop(
        model,
        () => ({ providerOptions: { openai: { instructions: 'Be brief.' } } }),
        kind,
        false,
        true,
      ),
    );
    expect(ours.result?.steps.map((step) => wsMeta(step.providerMetadata).inputMode)).toEqual([
      'full',
      'delta',
      'delta',
    ]);
    expect(requests.map((record) => record.body.instructions)).toEqual(Array(3).fill('Be brief.'));
  });

  it('that returns nothing: every step after the first is a delta', async () => {
    const { ours, theirs } = await runBoth((model) => loop(model, () => undefined, kind));
    expect(ours.result?.steps.map((step) => wsMeta(step.providerMetadata).inputMode)).toEqual([
      'full',
      'delta',
      'delta',
    ]);
    expect(comparableMetadata(ours.result?.responseMessages)).toEqual(
      comparableMetadata(theirs.result?.responseMessages),
    );
  });
});
