import { APICallError } from '@ai-sdk/provider';
import type { Connection } from '../../pool/connection';
import type { Prompt } from '../../types';
import type { ChainHead } from '../chain/head-store';
import { planTurn, type TurnPlan } from '../chain/plan-turn';
import { webSocketURL } from '../credential-scope';
import { toAPICallError } from '../events/server-error';
import type { ModelConfig } from '../model-config';
import type { ResponsesRequest } from '../request/build-request';
import { awaitFirstOutput } from './await-first-output';
import { classifyFirstOutput } from './classify-first-output';
import { EventQueue } from './event-queue';
import { isRetryableUpgrade, isUpgradeImpossible, toTransportError } from './transport-errors';

/** Transparent resends one call may need (stale chain, dead socket, silent server). */
const MAX_RESENDS = 2;
/** Upgrade attempts before giving up on the socket (403 / 5xx / timeouts). */
const MAX_CONNECT_ATTEMPTS = 3;

export type TurnCall = {
  config: ModelConfig;
  /** The call's prompt in neutral form (kept with the chain head it produces). */
  prompt: Prompt;
  request: ResponsesRequest;
  settingsKey: string;
  /** Upgrade headers of a new socket (auth-bearing only; see splitHeaders). */
  headers: Record<string, string>;
  /** Headers of the HTTP fallback: all of them. */
  httpHeaders: Record<string, string>;
  scope: string;
  /** The head the prompt continues, if known, and whether the prompt named one. */
  head: ChainHead | undefined;
  named: boolean;
  signal: AbortSignal | undefined;
};

/** A response under way on a socket whose first output event has arrived. */
export type OpenTurn = {
  transport: 'websocket';
  connection: Connection;
  queue: EventQueue;
  /** Events read before the first output event (created / in_progress), plus that event. */
  buffered: Record<string, unknown>[];
  plan: TurnPlan;
  frame: Record<string, unknown>;
  requestBytes: number;
  socketReused: boolean;
  retries: number;
  /** Detach the abort listener once the turn is over. */
  detach(): void;
};

/** The socket cannot carry this call; with transport 'auto' it goes over HTTP. */
export type UseHttp = { transport: 'http'; reason: string; retries: number; cause: unknown };

/**
 * Sends the call's `response.create` and waits for the first server event, resending
 * transparently while nothing can have reached the caller yet (DESIGN.md "Failures"). Errors
 * that the server reports before any output are thrown as APICallError, so the AI SDK's own
 * retry (`maxRetries`) applies to them.
 */
