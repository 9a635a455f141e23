import type { LanePlace } from './connection-state';
import { jsonBytes, requestCost } from './cost-model';
import type { EventSink } from './event-sink';
import { type Item, itemType } from './items';
import type { MockEngine } from './mock-engine';
import { mockErrors } from './mock-errors';
import type { ResolvedContext } from './resolve-context';
import type { SteerEntry, SteerTarget } from './steering';
import { buildStream, midStreamErrorStream, type Stream } from './stream-plan';
import type { MockRequestRecord } from './types';

export type StreamContext = {
  record: MockRequestRecord;
  sink: EventSink;
  /** The connection and lane the request runs on; `null` over HTTP. */
  where: LanePlace | null;
  body: Record<string, unknown>;
  context: ResolvedContext;
};

type Event = Record<string, unknown>;

/**
 * Stream stage of a request: wait what the cost model and faults ask, pick the output (script,
 * replay or default rule), send its events — cutting, corrupting or failing them as armed
 * faults say, stopping early when steering input arrives — and settle the server's state just
 * before the last event goes out, so a client that reacts to the terminal event always finds
 * the response cached and stored. Returns accepted steering input that an automatic successor
 * response must commit.
 */
export async function streamResponse(
  engine: MockEngine,
  ctx: StreamContext,
): Promise<SteerEntry[]> {
  const { record, sink, where } = ctx;
  const take = streamFaults(engine, sink.transport, where?.lane);
  if (!(await beforeFirstEvent(engine, ctx, take))) return [];

  const plan = {
    body: ctx.body,
    context: ctx.context,
    previousResponseId: record.previousResponseId,
  };
  let stream = take.midError
    ? midStreamErrorStream(engine, plan, mockErrors.custom(take.midError.code, take.midError))
    : buildStream(engine, plan);
  record.responseId = stream.responseId;
  const sender = numberedSender(record, sink);
  const target = beginSteering(ctx, stream, sender.send);
  const malformedAt = take.malformed?.afterEvents ?? 0;
  const perEventMs = engine.costModel.perEventMs ?? 0;
  const sent: Item[] = [];
  let last = stream.events.length - 1;

  for (let i = 0; i <= last; i++) {
    if (take.cutAfter && i === take.cutAfter.events) {
      sink.cut(cutMode(take.cutAfter.type), take.cutAfter.closeCode ?? 1011);
      return endSteering(ctx, stream, interrupted(record));
    }
    if (take.malformed && i === malformedAt) sender.malformed();
    if (!sink.isOpen()) return endSteering(ctx, stream, interrupted(record));
    if (i === last) settle(engine, ctx, stream);
    const { event, raw } = stream.events[i];
    sender.send(event, raw);
    if (event.type === 'response.output_item.done') {
      sent.push(event.item as Item);
      // Steering stops the response at this item boundary, unless the model already handed
      // the turn to the client (a tool call) or nothing but the terminal event is left.
      if (target?.queue.length && stream.steeredTerminal && i < last - 1 && !hasToolCall(sent)) {
        stream = steered(stream, i, sent);
        last = i + 1;
      }
    }
    if (i < last && perEventMs > 0) {
      await engine.sleep(perEventMs);
      if (engine.closed || !sink.isOpen()) return endSteering(ctx, stream, interrupted(record));
    }
  }
  if (stream.events.length === 0) settle(engine, ctx, stream);
  if (take.malformed && malformedAt > last) sender.malformed();
  if (take.cutAfter) {
    // Asked to cut after more events than the response has: the response completes, then the
    // connection goes.
    sink.cut(cutMode(take.cutAfter.type), take.cutAfter.closeCode ?? 1011);
    return endSteering(ctx, stream, []);
  }
  sink.finish(stream.final);
  return afterTerminal(ctx, stream, sender.send);
}

/**
 * What comes before the first event: the cost model's and the faults' delay, the fork check, a
 * cut before any event. False when the response does not go on.
 */
async function beforeFirstEvent(
  engine: MockEngine,
  ctx: StreamContext,
  take: ReturnType<typeof streamFaults>,
): Promise<boolean> {
  const { record, sink } = ctx;
  const { parentSource, context, newItems } = ctx.context;
  const cost = requestCost(engine.costModel, {
    parentSource,
    contextBytes: jsonBytes(context),
    newInputBytes: jsonBytes(newItems),
  });
  record.processedBytes = cost.processedBytes;
  record.costDelayMs = cost.delayMs;

  await engine.sleep(cost.delayMs + (take.delay?.ms ?? 0));
  if (engine.closed || !sink.isOpen()) {
    interrupted(record);
    return false;
  }
  if (!forkStillHeld(engine, ctx)) return false;
  if (take.cutBefore) {
    sink.cut(cutMode(take.cutBefore.type), take.cutBefore.closeCode ?? 1011);
    interrupted(record);
    return false;
  }
  return true;
}

/** The stream faults armed for this request (each taken once, in the order armed). */
function streamFaults(engine: MockEngine, transport: 'websocket' | 'http', lane?: string | null) {
  const { faults } = engine;
  const any = () => true;
  return {
    delay: faults.take(['delay-first-event'], transport, any, lane),
    cutBefore: faults.take(
      ['close-before-first-event', 'terminate-before-first-event'],
      transport,
      any,
      lane,
    ),
    cutAfter: faults.take(['close-after-events', 'terminate-after-events'], transport, any, lane),
    malformed: faults.take(['malformed-frame'], transport, any, lane),
    midError: faults.take(['error-event'], transport, (f) => f.shape === 'mid-stream', lane),
  };
}

