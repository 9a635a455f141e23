import { buildMidStreamErrorEvents, buildResponseEvents } from './build-events';
import { defaultOutput } from './default-rule';
import type { Item } from './items';
import type { MockEngine } from './mock-engine';
import type { MockError } from './mock-errors';
import { type GeneratedPlan, planOutput } from './plan-output';
import { replayOutcome } from './replay-fixture';
import type { ResolvedContext } from './resolve-context';
import { computeUsage, type ResponseShell, responseObject } from './response-object';

/** The events to send for one response and the state they leave behind. */
export type Stream = {
  events: Array<{ event: Record<string, unknown>; raw?: string }>;
  responseId: string | null;
  status: 'completed' | 'incomplete' | 'failed' | null;
  output: Item[];
  error: { code: string | null; message: string } | null;
  final: Record<string, unknown> | null;
  /**
   * For generated responses: the terminal event of this response stopped early by steering,
   * holding the items sent so far (`response.incomplete`, reason `steered`).
   */
  steeredTerminal?: (sent: Item[]) => Record<string, unknown>;
};

export type PlanInput = {
  body: Record<string, unknown>;
  context: ResolvedContext;
  previousResponseId: string | null;
};

function shellFor(engine: MockEngine, input: PlanInput): ResponseShell {
  return {
    id: engine.ids.next('resp'),
    createdAt: Math.floor(Date.now() / 1000),
    body: input.body,
    previousResponseId: input.previousResponseId,
  };
}

/** `response.created`, `response.in_progress`, the error event, then `response.failed`. */
export function midStreamErrorStream(
  engine: MockEngine,
  input: PlanInput,
  error: MockError,
): Stream {
  const shell = shellFor(engine, input);
  const events = buildMidStreamErrorEvents(shell, error);
  return {
    events: events.map((event) => ({ event })),
    responseId: shell.id,
    status: 'failed',
    output: [],
    error: { code: error.code, message: error.message },
    final: events[events.length - 1].response as Record<string, unknown>,
  };
}

/** The next script, a replay, or the default rule's answer, as events. */
export function buildStream(engine: MockEngine, input: PlanInput): Stream {
  const { body, context } = input;
  // `generate: false` warms the socket up: a response id to chain from, no model run.
  const queued = body.generate === false ? undefined : engine.nextOutput();
  if (queued?.kind === 'replay') {
    const outcome = replayOutcome(queued.plan.events);
    return {
      events: queued.plan.events.map((event, i) => ({ event, raw: queued.plan.lines[i] })),
      responseId: outcome.responseId,
      status: outcome.status,
      output: outcome.output,
      error: outcome.error,
      final: outcome.response && { ...outcome.response, output: outcome.output },
    };
  }

  const plan: GeneratedPlan =
    body.generate === false
      ? { items: [], status: 'completed', incompleteReason: null, error: null }
      : planOutput(queued?.output ?? defaultOutput(context.context, body), engine.ids, body);
  const shell = shellFor(engine, input);
  const cachedItems = context.parentSource === 'socket-cache' ? context.parentItems : [];
  const usageFor = (output: Item[]) =>
    computeUsage({ body, context: context.context, cachedItems, output });
  const built = buildResponseEvents(shell, plan, usageFor);
  return {
    events: built.events.map((event) => ({ event })),
    responseId: shell.id,
    status: built.status,
    output: built.output,
    error: plan.error,
    final: built.events[built.events.length - 1].response as Record<string, unknown>,
    steeredTerminal: (sent) => ({
      type: 'response.incomplete',
      response: responseObject(shell, {
        status: 'incomplete',
        output: sent,
        usage: usageFor(sent),
        error: null,
        incompleteReason: 'steered',
      }),
    }),
  };
}