export async function openTurn(call: TurnCall): Promise<OpenTurn | UseHttp> {
  const { config } = call;
  const url = webSocketURL(config.baseURL);
  const context = { url, requestBodyValues: undefined as unknown };
  const useHttpOr = (reason: string, cause: unknown, retries: number): UseHttp => {
    if (config.transport === 'auto') return { transport: 'http', reason, retries, cause };
    throw toTransportError(cause, context);
  };
  if (config.webSocketUnavailable) {
    return useHttpOr('websocket-unavailable', new Error(config.webSocketUnavailable), 0);
  }

  let retries = 0;
  let forcedReason: string | undefined;
  let fresh = false;
  const avoid = new Set<number>();

  for (;;) {
    let lease: { connection: Connection; reused: boolean };
    try {
      lease = await acquire(call, url, fresh, avoid);
    } catch (error) {
      if (call.signal?.aborted) throw call.signal.reason;
      if (isUpgradeImpossible(error) || isRetryableUpgrade(error)) {
        return useHttpOr('websocket-upgrade-failed', error, retries);
      }
      throw toTransportError(error, context);
    }
    const { connection } = lease;

    const plan = forcedReason ? fullPlan(call, forcedReason) : planFor(call, connection);
    const { frame, text, requestBytes } = buildFrame(call, plan);
    context.requestBodyValues = frame;
    if (requestBytes > config.maxFrameBytes) {
      config.pool.release(connection);
      const message = `the response.create frame is ${requestBytes} bytes, above the WebSocket frame limit of ${config.maxFrameBytes} bytes`;
      if (config.transport === 'auto') {
        return { transport: 'http', reason: 'frame-too-large', retries, cause: new Error(message) };
      }
      throw new APICallError({
        message: `${message}; use transport "auto" to send large requests over HTTP.`,
        ...context,
        isRetryable: false,
      });
    }

    const { queue, detach } = startOnSocket(call, connection, text);
    const first = await awaitFirstOutput(queue, config.poolSettings);
    if (call.signal?.aborted) {
      detach();
      throw call.signal.reason;
    }
    if (first.kind === 'server-error') forgetFailedParent(call, connection, plan, first.error.code);

    const outcome = classifyFirstOutput(first, retries < MAX_RESENDS);
    if (outcome.kind === 'proceed' && first.kind === 'ready') {
      return {
        transport: 'websocket',
        connection,
        queue,
        buffered: first.buffered,
        plan,
        frame,
        requestBytes,
        socketReused: lease.reused,
        retries,
        detach,
      };
    }
    detach();
    if (outcome.kind === 'resend') {
      retries++;
      forcedReason = outcome.reason;
      fresh = outcome.freshSocket;
      if (outcome.freshSocket) {
        avoid.add(connection.id);
        connection.close(`resending: ${outcome.reason}`);
      } else config.pool.release(connection);
      continue;
    }
    switch (outcome.kind) {
      case 'fail-timeout':
        connection.terminate('no first event in time');
        throw new APICallError({
          message: `OpenAI sent no event within ${config.poolSettings.firstEventTimeoutMs} ms (pool.firstEventTimeoutMs).`,
          ...context,
          isRetryable: true,
        });
      case 'fail-server':
        // The turn is over; a late terminal event may still follow an error, so do not reuse.
        connection.close(`request failed: ${outcome.error.code ?? 'error'}`);
        throw toAPICallError(outcome.error, context);
      default:
        throw toTransportError(
          outcome.kind === 'fail-transport' ? outcome.error : undefined,
          context,
        );
    }
  }
}

function fullPlan(call: TurnCall, reason: string): TurnPlan {
  return { mode: 'full', input: call.request.input, reason };
}

function planFor(call: TurnCall, connection: Connection): TurnPlan {
  return planTurn({
    items: call.request.input,
    settingsKey: call.settingsKey,
    head: call.head,
    named: call.named,
    connection: { id: connection.id, headId: connection.headId },
  });
}

/** The `response.create` frame: the Responses body minus `stream`, plus the chain link. */
function buildFrame(call: TurnCall, plan: TurnPlan) {
  const frame = {
    type: 'response.create',
    ...call.request.settings,
    ...(plan.mode === 'delta' && { previous_response_id: plan.previousResponseId }),
    input: plan.input,
  };
  const text = JSON.stringify(frame);
  return { frame, text, requestBytes: Buffer.byteLength(text) };
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
 * A failed request evicts the parent from the socket's cache, whatever the error. A stored parent
 * stays reachable from the store, unless the server says it cannot find it.
 */
function forgetFailedParent(
  call: TurnCall,
  connection: Connection,
  plan: TurnPlan,
  code: string | null,
) {
  connection.headId = undefined;
  const parentGone = code === 'previous_response_not_found' || !call.head?.stored;
  if (plan.mode === 'delta' && parentGone)
    call.config.heads.drop(call.scope, plan.previousResponseId);
}

/** A socket for the call, retrying transient upgrade failures with backoff. */
async function acquire(call: TurnCall, url: string, fresh: boolean, avoid: ReadonlySet<number>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call.config.pool.acquire({
        scope: call.scope,
        url,
        headers: () => call.headers,
        webSocket: call.config.webSocket,
        preferHeadId: call.head?.responseId,
        avoid,
        fresh,
        signal: call.signal,
        maxPayload: 64 * 1024 * 1024,
      });
    } catch (error) {
      if (!isRetryableUpgrade(error) || attempt >= MAX_CONNECT_ATTEMPTS || call.signal?.aborted)
        throw error;
      await sleep(100 * 4 ** (attempt - 1), call.signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
