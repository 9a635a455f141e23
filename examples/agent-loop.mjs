// An agent tool loop: each step after the first sends only the new tool output.
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { describeStep, setup } from './_setup.mjs';

const { provider, modelId, mock, close } = await setup();
try {
  const lookup = tool({
    description: 'Returns a fact for a step number',
    inputSchema: z.object({ step: z.number() }),
    execute: async ({ step }) => ({ step, fact: `fact number ${step}`.repeat(20) }),
  });
  const result = await generateText({
    model: provider(modelId),
    system: 'You are a research agent. Use the lookup tool once per step, then summarise.',
    // The mock's default rule reads "#tools=N": N tool calls, then a final answer.
    prompt: `Collect five facts with the lookup tool, one call at a time.${mock ? ' #tools=5' : ''}`,
    tools: { lookup },
    stopWhen: stepCountIs(10),
  });
  for (const [i, step] of result.steps.entries())
    console.log(describeStep(i + 1, step.providerMetadata));
  console.log(`\n${result.text}`);
} finally {
  await close();
}
