import type { WebSocket } from 'ws';
import type { ConnectionState, LanePlace } from './connection-state';
import { type EventSink, webSocketSink } from './event-sink';
import { fieldError } from './field-types';
import { findDuplicates } from './find-duplicates';
import { handleSteer } from './handle-steer';
import { inputItemError } from './input-item-check';
import { isRecord, normalizeInput } from './items';
import type { MockEngine } from './mock-engine';
import { type MockError, mockErrors } from './mock-errors';
import { resolveContext } from './resolve-context';
import { commitSteers, type SteerEntry } from './steering';
import { streamResponse } from './stream-response';
import type { MockRequestRecord } from './types';

/**
 * One `response.create` frame or `POST /v1/responses`, from raw text to the last event.
 *
 * Arrival (on a socket): parse, route `response.steer`, check and register the lane; errors
 * here answer at once. Then the request waits for its turn on the lane (FIFO) and for one of
 * the connection's 16 in-flight slots. Start: validate, request faults, resolve
 * `previous_response_id` and rebuild the context; a failure here is a request error and, for a
 * same-lane continuation, evicts the parent. Stream stage: see `stream-response.ts`.
 */
export function handleWebSocketFrame(
  engine: MockEngine,
  raw: string,
  connection: ConnectionState,
  ws: WebSocket,
  binary = false,
): void {
  const record = engine.newRecord('websocket', connection.id, raw);
  // The protocol is JSON text frames; a binary frame is refused even if it holds JSON.
  if (binary) {
    reject(record, webSocketSink(ws), mockErrors.binaryFrame());
    return;
  }
  const body = parseBody(record);
  if (body?.type === 'response.steer') {
    handleSteer(engine, record, body, connection, ws);
    return;
  }
  const echo = typeof body?.stream_id === 'string' ? body.stream_id : undefined;
  const opened = body?.type === 'response.create' ? connection.openLane(body.stream_id) : null;
  record.lanes = connection.namedLanes;
  const refused = arrivalError(body, opened);
  if (refused || !body || !opened?.ok) {
    reject(
      record,
      webSocketSink(ws, opened ? echo : undefined),
      refused ?? mockErrors.invalidJson(),
    );
    return;
  }
  record.streamId = opened.lane;
  const sink = webSocketSink(ws, echo);
  const where = { connection, lane: opened.lane };
  connection.submit(record, opened.lane, () => guarded(engine, record, sink, body, where));
}

/** Why a frame is refused on arrival: not JSON, not a known event, or a bad or extra lane. */
function arrivalError(
  body: Record<string, unknown> | null,
  opened: ReturnType<ConnectionState['openLane']> | null,
): MockError | null {
  if (!body) return mockErrors.invalidJson();
  if (!opened) return mockErrors.unknownEventType(body.type);
  return opened.ok ? null : opened.error;
}

/** `POST /v1/responses`: no lanes, no queue, no socket cache. */
export async function handleHttpRequest(
  engine: MockEngine,
  raw: string,
  sink: EventSink,
): Promise<void> {
  const record = engine.newRecord('http', null, raw);
  const body = parseBody(record);
  if (!body) return reject(record, sink, mockErrors.invalidJson());
  // Lanes are a WebSocket concept; the HTTP body has no such parameter.
  if ('stream_id' in body) return reject(record, sink, mockErrors.unknownParameter('stream_id'));
  await guarded(engine, record, sink, body, null);
}

