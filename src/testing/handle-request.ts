import type { EventSink } from './event-sink';
import { findDuplicates } from './find-duplicates';
import { isRecord, normalizeInput } from './items';
import type { MockEngine, SocketSession } from './mock-engine';
import { type MockError, mockErrors } from './mock-errors';
import { resolveContext } from './resolve-context';
import { streamResponse } from './stream-response';
import type { MockRequestRecord } from './types';

/**
 * One `response.create` frame or `POST /v1/responses`, from raw text to the last event.
 *
 * Request stage (this file): parse, validate, one-in-flight check, request faults, resolve
 * `previous_response_id` and rebuild the context; any failure here is a request error (error
 * event / HTTP status) and, for a continuation, evicts the parent from the socket's cache.
 * Stream stage: see `stream-response.ts`.
 */
export async function handleRequest(
  engine: MockEngine,
  raw: string,
  sink: EventSink,
  socket: SocketSession | null,
): Promise<void> {
  const record = engine.newRecord(sink.transport, socket?.id ?? null, raw);
  try {
    await runRequest(engine, record, sink, socket);
  } catch (cause) {
    // A bug in the mock must surface in the test, not hang the client.
    const message = cause instanceof Error ? cause.message : String(cause);
    reject(record, sink, mockErrors.custom('server_error', { status: 500, message }));
  }
}

function reject(record: MockRequestRecord, sink: EventSink, error: MockError): void {
  record.status = 'error';
  record.error = { code: error.code, message: error.message };
  sink.sendRequestError(error);
}

async function runRequest(
  engine: MockEngine,
  record: MockRequestRecord,
  sink: EventSink,
  socket: SocketSession | null,
): Promise<void> {
  const transport = sink.transport;
  let body: unknown;
  try {
    body = JSON.parse(record.raw);
  } catch {
    body = undefined;
  }
  if (!isRecord(body)) return reject(record, sink, mockErrors.invalidJson());
  record.body = body;
  if (transport === 'websocket' && body.type !== 'response.create') {
    return reject(record, sink, mockErrors.unknownEventType(body.type));
  }
  const previousResponseId =
    typeof body.previous_response_id === 'string' ? body.previous_response_id : null;
  record.previousResponseId = previousResponseId;
  const input = normalizeInput(body.input);
  if (input) record.input = input;

  // Checked before anything else touches state: the running response must stay intact.
  if (socket?.inFlight) return reject(record, sink, mockErrors.responseInProgress());
  if (typeof body.model !== 'string' || body.model === '') {
    return reject(record, sink, mockErrors.missingModel());
  }
  if (!input) return reject(record, sink, mockErrors.invalidInput());

  if (transport === 'websocket') {
    const limit = engine.faults.take(['connection-limit-on-request'], transport);
    if (limit) {
      reject(record, sink, mockErrors.connectionLimit());
      sink.cut('close', limit.closeCode ?? 1000);
      return;
    }
  }

  // A failed continuation evicts its parent from the socket's cache.
  const failContinuation = (error: MockError) => {
    if (previousResponseId !== null && socket?.latest?.id === previousResponseId) {
      socket.latest = null;
    }
    reject(record, sink, error);
  };
  if (
    engine.faults.take(
      ['previous-response-not-found'],
      transport,
      () => previousResponseId !== null,
    )
  ) {
    return failContinuation(mockErrors.previousResponseNotFound(String(previousResponseId)));
  }
  const errorFault = engine.faults.take(
    ['error-event'],
    transport,
    (fault) => (fault.shape ?? 'request') === 'request',
  );
  if (errorFault) return failContinuation(mockErrors.custom(errorFault.code, errorFault));

  const resolved = resolveContext({
    previousResponseId,
    input,
    socketLatest: socket?.latest ?? null,
    store: engine.store,
  });
  if (!resolved.ok) return failContinuation(resolved.error);
  const context = resolved.value;
  record.context = context.context;
  record.parentSource = context.parentSource;
  record.duplicates = findDuplicates(context.parentItems, context.newItems, previousResponseId);

  if (socket) socket.inFlight = true;
  try {
    await streamResponse(engine, { record, sink, socket, body, context });
  } finally {
    if (socket) socket.inFlight = false;
  }
}
