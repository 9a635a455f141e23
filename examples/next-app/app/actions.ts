'use server';

import { generateText, stepCountIs } from 'ai';
import { getBackend } from '../lib/backend';
import { INSTRUCTIONS, lookup } from '../lib/lookup-tool';
import { toWireStep, type WireStep } from '../lib/wire-step';

export type AgentResult =
  | { ok: true; text: string; steps: WireStep[]; mode: string }
  | { ok: false; error: string };

/**
 * A server action: runs on the Node.js server like the route handler, so it uses the same
 * pooled sockets. A one-shot agent run, the whole tool loop inside one `generateText`.
 */
export async function runAgent(prompt: string): Promise<AgentResult> {
  const text = prompt.trim();
  if (!text) return { ok: false, error: 'Type a task first.' };
  try {
    const backend = await getBackend();
    const result = await generateText({
      model: backend.provider(backend.modelId),
      instructions: INSTRUCTIONS,
      prompt: text,
      tools: { lookup },
      stopWhen: stepCountIs(10),
    });
    const steps = result.steps
      .map((step, i) => toWireStep(i + 1, step.providerMetadata, step.finishReason))
      .filter((step): step is WireStep => step !== undefined);
    return { ok: true, text: result.text, steps, mode: backend.mode };
  } catch (error) {
    // Server action errors are redacted in production builds; return the message instead.
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
