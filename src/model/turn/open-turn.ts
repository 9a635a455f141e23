import { APICallError } from '@ai-sdk/provider';
import type { Connection } from '../../pool/connection';
import type { Lease } from '../../pool/session-pool';
import type { TurnPlan } from '../chain/plan-turn';
import { toAPICallError } from '../events/server-error';
import { acquireSocket } from './acquire-socket';
import { awaitFirstOutput } from './await-first-output';
import { buildFrame, type Frame, planAttempt } from './build-frame';
import { classifyFirstOutput, type Outcome } from './classify-first-output';
import { EventQueue } from './event-queue';
import { responseHeaders } from './response-headers';
import { isRetryableUpgrade, isUpgradeImpossible, toTransportError } from './transport-errors';
import type { TurnCall } from './turn-call';

/** Transparent resends one call may need (stale chain, dead socket, silent server). */
const MAX_RESENDS = 2;

/** A response under way on a socket whose first output event has arrived. */
export type OpenTurn = {
  transport: 'websocket';
  connection: Connection;
  queue: EventQueue;
  /** Events read before the first output event (created / in_progress), plus that event. */
  buffered: Record<string, unknown>[];
  plan: TurnPlan;
  frame: Record<string, unknown>;
  /** The socket's upgrade response headers, secrets removed (`response.headers`). */
  responseHeaders: Record<string, string> | undefined;
  requestBytes: number;
  socketReused: boolean;
  retries: number;
  /** Detach the abort listener once the turn is over. */
  detach(): void;
};

/** The socket cannot carry this call; with transport 'auto' it goes over HTTP. */
export type UseHttp = { transport: 'http'; reason: string; retries: number; cause: unknown };

type ErrorContext = { url: string; requestBodyValues: unknown };

/** What carries over from one attempt to the next. */
type Attempt = {
  retries: number;
  /** Set after a failed attempt: the resend sends full input, for this reason. */
  forcedReason: string | undefined;
  /** The resend needs a new socket. */
  fresh: boolean;
  /** Sockets that failed this call. */
  avoid: Set<number>;
};

/**
 * Sends the call's `response.create` and waits for the first server event, resending
 * transparently while nothing can have reached the caller yet (docs/architecture.md, "Failure
 * policy"). Errors that the server reports before any output are thrown as APICallError, so
 * the AI SDK's own retry (`maxRetries`) applies to them.
 */
export async function openTurn(call: TurnCall): Promise<OpenTurn | UseHttp> {
  const { config } = call;
  const context: ErrorContext = { url: config.urls.webSocket, requestBodyValues: undefined };
  if (config.webSocketUnavailable) {
    return useHttpOr(
      call,
      context,
      'websocket-unavailable',
      new Error(config.webSocketUnavailable),
    );
  }
  const attempt: Attempt = { retries: 0, forcedReason: undefined, fresh: false, avoid: new Set() };
  for (;;) {
    let lease: Lease;
    try {
      lease = await acquireSocket(call, attempt);
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (isUpgradeImpossible(error) || isRetryableUpgrade(error)) {
        return useHttpOr(call, context, 'websocket-upgrade-failed', error, attempt.retries);
      }
      throw toTransportError(error, context);
    }
    const plan = planAttempt(call, lease.connection, attempt.forcedReason);
    const frame = buildFrame(call, plan);
    context.requestBodyValues = frame.body;
    if (frame.bytes > config.maxFrameBytes) {
      config.pool.release(lease.connection);
      return frameTooLarge(call, context, frame.bytes, attempt.retries);
    }
    const turn = await sendFrame(call, lease, plan, frame, attempt, context);
    if (turn) return turn;
  }
}

/** HTTP with transport 'auto'; with 'websocket' the failure itself, as a clear error. */
function useHttpOr(
  call: TurnCall,
  context: ErrorContext,
  reason: string,
  cause: unknown,
  retries = 0,
): UseHttp {
  if (call.config.transport === 'auto') return { transport: 'http', reason, retries, cause };
  throw toTransportError(cause, context);
}

function frameTooLarge(
  call: TurnCall,
  context: ErrorContext,
  bytes: number,
  retries: number,
): UseHttp {
  const limit = call.config.maxFrameBytes;
  const message = `the response.create frame is ${bytes} bytes, above the WebSocket frame limit of ${limit} bytes`;
  if (call.config.transport === 'auto') {
    return { transport: 'http', reason: 'frame-too-large', retries, cause: new Error(message) };
  }
  throw new APICallError({
    message: `${message}; use transport "auto" to send large requests over HTTP.`,
    ...context,
    isRetryable: false,
  });
}

