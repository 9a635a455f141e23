import type { WebSocket } from 'ws';
import type { ConnectionState } from './connection-state';
import { webSocketSink } from './event-sink';
import { normalizeInput } from './items';
import type { MockEngine } from './mock-engine';
import { type SteerTarget, sendSteerFailed, steerableModel, steerInput } from './steering';
import type { MockRequestRecord } from './types';

/**
 * A `response.steer` frame: queue user input into a response that is streaming on this
 * connection. Accepted (`response.steer.accepted`, in the target's stream and lane) only for
 * GPT-6 models; otherwise, or for a finished or unknown response or bad input,
 * `response.steer.failed` with the input handed back.
 */
export function handleSteer(
  engine: MockEngine,
  record: MockRequestRecord,
  body: Record<string, unknown>,
  connection: ConnectionState,
  ws: WebSocket,
): void {
  record.kind = 'steer';
  const targetId = typeof body.previous_response_id === 'string' ? body.previous_response_id : null;
  record.previousResponseId = targetId;
  record.input = normalizeInput(body.input) ?? [];
  const target = targetId === null ? undefined : connection.steering.target(targetId);
  const finishedLane = targetId === null ? undefined : connection.laneOf(targetId);
  const lane = target ? target.lane : (finishedLane ?? null);
  record.streamId = lane;
  const sink = webSocketSink(ws, lane ?? undefined);
  const input = steerInput(body.input);
  const refusal = steerRefusal(targetId, body, target, finishedLane !== undefined, input);
  if (refusal || !target || !input || targetId === null) {
    const { code, message } = refusal ?? { code: 'invalid_input', message: 'Invalid steer.' };
    record.status = 'error';
    record.error = { code, message };
    sendSteerFailed(sink, body, code, message);
    return;
  }
  const id = engine.ids.next('steer');
  record.status = 'queued';
  target.queue.push({ id, input, record });
  target.emit({ type: 'response.steer.accepted', steer: { id, previous_response_id: targetId } });
}

function steerRefusal(
  targetId: string | null,
  body: Record<string, unknown>,
  target: SteerTarget | undefined,
  finished: boolean,
  input: unknown[] | null,
): { code: string; message: string } | null {
  const refuse = (code: string, message: string) => ({ code, message });
  if (targetId === null) return refuse('invalid_input', "Missing 'previous_response_id'.");
  if ('stream_id' in body) {
    return refuse('invalid_input', "Do not send 'stream_id': the target response sets the lane.");
  }
  if (!target) {
    return finished
      ? refuse('response_already_completed', `Response '${targetId}' has already completed.`)
      : refuse('response_not_found', `Response '${targetId}' is not active on this connection.`);
  }
  if (!steerableModel(target.model)) {
    return refuse(
      'steering_not_supported',
      `The model '${target.model}' does not support steering.`,
    );
  }
  if (!input) {
    return refuse(
      'invalid_input',
      'Steering accepts only user messages with text, image or file content.',
    );
  }
  return null;
}
