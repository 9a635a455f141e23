import type { CallOptions, Warning } from '../../types';

/** Reasoning levels in ascending order ('none' is never a fallback). */
const levels = ['minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
const allEfforts: readonly string[] = ['none', ...levels];

/**
 * The `reasoning.effort` to send. `providerOptions.openai.reasoningEffort` wins as given; else
 * V4's top-level `reasoning` is mapped onto the efforts the model supports: an unsupported level
 * falls back to the next lower supported one (else the next higher), with a compatibility
 * warning, exactly like `@ai-sdk/openai` (via provider-utils' `mapReasoningToProviderEffort`).
 * `'provider-default'` and undefined send nothing.
 */
export function resolveReasoningEffort({
  providerOptionsEffort,
  reasoning,
  supportedEfforts,
  warnings,
}: {
  providerOptionsEffort: string | null | undefined;
  reasoning: CallOptions['reasoning'];
  supportedEfforts: readonly string[] | undefined;
  warnings: Warning[];
}): string | undefined {
  if (providerOptionsEffort != null) return providerOptionsEffort;
  if (reasoning === undefined || reasoning === 'provider-default') return undefined;

  const supported = new Set(supportedEfforts ?? allEfforts);
  const index = (levels as readonly string[]).indexOf(reasoning);
  const candidates = [
    reasoning,
    ...levels.slice(0, Math.max(index, 0)).reverse(),
    ...levels.slice(index + 1),
  ];
  const effort = candidates.find((candidate) => supported.has(candidate));

  if (effort == null) {
    warnings.push({
      type: 'unsupported',
      feature: 'reasoning',
      details: `reasoning "${reasoning}" is not supported by this model.`,
    });
    return undefined;
  }
  if (effort !== reasoning) {
    warnings.push({
      type: 'compatibility',
      feature: 'reasoning',
      details: `reasoning "${reasoning}" is not directly supported by this model. mapped to effort "${effort}".`,
    });
  }
  return effort;
}
