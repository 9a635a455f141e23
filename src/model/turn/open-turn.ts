import { APICallError } from '@ai-sdk/provider';
import { PoolError, type QueuePlace } from '../../pool/wait-queue';
import { sliceRoom } from '../../util/event-loop-slice';
import { continuedHead, type TurnPlan } from '../chain/plan-turn';
import { hashInput } from '../chain/sign-head';
import { acquireSocket } from './acquire-socket';
import { awaitFirstOutput, type FirstOutput } from './await-first-output';
import { type Frame, frameFor, planAttempt, smallestFrame } from './build-frame';
import { classifyFirstOutput, type Outcome, unknownItemOf } from './classify-first-output';
import type { EventQueue } from './event-queue';
import { type ErrorContext, failTurn } from './fail-turn';
import { LeasedLane } from './leased-lane';
import { responseHeaders } from './response-headers';
import { startOnLane } from './start-on-lane';
import { isRefusedForSockets, isRetryableUpgrade, toTransportError } from './transport-errors';
import type { TurnCall } from './turn-call';

/** Transparent resends one call may need (stale chain, dead socket, silent server). */
const MAX_RESENDS = 2;

/** A response under way on a socket's lane whose first output event has arrived. */
export type OpenTurn = {
  transport: 'websocket';
  leased: LeasedLane;
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
  /** The turn is over: its abort listener is detached and its queue closed (idempotent). */
  end(): void;
};

/** The socket cannot carry this call; with transport 'auto' it goes over HTTP. */
export type UseHttp = { transport: 'http'; reason: string; retries: number; cause: unknown };

