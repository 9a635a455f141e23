/**
 * ai@7's approvals of function tools (`needsApproval`) against `@ai-sdk/openai` answered with
 * the same events (through-ai.ts): the call stops with a `tool-approval-request`, the app answers
 * it (approved or denied) and calls again; the AI SDK runs or skips the tool and goes on. Every
 * request sends what `@ai-sdk/openai` sends, and the results are the same.
 */
import { generateText, type ModelMessage, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wsMeta } from '../helpers/mock-provider';
import { comparableMetadata, type ModelOf, useThroughAi } from './through-ai';

const { runBoth } = useThroughAi();

/** The AI SDK makes a random approval id on each side: compared as a placeholder. */
function withoutApprovalIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutApprovalIds);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      key === 'approvalId' ? '<approval>' : withoutApprovalIds(entry),
    ]),
  );
}

const guarded = tool({
  inputSchema: z.object({ step: z.number() }),
  needsApproval: true,
  execute: async ({ step }) => `fact ${step}`,
});

describe.each([
  ['stored', {}],
  ['store: false', { openai: { store: false } }],
])('needsApproval (%s)', (_store, providerOptions) => {
  it.each([true, false])('approved: %s', async (approved) => {
    const { ours, theirs } = await runBoth(async (model: ModelOf) => {
      const prompt: ModelMessage[] = [{ role: 'user', content: 'Collect a fact. #tools=1' }];
      const options = { tools: { guarded }, stopWhen: stepCountIs(5), providerOptions };
      const first = await generateText({ model: model(), messages: prompt, ...options });
      const request = first.content.find((part) => part.type === 'tool-approval-request');
      if (request?.type !== 'tool-approval-request')
        throw new Error('expected an approval request');
      const second = await generateText({
        model: model(),
        messages: [
          ...prompt,
          ...first.responseMessages,
          {
            role: 'tool',
            content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved }],
          },
        ],
        ...options,
      });
      return {
        first: comparableMetadata(first.responseMessages),
        second: comparableMetadata(second.responseMessages),
        steps: comparableMetadata(second.steps.map((step) => step.content)),
        modes: second.steps.map((step) => wsMeta(step.providerMetadata)?.inputMode),
      };
    });
    expect(ours.error).toBeUndefined();
    expect(ours.result?.modes).toEqual(['delta']);
    const { modes: _ours, ...oursView } = ours.result ?? {};
    const { modes: _theirs, ...theirsView } = theirs.result ?? {};
    expect(withoutApprovalIds(oursView)).toEqual(withoutApprovalIds(theirsView));
  });
});
