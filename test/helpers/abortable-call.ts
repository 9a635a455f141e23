import { generateText, type LanguageModel } from 'ai';

/**
 * A `generateText` call (no retries) that the test aborts when the moment it wants has come:
 * `settled` is the call's result or what it threw; `abort` returns the reason it aborted with.
 */
export function abortableCall(model: LanguageModel, prompt: string) {
  const controller = new AbortController();
  const settled = generateText({
    model,
    prompt,
    abortSignal: controller.signal,
    maxRetries: 0,
  }).catch((error: unknown) => error);
  return {
    settled,
    abort(reason: Error = new Error('stop')): Error {
      controller.abort(reason);
      return reason;
    },
  };
}