const cutMode = (type: string): 'close' | 'terminate' =>
  type.startsWith('close') ? 'close' : 'terminate';

function interrupted(record: MockRequestRecord): [] {
  record.status = 'interrupted';
  return [];
}

const hasToolCall = (items: Item[]) => items.some((item) => itemType(item) === 'function_call');

/**
 * A fork holds its parent only once it runs. If, while the fork waited for its first event,
 * the source lane moved on and evicted a `store: false` parent, the fork fails like the real
 * server's (`previous_response_not_found`); a stored parent is reloaded instead.
 */
function forkStillHeld(engine: MockEngine, ctx: StreamContext): boolean {
  const { where, context, record } = ctx;
  if (!where || !context.forked || !context.parent) return true;
  if (where.connection.laneOf(context.parent.id) !== undefined) return true;
  if (engine.store.get(context.parent.id)) {
    record.parentSource = 'store';
    return true;
  }
  const error = mockErrors.previousResponseNotFound(context.parent.id);
  record.status = 'error';
  record.error = { code: error.code, message: error.message };
  ctx.sink.sendRequestError(error);
  return false;
}

/** Sends events numbered in one sequence (steering events included). */
function numberedSender(record: MockRequestRecord, sink: EventSink) {
  let next = 0;
  return {
    send: (event: Event, raw?: string) => {
      // Recorded lines go out byte for byte, with their own numbers.
      const numbered = raw === undefined ? { ...event, sequence_number: next } : event;
      const seq = numbered.sequence_number;
      next = (typeof seq === 'number' ? seq : next) + 1;
      sink.sendEvent(numbered, raw);
      record.eventsSent += 1;
    },
    malformed: () => {
      sink.sendMalformed();
      record.eventsSent += 1;
    },
  };
}

function beginSteering(
  ctx: StreamContext,
  stream: Stream,
  send: (event: Event) => void,
): SteerTarget | null {
  if (!ctx.where || !stream.responseId) return null;
  const target: SteerTarget = {
    lane: ctx.where.lane,
    model: String(ctx.body.model),
    emit: (event) => {
      if (ctx.sink.isOpen()) send(event);
    },
    queue: [],
  };
  ctx.where.connection.steering.begin(stream.responseId, target);
  return target;
}

function endSteering(ctx: StreamContext, stream: Stream, result: []): [] {
  if (ctx.where && stream.responseId) {
    for (const entry of ctx.where.connection.steering.end(stream.responseId)) {
      entry.record.status = 'interrupted';
    }
  }
  return result;
}

/** The stream cut after event `index`: a `steered` incomplete terminal with the items sent. */
function steered(stream: Stream, index: number, sent: Item[]): Stream {
  const terminal = stream.steeredTerminal?.([...sent]) as Event;
  return {
    ...stream,
    events: [...stream.events.slice(0, index + 1), { event: terminal }],
    status: 'incomplete',
    output: [...sent],
    final: terminal.response as Event,
  };
}

/**
 * Steering input still queued when the response ended: a response that stopped for tool
 * output keeps it for the explicit continuation (`response.steer.pending`); otherwise an
 * automatic successor commits it.
 */
function afterTerminal(ctx: StreamContext, stream: Stream, send: (event: Event) => void) {
  if (!ctx.where || !stream.responseId) return [];
  const queued = ctx.where.connection.steering.end(stream.responseId);
  if (queued.length === 0) return [];
  if (stream.status !== 'completed' && stream.status !== 'incomplete') {
    // A failed response takes no successor: the input goes back to the client.
    for (const entry of queued) {
      const message = `Response '${stream.responseId}' failed before the input was committed.`;
      entry.record.status = 'error';
      entry.record.error = { code: 'response_not_active', message };
      send({
        type: 'response.steer.failed',
        error: { type: 'invalid_request_error', code: 'response_not_active', message },
        steer: {
          id: entry.id,
          input: entry.record.body.input ?? null,
          previous_response_id: stream.responseId,
        },
      });
    }
    return [];
  }
  const calls = stream.output.filter((item) => itemType(item) === 'function_call');
  if (calls.length === 0) return queued;
  for (const entry of queued) {
    send({
      type: 'response.steer.pending',
      reason: 'waiting_for_required_input',
      required_input: calls.map((call) => ({
        type: 'function_call_output',
        call_id: call.call_id,
      })),
      steer: { id: entry.id, previous_response_id: stream.responseId },
    });
  }
  ctx.where.connection.steering.park(stream.responseId, ctx.where.lane, queued);
  return [];
}

/**
 * Record the outcome and update the server's state: a finished response becomes its lane's
 * latest (evicting the previous one) and, unless `store: false`, joins the store; a failed
 * same-lane continuation evicts its parent from the lane's cache, a failed fork keeps it.
 */
function settle(engine: MockEngine, ctx: StreamContext, stream: Stream): void {
  const { record, where, body } = ctx;
  record.error = stream.error;
  record.status = stream.status ?? (stream.error ? 'error' : 'interrupted');
  if ((stream.status === 'completed' || stream.status === 'incomplete') && stream.responseId) {
    const stored = {
      id: stream.responseId,
      store: body.store !== false,
      body,
      context: ctx.context.context,
      input: ctx.context.newItems,
      output: stream.output,
      status: stream.status,
      response: stream.final,
    };
    where?.connection.cache(where.lane, stored);
    if (stored.store) engine.store.put(stored);
  } else if (where && record.previousResponseId !== null) {
    where.connection.evict(where.lane, record.previousResponseId);
  }
}
