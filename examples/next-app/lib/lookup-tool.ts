import { tool } from 'ai';
import { z } from 'zod';

/**
 * A cheap, deterministic tool so that every turn has several tool steps. Its output is padded on
 * purpose: the longer the history, the more a full resend costs and the more a delta saves.
 */
export const lookup = tool({
  description: 'Looks up one fact. Call it once per step, with an increasing step number.',
  inputSchema: z.object({ step: z.number().describe('1 for the first fact, then 2, 3, ...') }),
  execute: async ({ step }) => ({
    step,
    fact: `Fact ${step}: a reused WebSocket sends only the new items of a conversation.`,
    source: 'ai-sdk-openai-ws example knowledge base',
  }),
});

export const INSTRUCTIONS =
  'You are a research assistant. Use the lookup tool once per step as often as the user asks, ' +
  'then answer in one short sentence.';
