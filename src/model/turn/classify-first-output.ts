import { ConnectionError } from '../../pool/connection-error';
import type { ServerError } from '../events/server-error';
import type { FirstOutput } from './await-first-output';

/** What to do with a request whose response has not produced output yet. */
export type Outcome =
  | { kind: 'proceed' }
  /**
   * Resend with full input; `freshSocket` when this socket cannot be trusted any more.
   * `laneRefused`: the server took no request on this lane (more named lanes than it allows);
   * the lane is retired and the call planned again on another one, as if first sent.
   */
  | { kind: 'resend'; reason: string; freshSocket: boolean; laneRefused?: true }
  | { kind: 'fail-timeout' }
  | { kind: 'fail-silent' }
  | { kind: 'fail-transport'; error: unknown }
  | { kind: 'fail-server'; error: ServerError };

/**
 * The failure policy (docs/architecture.md), before any output reached the caller: a socket that died (not by our own
 * hand), a silent server, a stale chain or a connection limit are resent transparently while
 * resends remain; everything else is surfaced.
 */
export function classifyFirstOutput(first: FirstOutput, resendsLeft: boolean): Outcome {
  switch (first.kind) {
    case 'ready':
      return { kind: 'proceed' };
    case 'timeout':
      return resendsLeft
        ? { kind: 'resend', reason: 'first-event-timeout', freshSocket: true }
        : { kind: 'fail-timeout' };
    case 'silent':
      // Not resent: the server accepted the request and may still be running it. Thrown as a
      // retryable error, so the AI SDK's maxRetries decides, as for any error before output.
      return { kind: 'fail-silent' };
    case 'failed': {
      // The server keeps nothing of a response it could not deliver, so a full resend on a new
      // socket is safe. A close of our own (provider.close(), abort) is final.
      const peerFailure =
        first.error instanceof ConnectionError && first.error.failure.kind !== 'closed-by-client';
      return peerFailure && resendsLeft
        ? { kind: 'resend', reason: 'socket-replaced', freshSocket: true }
        : { kind: 'fail-transport', error: first.error };
    }
    case 'server-error': {
      const { code } = first.error;
      if (resendsLeft && code === 'previous_response_not_found') {
        return { kind: 'resend', reason: 'previous-response-not-found', freshSocket: false };
      }
      if (resendsLeft && code === 'websocket_connection_limit_reached') {
        return { kind: 'resend', reason: 'socket-replaced', freshSocket: true };
      }
      if (resendsLeft && code === 'websocket_stream_limit_reached') {
        return { kind: 'resend', reason: 'lane-refused', freshSocket: false, laneRefused: true };
      }
      return { kind: 'fail-server', error: first.error };
    }
  }
}

/**
 * The id of the item an `Item with id '…' not found` error names: an `item_reference` to an item
 * the server never stored (status 400, `param: 'input'`; the API sends no code for it).
 */
export function unknownItemOf(error: ServerError): string | undefined {
  if (error.param !== 'input' || (error.status !== undefined && error.status !== 400)) {
    return undefined;
  }
  return /^Item with id '([^']+)' not found/.exec(error.message)?.[1];
}