/**
 * One attempt on a leased socket: the turn once its first output arrived, undefined when the
 * attempt failed in a way worth a resend (`attempt` then says how). Throws what is not.
 */
async function sendFrame(
  call: TurnCall,
  lease: Lease,
  plan: TurnPlan,
  frame: Frame,
  attempt: Attempt,
  context: ErrorContext,
): Promise<OpenTurn | undefined> {
  const { connection } = lease;
  const { queue, detach } = startOnSocket(call, connection, frame.text);
  const first = await awaitFirstOutput(queue, call.config.poolSettings);
  if (call.signal?.aborted) {
    detach();
    throw call.signal.reason;
  }
  if (first.kind === 'server-error') forgetFailedParent(call, plan, first.error.code);
  // A parent the user named is the context itself: without it the call cannot go on.
  const parentLost =
    plan.mode === 'delta' &&
    plan.explicit === true &&
    first.kind === 'server-error' &&
    first.error.code === 'previous_response_not_found';
  const outcome = classifyFirstOutput(first, attempt.retries < MAX_RESENDS && !parentLost);
  if (outcome.kind === 'proceed' && first.kind === 'ready') {
    return {
      transport: 'websocket',
      connection,
      queue,
      buffered: first.buffered,
      plan,
      frame: frame.body,
      responseHeaders: responseHeaders(connection.upgradeHeaders),
      requestBytes: frame.bytes,
      socketReused: lease.reused,
      retries: attempt.retries,
      detach,
    };
  }
  detach();
  if (outcome.kind !== 'resend') throw failTurn(call, connection, outcome, context);
  attempt.retries++;
  attempt.forcedReason = outcome.reason;
  attempt.fresh = outcome.freshSocket;
  if (outcome.freshSocket) {
    attempt.avoid.add(connection.id);
    connection.close(`resending: ${outcome.reason}`);
    // Only a server error keeps the socket, and a failed request evicts the parent it named.
  } else call.config.pool.release(connection, { headId: undefined });
  return undefined;
}

/** Sends the frame; events and failures of the turn land in a queue. Abort closes the socket. */
function startOnSocket(call: TurnCall, connection: Connection, text: string) {
  const queue = new EventQueue();
  const onAbort = () => {
    connection.terminate('aborted');
    queue.fail(call.signal?.reason);
  };
  call.signal?.addEventListener('abort', onAbort, { once: true });
  const detach = () => call.signal?.removeEventListener('abort', onAbort);
  try {
    connection.startTurn(text, {
      event: (event) => queue.push(event),
      failed: (error) => queue.fail(error),
    });
  } catch (error) {
    queue.fail(error);
  }
  return { queue, detach };
}

/**
 * A failed request evicts the parent from the socket's cache, whatever the error (the socket is
 * released with no head, or closed). A stored parent stays reachable from the store, unless the
 * server says it cannot find it.
 */
function forgetFailedParent(call: TurnCall, plan: TurnPlan, code: string | null) {
  const parentGone = code === 'previous_response_not_found' || !call.head?.stored;
  if (plan.mode === 'delta' && parentGone)
    call.config.heads.drop(call.scope, plan.previousResponseId);
}

/** The error to throw for an attempt that cannot be resent; the socket is not reused. */
function failTurn(
  call: TurnCall,
  connection: Connection,
  outcome: Exclude<Outcome, { kind: 'resend' }>,
  context: ErrorContext,
): unknown {
  switch (outcome.kind) {
    case 'fail-timeout':
      connection.terminate('no first event in time');
      return new APICallError({
        message: `OpenAI sent no event within ${call.config.poolSettings.firstEventTimeoutMs} ms (pool.firstEventTimeoutMs).`,
        ...context,
        isRetryable: true,
      });
    case 'fail-server':
      // The turn is over; a late terminal event may still follow an error, so do not reuse.
      connection.close(`request failed: ${outcome.error.code ?? 'error'}`);
      return toAPICallError(outcome.error, context);
    default:
      return toTransportError(
        outcome.kind === 'fail-transport' ? outcome.error : undefined,
        context,
      );
  }
}
