/**
 * ai@7's `streamRetries` against `@ai-sdk/openai` answered with the same events (through-ai.ts):
 * a server error after a step's output began ends that attempt with an error part; the AI SDK
 * cancels the step's stream and calls the model again with the same prompt. The retry sends what
 * `@ai-sdk/openai`'s sends, and the result is the same.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wsMeta } from '../helpers/mock-provider';
import { messageStarted } from './hand-made-streams';
import { comparableMetadata, type ModelOf, useThroughAi } from './through-ai';

const lanesOff = useThroughAi();
const lanesOn = useThroughAi('v4', { pool: { lanes: 4 } });

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `fact ${step}`,
});

/** A replay file: a message whose output began, then a server error. */
function brokenStep(): string {
  const events = [
    ...messageStarted('Half an ans'),
    {
      type: 'error',
      error: { type: 'server_error', code: 'server_error', message: 'Boom.', param: null },
    },
  ];
  const file = join(mkdtempSync(join(tmpdir(), 'stream-retries-')), 'broken.chunks.txt');
  const lines = events.map((event, i) => JSON.stringify({ ...event, sequence_number: i }));
  writeFileSync(file, lines.join('\n'));
  return file;
}

describe.each([
  ['stored, lanes off', {}, lanesOff],
  ['store: false, lanes off', { openai: { store: false } }, lanesOff],
  ['stored, lanes on', {}, lanesOn],
  ['store: false, lanes on', { openai: { store: false } }, lanesOn],
] as const)('streamRetries (%s)', (_case, providerOptions, { runBoth }) => {
  it('an error after output in step 1: the retry sends what @ai-sdk/openai sends', async () => {
    const broken = brokenStep();
    const { ours, theirs, requests } = await runBoth(
      async (model: ModelOf) => {
        const errors: string[] = [];
        const result = streamText({
          model: model(),
          prompt: 'Collect a fact, then answer.',
          tools: { lookup },
          stopWhen: stepCountIs(5),
          streamRetries: 1,
          providerOptions,
          onError: ({ error }) => void errors.push((error as Error).message),
        });
        await result.consumeStream();
        const steps = await result.steps;
        return {
          errors,
          text: await result.text,
          steps: comparableMetadata(steps.map((step) => step.content)),
          modes: steps.map((step) => wsMeta(step.providerMetadata)?.reason),
          messages: comparableMetadata(await result.responseMessages),
        };
      },
      (server) =>
        server.enqueue(
          { toolCalls: [{ name: 'lookup', arguments: { step: 1 } }] },
          { replay: broken },
          { text: 'The whole answer.' },
        ),
    );
    expect(ours.error).toBeUndefined();
    expect(requests).toHaveLength(3);
    expect(ours.result?.text).toBe('The whole answer.');
    // The broken response is no chain head: the retry continues step 0 (from the store), or
    // with store: false, whose socket closed on the error, sends everything.
    expect(ours.result?.modes).toEqual([
      'new-conversation',
      'openai' in providerOptions ? 'socket-replaced' : 'continuation-from-store',
    ]);
    const { modes: _modes, ...comparable } = ours.result ?? {};
    const { modes: _theirModes, ...theirComparable } = theirs.result ?? {};
    expect(comparable).toEqual(theirComparable);
  });
});
