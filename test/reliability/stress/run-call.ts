import { APICallError } from '@ai-sdk/provider';
import {
  generateText,
  type LanguageModel,
  type ModelMessage,
  StreamProviderError,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { z } from 'zod';
import type { CallPlan } from './scenario';

/** One conversation: its settings stay as they began, its history grows with each completed call. */
export type Conversation = { id: string; tools: boolean; store: boolean; messages: ModelMessage[] };

/** How a call ended, as its caller saw it. */
export type Outcome =
  | { kind: 'completed'; text: string; responseIds: string[]; messages: ModelMessage[] }
  | { kind: 'failed'; error: unknown; typed: boolean }
  /**
   * The stream ended without the server's terminal event (finish reason `interrupted`, as the
   * README says for a stream that ends cleanly without it), or another finish than `stop`.
   */
  | { kind: 'unfinished'; finishReason: string }
  /** The consumer stopped reading, cancelled, or never read: no outcome to check. */
  | { kind: 'left' };

const lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `value ${step}`,
});

/** The answer of the mock's default rule to a completed call of `conversation`. */
export function expectedText(conversation: Conversation, text: string): string {
  return conversation.tools ? 'Done after 2 tool calls.' : `Echo: ${text}`;
}

/**
 * Makes one call as `plan` says and reports how it ended. A failure is typed when it is an
 * `APICallError` (or the AI SDK's `RetryError` around one, or its `StreamProviderError`), or the
 * reason this call aborted with.
 */
export async function runCall(
  model: LanguageModel,
  conversation: Conversation,
  text: string,
  plan: CallPlan,
  /** Called by the AI SDK right before each call of the model (`onLanguageModelCallStart`). */
  announce: () => void,
): Promise<Outcome> {
  const controller = new AbortController();
  const reason = new Error(`abort ${text}`);
  const abort = () => controller.abort(reason);
  if (plan.abort === 'before-send') abort();
  if (plan.abort === 'soon' || (plan.abort === 'mid-stream' && plan.api === 'generate')) {
    void ticks(plan.ticks).then(abort);
  }
  const options = {
    model,
    messages: [...conversation.messages, { role: 'user' as const, content: text }],
    maxRetries: 0,
    abortSignal: controller.signal,
    providerOptions: { openai: { store: conversation.store } },
    onLanguageModelCallStart: announce,
    ...(conversation.tools && { tools: { lookup }, stopWhen: stepCountIs(5) }),
  };
  const failed = (error: unknown): Outcome => ({
    kind: 'failed',
    error,
    typed: error === reason || isTyped(error),
  });
  try {
    if (plan.api === 'generate') {
      const result = await generateText(options);
      if (plan.abort === 'after-end') abort();
      if (result.finishReason !== 'stop')
        return { kind: 'unfinished', finishReason: result.finishReason };
      return {
        kind: 'completed',
        text: result.text,
        responseIds: result.steps.map((s) => s.response.id),
        messages: result.responseMessages,
      };
    }
    // A stream left unread makes one model call: the AI SDK would go on with the next step of a
    // tool loop on its own, a call the end of the run could not wait for.
    const left = plan.consume !== 'all';
    let reached: () => void = () => {};
    const modelCalled = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const result = streamText({
      ...options,
      ...(left && conversation.tools && { stopWhen: stepCountIs(1) }),
      onLanguageModelCallStart: () => {
        announce();
        reached();
      },
      onError: () => {},
    });
    // The model is called a few turns after streamText returns: a stream is left only once it
    // was (or its call aborted), so that the call counts as begun before a provider.close()
    // that comes after the run.
    const leave = async (): Promise<Outcome> => {
      await Promise.race([modelCalled, aborted(controller.signal)]);
      return { kind: 'left' };
    };
    if (plan.consume === 'drop') return await leave();
    if (plan.consume === 'stop-reading') {
      let read = 0;
      for await (const _ of result.textStream) if (++read >= plan.parts) return await leave();
    }
    const reader = result.fullStream.getReader();
    let read = 0;
    let error: unknown;
    let finishReason = 'none';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read++;
      if (value.type === 'error') error ??= value.error;
      if (value.type === 'abort') error ??= controller.signal.reason ?? 'abort part';
      if (value.type === 'finish') finishReason = value.finishReason;
      if (plan.abort === 'mid-stream' && read === plan.parts) abort();
      if (plan.consume === 'cancel' && read === plan.parts) {
        await reader.cancel();
        return await leave();
      }
    }
    if (error !== undefined) return failed(error);
    if (finishReason !== 'stop') return { kind: 'unfinished', finishReason };
    const steps = await result.steps;
    const outcome: Outcome = {
      kind: 'completed',
      text: await result.text,
      responseIds: steps.map((s) => s.response.id),
      messages: await result.responseMessages,
    };
    if (plan.abort === 'after-end') abort();
    return outcome;
  } catch (error) {
    return failed(error);
  }
}

function isTyped(error: unknown): boolean {
  // ai@7 raises a server error after output as its StreamProviderError (README, "errors").
  if (APICallError.isInstance(error) || StreamProviderError.isInstance(error)) return true;
  const { name, lastError } = (error ?? {}) as { name?: string; lastError?: unknown };
  return name === 'AI_RetryError' && APICallError.isInstance(lastError);
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

async function ticks(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}
