import { buildMidStreamErrorEvents, buildResponseEvents } from './build-events';
import { jsonBytes, requestCost } from './cost-model';
import { defaultOutput } from './default-rule';
import type { EventSink } from './event-sink';
import type { Item } from './items';
import type { MockEngine, SocketSession } from './mock-engine';
import { mockErrors } from './mock-errors';
import { type GeneratedPlan, planOutput } from './plan-output';
import { replayOutcome } from './replay-fixture';
import type { ResolvedContext } from './resolve-context';
import { computeUsage, type ResponseShell } from './response-object';
import type { MockRequestRecord } from './types';

type StreamContext = {
  record: MockRequestRecord;
  sink: EventSink;
  socket: SocketSession | null;
  body: Record<string, unknown>;
  context: ResolvedContext;
};

/** The events to send and the state they leave behind. */
type Stream = {
  events: Array<{ event: Record<string, unknown>; raw?: string }>;
  responseId: string | null;
  status: 'completed' | 'incomplete' | 'failed' | null;
  output: Item[];
  error: { code: string; message: string } | null;
  final: Record<string, unknown> | null;
};

/**
 * Stream stage of a request: wait what the cost model and faults ask, pick the output (script,
 * replay or default rule), send its events — cutting, corrupting or failing them as armed
 * faults say — and settle the server's state just before the last event goes out, so a client
 * that reacts to the terminal event always finds the response cached and stored.
 */
export async function streamResponse(engine: MockEngine, ctx: StreamContext): Promise<void> {
  const { record, sink } = ctx;
  const transport = sink.transport;
  const delayFault = engine.faults.take(['delay-first-event'], transport);
  const cutBefore = engine.faults.take(
    ['close-before-first-event', 'terminate-before-first-event'],
    transport,
  );
  const cutAfter = engine.faults.take(['close-after-events', 'terminate-after-events'], transport);
  const malformed = engine.faults.take(['malformed-frame'], transport);
  const midError = engine.faults.take(['error-event'], transport, (f) => f.shape === 'mid-stream');

  const { parentSource, context, newItems } = ctx.context;
  const cost = requestCost(engine.costModel, {
    parentSource,
    contextBytes: jsonBytes(context),
    newInputBytes: jsonBytes(newItems),
  });
  record.processedBytes = cost.processedBytes;
  record.costDelayMs = cost.delayMs;

  await engine.sleep(cost.delayMs + (delayFault?.ms ?? 0));
  if (engine.closed || !sink.isOpen()) return interrupted(record);
  if (cutBefore) {
    sink.cut(
      cutBefore.type.startsWith('close') ? 'close' : 'terminate',
      cutBefore.closeCode ?? 1011,
    );
    return interrupted(record);
  }

  const stream = midError
    ? midStreamErrorStream(engine, ctx, mockErrors.custom(midError.code, midError))
    : buildStream(engine, ctx);
  record.responseId = stream.responseId;
  const malformedAt = malformed?.afterEvents ?? 0;
  const perEventMs = engine.costModel.perEventMs ?? 0;
  const last = stream.events.length - 1;

  for (let i = 0; i <= last; i++) {
    if (cutAfter && i === cutAfter.events) {
      sink.cut(
        cutAfter.type.startsWith('close') ? 'close' : 'terminate',
        cutAfter.closeCode ?? 1011,
      );
      return interrupted(record);
    }
    if (malformed && i === malformedAt) send(record, () => sink.sendMalformed());
    if (!sink.isOpen()) return interrupted(record);
    if (i === last) settle(engine, ctx, stream);
    const { event, raw } = stream.events[i];
    send(record, () => sink.sendEvent(event, raw));
    if (i < last && perEventMs > 0) {
      await engine.sleep(perEventMs);
      if (engine.closed || !sink.isOpen()) return interrupted(record);
    }
  }
  if (stream.events.length === 0) settle(engine, ctx, stream);
  if (malformed && malformedAt > last) send(record, () => sink.sendMalformed());
  if (cutAfter) {
    // Asked to cut after more events than the response has: the response completes, then the
    // connection goes.
    sink.cut(cutAfter.type.startsWith('close') ? 'close' : 'terminate', cutAfter.closeCode ?? 1011);
    return;
  }
  sink.finish(stream.final);
}

function send(record: MockRequestRecord, write: () => void): void {
  write();
  record.eventsSent += 1;
}

function interrupted(record: MockRequestRecord): void {
  record.status = 'interrupted';
}

function shellFor(engine: MockEngine, ctx: StreamContext): ResponseShell {
  return {
    id: engine.ids.next('resp'),
    createdAt: Math.floor(Date.now() / 1000),
    body: ctx.body,
    previousResponseId: ctx.record.previousResponseId,
  };
}

function midStreamErrorStream(
  engine: MockEngine,
  ctx: StreamContext,
  error: ReturnType<typeof mockErrors.custom>,
): Stream {
  const shell = shellFor(engine, ctx);
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

function buildStream(engine: MockEngine, ctx: StreamContext): Stream {
  const { body, context } = ctx;
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
  const shell = shellFor(engine, ctx);
  const cachedItems = context.parentSource === 'socket-cache' ? context.parentItems : [];
  const built = buildResponseEvents(shell, plan, (output) =>
    computeUsage({ body, context: context.context, cachedItems, output }),
  );
  return {
    events: built.events.map((event) => ({ event })),
    responseId: shell.id,
    status: built.status,
    output: built.output,
    error: plan.error,
    final: built.events[built.events.length - 1].response as Record<string, unknown>,
  };
}

/**
 * Record the outcome and update the server's state: a finished response becomes the socket's
 * latest (replacing the previous one) and, unless `store: false`, joins the store; a failed
 * continuation evicts its parent from the socket's cache.
 */
function settle(engine: MockEngine, ctx: StreamContext, stream: Stream): void {
  const { record, socket, body } = ctx;
  record.error = stream.error;
  record.status = stream.status ?? (stream.error ? 'error' : 'interrupted');
  if ((stream.status === 'completed' || stream.status === 'incomplete') && stream.responseId) {
    const stored = {
      id: stream.responseId,
      store: body.store !== false,
      context: ctx.context.context,
      output: stream.output,
      status: stream.status,
    };
    if (socket) socket.latest = stored;
    if (stored.store) engine.store.put(stored);
  } else if (socket && record.previousResponseId !== null) {
    if (socket.latest?.id === record.previousResponseId) socket.latest = null;
  }
  if (socket) socket.inFlight = false;
}