function parseBody(record: MockRequestRecord): Record<string, unknown> | null {
  let body: unknown;
  try {
    body = JSON.parse(record.raw);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  record.body = body;
  record.previousResponseId =
    typeof body.previous_response_id === 'string' ? body.previous_response_id : null;
  record.input = normalizeInput(body.input) ?? [];
  return body;
}

function reject(record: MockRequestRecord, sink: EventSink, error: MockError): void {
  record.status = 'error';
  record.error = { code: error.code, message: error.message };
  sink.sendRequestError(error);
}

/** A bug in the mock must surface in the test, not hang the client. */
async function guarded(
  engine: MockEngine,
  record: MockRequestRecord,
  sink: EventSink,
  body: Record<string, unknown>,
  where: LanePlace | null,
): Promise<void> {
  try {
    let successor = await startRequest(engine, record, sink, body, where);
    while (successor) successor = await successor();
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    reject(record, sink, mockErrors.custom('server_error', { status: 500, message }));
  }
}

type Successor = (() => Promise<Successor | null>) | null;

async function startRequest(
  engine: MockEngine,
  record: MockRequestRecord,
  sink: EventSink,
  body: Record<string, unknown>,
  where: LanePlace | null,
  steers: SteerEntry[] = [],
): Promise<Successor> {
  sendStrayEvent(engine, sink, where?.lane);
  const input = normalizeInput(body.input);
  const hasModel = typeof body.model === 'string' && body.model !== '';
  if (!hasModel || !input) {
    reject(record, sink, hasModel ? mockErrors.invalidInput() : mockErrors.missingModel());
    return null;
  }
  const badField = fieldError(body, sink.transport) ?? inputItemError(input);
  if (badField) {
    reject(record, sink, badField);
    return null;
  }
  if (refusedByFault(engine, record, sink, where)) return null;

  const { previousResponseId } = record;
  // Steering input parked for this continuation goes first (accepted earlier, in order).
  const parked = where?.connection.steering.takeParked(previousResponseId, where.lane) ?? [];
  const committed = [...steers, ...parked];
  const resolved = resolveContext({
    previousResponseId,
    input: [...committed.flatMap((entry) => entry.input), ...input],
    memory: where ? (id) => where.connection.find(id, where.lane) : null,
    store: engine.store,
  });
  if (!resolved.ok) {
    failContinuation(record, sink, where, resolved.error);
    return null;
  }
  const context = resolved.value;
  record.context = context.context;
  record.parentSource = context.parentSource;
  record.forked = context.forked;
  record.duplicates = findDuplicates(context.parentItems, context.newItems, previousResponseId);

  const next = await streamResponse(engine, { record, sink, where, body, context });
  commitSteers(committed, record.responseId);
  if (!where || next.length === 0 || !record.responseId) return null;
  return successorOf(engine, record, sink, body, where, next);
}

/**
 * A `stray-event` fault: its event goes out on the request's lane before anything else of the
 * request, as a late event of the lane's previous response would arrive after the client sent
 * this request (a lane's events are sent in order, so it cannot come later than that).
 */
function sendStrayEvent(engine: MockEngine, sink: EventSink, lane: string | null | undefined) {
  if (sink.transport !== 'websocket') return;
  const stray = engine.faults.take(['stray-event'], 'websocket', undefined, lane);
  if (stray) sink.sendEvent(stray.event);
}

/** The request faults armed for this request; true when one refused it (error sent). */
function refusedByFault(
  engine: MockEngine,
  record: MockRequestRecord,
  sink: EventSink,
  where: LanePlace | null,
): boolean {
  const { transport } = sink;
  const lane = where?.lane;
  const limit =
    transport === 'websocket' &&
    engine.faults.take(['connection-limit-on-request'], transport, undefined, lane);
  if (limit) {
    reject(record, sink, mockErrors.connectionLimit());
    sink.cut('close', limit.closeCode ?? 1000);
    return true;
  }
  const { previousResponseId } = record;
  const isContinuation = () => previousResponseId !== null;
  if (engine.faults.take(['previous-response-not-found'], transport, isContinuation, lane)) {
    const error = mockErrors.previousResponseNotFound(String(previousResponseId));
    failContinuation(record, sink, where, error);
    return true;
  }
  const isRequestShaped = (fault: { shape?: string }) => (fault.shape ?? 'request') === 'request';
  const errorFault = engine.faults.take(['error-event'], transport, isRequestShaped, lane);
  if (errorFault) {
    failContinuation(record, sink, where, mockErrors.custom(errorFault.code, errorFault));
    return true;
  }
  return false;
}

/**
 * A failed continuation evicts its parent from the lane's cache (not a fork's parent, which
 * lives in another lane's cache: `evict` only looks at the request's own lane).
 */
function failContinuation(
  record: MockRequestRecord,
  sink: EventSink,
  where: LanePlace | null,
  error: MockError,
): void {
  if (where && record.previousResponseId !== null) {
    where.connection.evict(where.lane, record.previousResponseId);
  }
  reject(record, sink, error);
}

/**
 * The response the server starts by itself after a steered (or finished) response, on the same
 * lane: it inherits the settings and continues from that response with the queued input.
 */
function successorOf(
  engine: MockEngine,
  parent: MockRequestRecord,
  sink: EventSink,
  parentBody: Record<string, unknown>,
  where: LanePlace,
  steers: SteerEntry[],
): Successor {
  return () => {
    const record = engine.newRecord('websocket', where.connection.id, '');
    const body = { ...parentBody, input: [], previous_response_id: parent.responseId };
    Object.assign(record, {
      kind: 'successor',
      body,
      bytes: 0,
      streamId: where.lane,
      lanes: parent.lanes,
      inFlight: parent.inFlight,
      previousResponseId: parent.responseId,
      input: steers.flatMap((entry) => entry.input),
    });
    return startRequest(engine, record, sink, body, where, steers);
  };
}
