// Per-step timing of an AI SDK model, taken as a language-model middleware so the same code
// measures `@ai-sdk/openai` and this package: from the moment the AI SDK calls the model to the
// first output part (time to first token) and to the finish part. (CPU is taken over the whole
// run by the caller, the same window for every contender.)
import { wrapLanguageModel } from 'ai';
import { hrMs } from './clock.mjs';

/** Stream parts that carry model output: the first one is the "first token". */
const OUTPUT_PARTS = new Set([
  'text-delta',
  'reasoning-delta',
  'tool-input-start',
  'tool-input-delta',
  'tool-call',
]);

/**
 * Wraps `model` so that every call appends `{ startHr, ttftMs, durationMs, metadata }` to
 * `steps` (`startHr` on the shared `hrMs()` clock).
 */
export function timedModel(model, steps) {
  return wrapLanguageModel({
    model,
    middleware: {
      specificationVersion: 'v4',
      wrapStream: async ({ doStream }) => {
        const start = hrMs();
        const step = { startHr: start, ttftMs: null, durationMs: 0, metadata: undefined };
        steps.push(step);
        const result = await doStream();
        const timing = new TransformStream({
          transform(part, controller) {
            if (step.ttftMs === null && OUTPUT_PARTS.has(part.type)) {
              step.ttftMs = hrMs() - start;
            }
            if (part.type === 'finish') {
              step.durationMs = hrMs() - start;
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
