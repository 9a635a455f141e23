/**
 * Responses whose output holds an empty message (next to tool calls, or as the answer after
 * reasoning), through every cell of the matrix. ai@5 and ai@6 leave the empty text part out of
 * the assistant message they build for the next prompt; ai@7 keeps it. Either way the next step
 * continues by delta, and the next turn on another instance by delta from the store, repeating
 * nothing the server holds.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MOCK_API_KEY } from '../../src/testing';
import { partMetadata } from '../helpers/instances';
import { inputTypes, wsMeta } from '../helpers/mock-provider';
import { AI5, AI6, AI7, type AiMajor, type GenerateResult } from './ai-majors';
import { type Entry, type EntryProvider, ROOT, V3, V4 } from './entries';
import { useMatrixServer } from './matrix-server';
import { webSocketSetting } from './web-socket-setting';

const CALLS = ['generateText', 'streamText'] as const;

function defineEmptyMessageSuite(major: AiMajor, entry: Entry) {
  const { ai } = major;

  describe(`empty messages: ai@${major.major} × ${entry.path}`, () => {
    const env = useMatrixServer();

    /** Two instances of an app: pools and chain heads of their own. */
    async function onTwoInstances(use: (a: EntryProvider, b: EntryProvider) => Promise<void>) {
      const instance = (maxSockets: number) =>
        entry.createProvider({
          apiKey: MOCK_API_KEY,
          baseURL: env.server.url,
          webSocket: webSocketSetting().webSocket,
          pool: { maxSockets },
        });
      const [a, b] = [instance(61), instance(62)];
      try {
        await use(a, b);
      } finally {
        await a.close();
        await b.close();
      }
    }

    /** One call through `call`, and what an app keeps of it. */
    async function run(call: (typeof CALLS)[number], options: Record<string, unknown>) {
      if (call === 'generateText') {
        const result = await ai.generateText(options);
        const messages = await major.responseMessages(result);
        return { text: result.text, steps: result.steps, messages };
      }
      const result = ai.streamText(options);
      const steps = (await result.steps) as GenerateResult['steps'];
      return { text: await result.text, steps, messages: await major.responseMessages(result) };
    }

    const lookup = ai.tool({
      inputSchema: z.object({ step: z.number() }),
      execute: async ({ step }: { step: number }) => `result ${step}`,
    });

    const reasons = (steps: GenerateResult['steps']) =>
      steps.map((step) => {
        const meta = wsMeta(step.providerMetadata);
        return [meta.inputMode, meta.reason];
      });

    // A schema default the model leaves out: the AI SDK hands the input back with it filled in.
    const lookupWithDefault = ai.tool({
      inputSchema: z.object({ step: z.number(), limit: z.number().default(5) }),
      execute: async ({ step, limit }: { step: number; limit: number }) => `${limit}: ${step}`,
    });

    it.each(
      CALLS.flatMap((call) => [
        { call, name: 'a tool', lookup },
        { call, name: 'a tool with a schema default', lookup: lookupWithDefault },
      ]),
    )(
      '$call: tool calls ($name) next to empty messages, then the next turn elsewhere',
      async ({ call, lookup }) => {
        env.server.enqueue(
          { text: '', toolCalls: [{ name: 'lookup', arguments: { step: 1 } }] },
          { text: '', toolCalls: [{ name: 'lookup', arguments: { step: 2 } }] },
          { text: 'Done.' },
        );
        await onTwoInstances(async (a, b) => {
          const options = { tools: { lookup }, stopWhen: ai.stepCountIs(5) };
          const messages: unknown[] = [{ role: 'user', content: 'Look it up.' }];
          const one = await run(call, { model: a('gpt-4.1-mini'), messages, ...options });
          expect(one.text).toBe('Done.');
          expect(reasons(one.steps)).toEqual([
            ['full', 'new-conversation'],
            ['delta', 'continuation'],
            ['delta', 'continuation'],
          ]);
          messages.push(...one.messages, { role: 'user', content: 'Thanks' });
          const two = await run(call, { model: b('gpt-4.1-mini'), messages, ...options });
          expect(two.text).toBe('Echo: Thanks');
          expect(reasons(two.steps)).toEqual([['delta', 'continuation-from-store']]);
        });

        const records = env.server.requests;
        expect(records).toHaveLength(4);
        expect(records.slice(1).map((r) => r.previousResponseId)).toEqual(
          records.slice(0, -1).map((r) => r.responseId),
        );
        expect(records.slice(1).map(inputTypes)).toEqual([
          ['function_call_output'],
          ['function_call_output'],
          ['message:user'],
        ]);
        for (const record of records) expect(record.duplicates).toEqual([]);
      },
    );

    it('an app that drops the metadata continues by conversationId', async () => {
      // With reasoning, which converts otherwise without its item id: only the plain form fits.
      env.server.enqueue({
        reasoning: { summary: 'Looking.' },
        text: '',
        toolCalls: [{ name: 'lookup', arguments: { step: 1 } }],
      });
      await onTwoInstances(async (a) => {
        const options = {
          model: a('gpt-4.1-mini'),
          tools: { lookup },
          providerOptions: { openai: { conversationId: 'chat-1' } },
        };
        const messages: unknown[] = [{ role: 'user', content: 'Look it up.' }];
        // One step: the app runs the tool, and keeps the messages without their metadata.
        const one = await run('generateText', { ...options, messages });
        const strip = (key: string, value: unknown) =>
          key === 'providerOptions' ? undefined : value;
        messages.push(...JSON.parse(JSON.stringify(one.messages, strip)));
        const two = await run('generateText', { ...options, messages });
        expect(reasons(two.steps)).toEqual([['delta', 'continuation']]);
      });
      const [first, second] = env.server.requests;
      expect(second.previousResponseId).toBe(first.responseId);
      expect(inputTypes(second)).toEqual(['function_call_output']);
      expect(second.duplicates).toEqual([]);
    });

    it.each(CALLS)(
      '%s: an empty answer after reasoning, then the next turn elsewhere',
      async (call) => {
        env.server.enqueue({ text: '', reasoning: { summary: 'Nothing to add.' } });
        await onTwoInstances(async (a, b) => {
          const messages: unknown[] = [{ role: 'user', content: 'Anything else?' }];
          const one = await run(call, { model: a('gpt-5'), messages });
          expect(one.text).toBe('');
          messages.push(...one.messages);
          // The digest is on a part the history keeps: the reasoning, not the empty text.
          expect(partMetadata(messages as never).filter((m) => 'chainDigest' in m)).toHaveLength(1);
          messages.push({ role: 'user', content: 'Thanks' });
          const two = await run(call, { model: b('gpt-5'), messages });
          expect(two.text).toBe('Echo: Thanks');
          expect(reasons(two.steps)).toEqual([['delta', 'continuation-from-store']]);
        });

        const [first, second] = env.server.requests;
        expect(second.previousResponseId).toBe(first.responseId);
        expect(inputTypes(second)).toEqual(['message:user']);
        expect(second.duplicates).toEqual([]);
      },
    );
  });
}

defineEmptyMessageSuite(AI5, ROOT);
defineEmptyMessageSuite(AI6, ROOT);
defineEmptyMessageSuite(AI6, V3);
defineEmptyMessageSuite(AI7, ROOT);
defineEmptyMessageSuite(AI7, V3);
defineEmptyMessageSuite(AI7, V4);
