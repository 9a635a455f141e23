// An agent tool loop in one generateText call: every step after the first sends only the new
// tool output, with previous_response_id, on the same socket.
//   node examples/agent-loop.mjs
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { runWhenMain } from './_setup.mjs';

// A tool result about the size of a short page of search results (~1 KB), as agents get them.
const lookup = tool({
  description: 'Looks up facts about WebSockets; returns search results for a step number',
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => ({
    step,
    results: [1, 2, 3, 4, 5].map((rank) => ({
      title: `Result ${rank} for step ${step}`,
      snippet:
        'A persistent socket keeps the conversation on the server, so a step uploads only what is new.',
    })),
  }),
});

/** Runs the loop and prints one line per step; returns the final text. */
export async function agentLoop(backend) {
  console.log('Tool loop: one generateText call, one line per step');
  console.log(backend.header);
  const result = await generateText({
    model: backend.model(),
    system: 'You are a research agent. Use the lookup tool once per step, then summarise.',
    // The mock's default rule reads "#tools=N": N tool calls, then a final answer.
    prompt: `Collect four facts with the lookup tool, one call at a time.${backend.usesMock ? ' #tools=4' : ''}`,
    tools: { lookup },
    stopWhen: stepCountIs(10),
    onStepFinish: (step) => console.log(backend.line(`step ${step.stepNumber + 1}`, step)),
  });
  console.log(`  → ${result.text.replace(/\s+/g, ' ').slice(0, 90)}`);
  return result.text;
}

await runWhenMain(import.meta.url, agentLoop);
