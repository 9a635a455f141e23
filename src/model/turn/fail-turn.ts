import { APICallError } from '@ai-sdk/provider';
import { type ServerError, toAPICallError } from '../events/server-error';
import type { Outcome } from './classify-first-output';
import type { LeasedLane } from './leased-lane';
import {
  firstEventTimeoutError,
  silenceBeforeOutputError,
  toTransportError,
} from './transport-errors';
import type { TurnCall } from './turn-call';

export type ErrorContext = { url: string; requestBodyValues: unknown };

/** The error to throw for an attempt that cannot be resent; the lane (or socket) is not reused. */
export function failTurn(
  call: TurnCall,
  leased: LeasedLane,
  outcome: Exclude<Outcome, { kind: 'resend' }>,
  context: ErrorContext,
): unknown {
  switch (outcome.kind) {
    case 'fail-timeout':
      leased.stop('no first event in time');
      return firstEventTimeoutError(call.config.poolSettings.firstEventTimeoutMs, context);
    case 'fail-silent':
      leased.abandon('no event after the acceptance');
      return silenceBeforeOutputError(call.config.poolSettings.eventTimeoutMs, context);
    case 'fail-server':
      return failOnServerError(leased, outcome.error, context);
    default:
      leased.release({ headId: undefined });
      return toTransportError(
        outcome.kind === 'fail-transport' ? outcome.error : undefined,
        context,
      );
  }
}

/**
 * The turn is over. With lanes off the socket closes, as a late terminal event may still follow
 * an error; with lanes on the lane drains instead. A server that refuses the lane's name does
 * not speak lanes as OpenAI documents them: the lane is retired and the error says what to do.
 */
function failOnServerError(leased: LeasedLane, error: ServerError, context: ErrorContext) {
  if (error.code === 'websocket_stream_limit_reached' && leased.connection.multiplexed) {
    // Past the last resend: the server took no request on this lane either; retired as a resend
    // retires it, or every later call would be refused on it first.
    leased.retire();
    return toAPICallError(error, context);
  }
  if (error.code !== 'invalid_stream_id') {
    leased.abandon(`request failed: ${error.code ?? 'error'}`);
    return toAPICallError(error, context);
  }
  leased.retire();
  return new APICallError({
    message: `The server refused the lane name (invalid_stream_id: ${error.message}). This server or gateway does not support stream_id lanes; set pool.lanes to 0.`,
    ...context,
    statusCode: error.status ?? 400,
    responseBody: JSON.stringify(error.raw),
    isRetryable: false,
  });
}
