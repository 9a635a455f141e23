// Per-step timing of an AI SDK model, taken as a language-model middleware so the same code
// measures `@ai-sdk/openai` and this package: from the moment the AI SDK calls the model to the
// first output part (time to first token) and to the finish part, plus the client process CPU
// spent in that window.
import { performance } from 'node:perf_hooks';
import { wrapLanguageModel } from 'ai';

/** Stream parts that carry model output: the first one is the "first token". */
const OUTPUT_PARTS = new Set([
  'text-delta',
  'reasoning-delta',
  'tool-input-start',
  'tool-input-delta',
  'tool-call',
]);

export function cpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/**
 * Wraps `model` so that every call appends `{ startMs, ttftMs, durationMs, cpuUs, metadata }` to
 * `steps`. `startMs` is relative to `origin` (performance.now() at the start of the run).
 */
export function timedModel(model, steps, origin) {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapStream: async ({ doStream }) => {
        const start = performance.now();
        const cpuStart = cpuMicros();
        const step = {
          startMs: start - origin.value,
          ttftMs: null,
          durationMs: 0,
          cpuUs: 0,
          metadata: undefined,
        };
        steps.push(step);
        const result = await doStream();
        const timing = new TransformStream({
          transform(part, controller) {
            if (step.ttftMs === null && OUTPUT_PARTS.has(part.type)) {
              step.ttftMs = performance.now() - start;
            }
            if (part.type === 'finish') {
              step.durationMs = performance.now() - start;
              step.cpuUs = cpuMicros() - cpuStart;
              step.metadata = part.providerMetadata?.openai?.websocket;
            }
            controller.enqueue(part);
          },
        });
        return { ...result, stream: result.stream.pipeThrough(timing) };
      },
    },
  });
}