/** What carries over from one attempt to the next. */
type Attempt = {
  /** False while the call's credentials' upgrades are remembered as failing (refused-upgrades.ts). */
  mayOpen: boolean;
  retries: number;
  /** Set after a failed attempt: the resend sends full input, for this reason. */
  forcedReason: string | undefined;
  /** The resend needs a socket opened after this time (the one it had failed then). */
  freshSince: number | undefined;
  /** Sockets that failed this call. */
  avoid: Set<number>;
  /** Its place in the pool's wait queue: a resend waits ahead of the calls begun after it. */
  place: QueuePlace;
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
  // Too large on any lane: HTTP at once, neither opening a socket nor waiting for one.
  const smallest = smallestFrame(call);
  if (smallest.bytes > config.maxFrameBytes) {
    context.requestBodyValues = smallest.body;
    return frameTooLarge(call, context, smallest.bytes, 0);
  }
  // Upgrades of these credentials failed lately: an open socket's lane, else HTTP at once.
  const refused =
    config.transport === 'auto' ? config.refusedUpgrades.recent(call.scope) : undefined;
  const attempt: Attempt = {
    mayOpen: refused === undefined,
    retries: 0,
    forcedReason: undefined,
    freshSince: undefined,
    avoid: new Set(),
    place: {},
  };
  for (;;) {
    let leased: LeasedLane;
    try {
      const lease = await acquireSocket(call, attempt);
      if (!lease.reused) config.refusedUpgrades.forget(call.scope);
      leased = new LeasedLane(config.pool, lease, config.poolSettings.eventTimeoutMs);
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (refused && error instanceof PoolError && error.kind === 'may-not-open') {
        return {
          transport: 'http',
          reason: 'websocket-upgrade-failed',
          retries: attempt.retries,
          cause: refused,
        };
      }
      if (isRefusedForSockets(error) || isRetryableUpgrade(error)) {
        if (config.transport === 'auto')
          config.refusedUpgrades.remember(call.scope, error as Error);
        return useHttpOr(call, context, 'websocket-upgrade-failed', error, attempt.retries);
      }
      throw toTransportError(error, context);
    }
    // Sockets that open together (a burst of new conversations) resume their calls together:
    // planning and sending take turns with the rest of the process.
    const room = sliceRoom(call.sliceKey);
    if (room) await room;
    if (call.signal?.aborted) {
      leased.release();
      throw call.signal.reason;
    }
    const plan = planAttempt(call, leased.lease, attempt.forcedReason);
    // Only a fork keeps its source lane from moving on until it has started.
    if (plan.reason !== 'continuation-fork') leased.endHold();
    const frame = frameFor(call, plan, leased.lane.streamId, smallest);
    context.requestBodyValues = frame.body;
    if (frame.bytes > config.maxFrameBytes) {
      leased.release();
      return frameTooLarge(call, context, frame.bytes, attempt.retries);
    }
    const turn = await sendFrame(call, leased, plan, frame, attempt, context);
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
 * One attempt on a leased lane: the turn once its first output arrived, undefined when the
 * attempt failed in a way worth a resend (`attempt` then says how). Throws what is not.
 */
async function sendFrame(
  call: TurnCall,
  leased: LeasedLane,
  plan: TurnPlan,
  frame: Frame,
  attempt: Attempt,
  context: ErrorContext,
): Promise<OpenTurn | undefined> {
  const { queue, end } = startOnLane(call, leased, frame.text);
  // While the server works: the frame's item texts go no further than this.
  call.inputChain = hashInput(call, continuedHead(call.head, plan), frame.itemTexts);
  const first = await awaitFirstOutput(queue, call.config.poolSettings);
  // A fork has started by now (its response.in_progress came before any output), or failed.
  leased.endHold();
  if (call.signal?.aborted) {
    end();
    throw call.signal.reason;
  }
  if (first.kind === 'server-error') forgetFailedParent(call, plan, first.error.code);
  // A parent the user named is the context itself: without it the call cannot go on.
  const parentLost =
    plan.mode === 'delta' &&
    plan.explicit === true &&
    first.kind === 'server-error' &&
    first.error.code === 'previous_response_not_found';
  const outcome = await classify(call, first, attempt.retries < MAX_RESENDS && !parentLost);
  if (outcome.kind === 'proceed' && first.kind === 'ready') {
    return {
      transport: 'websocket',
      leased,
      queue,
      buffered: first.buffered,
      plan,
      frame: frame.body,
      responseHeaders: responseHeaders(leased.connection.upgradeHeaders),
      requestBytes: frame.bytes,
      socketReused: leased.lease.reused,
      retries: attempt.retries,
      end,
    };
  }
  end();
  if (outcome.kind !== 'resend') throw failTurn(call, leased, outcome, context);
  attempt.retries++;
  if (outcome.laneRefused) {
    // Nothing ran: the call is planned again on another lane, as if sent for the first time.
    leased.retire();
    return undefined;
  }
  attempt.forcedReason = outcome.reason;
  if (outcome.freshSocket) {
    attempt.avoid.add(leased.connection.id);
    // From the failure, not from now: a socket that calls waiting in the queue opened since (while
    // this call read its failure) is fresh, and taking another would close that one's chains.
    attempt.freshSince = leased.connection.failedAt ?? Date.now();
    // A silent lane is left to drain (lanes on); a socket that failed or hit its limit closes.
    if (outcome.reason === 'first-event-timeout') leased.abandon('resending: no first event');
    else leased.closeSocket(`resending: ${outcome.reason}`);
    // Only a server error keeps the socket, and a failed request evicts the parent it named.
  } else leased.release({ headId: undefined });
  return undefined;
}

/**
 * The failure policy's verdict, plus the one case that needs the call: an item the server never
 * stored (a response that broke off in another process) is resent inline, once the call has
 * rebuilt its input with it.
 */
async function classify(
  call: TurnCall,
  first: FirstOutput,
  resendsLeft: boolean,
): Promise<Outcome> {
  const unknown = first.kind === 'server-error' ? unknownItemOf(first.error) : undefined;
  if (unknown !== undefined && resendsLeft && (await call.inlineItem(unknown))) {
    return { kind: 'resend', reason: 'item-not-found', freshSocket: false };
  }
  return classifyFirstOutput(first, resendsLeft);
}

/**
 * A failed request evicts the parent from the lane's cache, whatever the error (the lane is
 * released with no head, or its socket closed). A stored parent stays reachable from the store,
 * and a failed fork keeps the shared parent in its source lane, unless the server says it cannot
 * find it.
 */
function forgetFailedParent(call: TurnCall, plan: TurnPlan, code: string | null) {
  const parentGone =
    code === 'previous_response_not_found' ||
    (!call.head?.stored && plan.reason !== 'continuation-fork');
  if (plan.mode === 'delta' && parentGone)
    call.config.heads.drop(call.scope, plan.previousResponseId);
}
