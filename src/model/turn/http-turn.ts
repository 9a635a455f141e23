import { APICallError } from '@ai-sdk/provider';
import { openHttpEventStream } from '../../http/http-event-source';
import { openaiErrorSchema } from '../../http/openai-error-handler';
import type { CallOptions, StreamResult } from '../../types';
import { parentHead, planResend } from '../chain/plan-turn';
import { recordHead } from '../chain/record-head';
import { recordNotCompleted } from '../chain/record-not-completed';
import {
  type ErrorContext,
  readFailedResponseError,
  readServerError,
  toAPICallError,
} from '../events/server-error';
import { withTelemetryView } from '../request/telemetry-view';
import { isOutputEvent } from './await-first-output';
import { unknownItemOf } from './classify-first-output';
import type { BreakOff } from './event-pump';
import { HttpEvents } from './http-events';
import type { UseHttp } from './open-turn';
import { type PartConverter, streamEvents } from './stream-events';
import {
  closedByProviderError,
  firstEventTimeoutError,
  silenceBeforeOutputError,
} from './transport-errors';
import type { TurnCall } from './turn-call';

/**
 * The HTTP streaming fallback (transport 'auto' when the socket cannot carry the call): the same
 * request with full input (or the user's own `previousResponseId` and the prompt that follows
 * it), through the same event mapper. The finish metadata says why
 * (`reason`) and what made the socket unusable (`fallbackCause`). A stored response still
 * becomes a chain head, so the conversation's next call can continue it over a socket from the
 * store. The deadlines and the failure rules are the socket path's: a failure or silence before
 * any output is thrown (`firstEventTimeoutMs` from the POST to the first event, `eventTimeoutMs`
 * between events), one after output is an error part (`http-events.ts`).
 */
export async function streamOverHttp<T>(
  call: TurnCall,
  options: CallOptions,
  fallback: UseHttp,
  convert: PartConverter<T> | undefined,
): Promise<StreamResult<T>> {
  const { config } = call;
  const { events, opened, plan, body, context, retries } = await openEvents(call, fallback);
  const { responseHeaders, requestBytes } = opened;
  const { request } = call;
  await readToFirstOutput(call, events, context);
  const stream = streamEvents({
    convert,
    source: { kind: 'pull', next: () => events.next(), stop: () => events.stop('cancelled') },
    includeRawChunks: options.includeRawChunks ?? false,
    tools: options.tools,
    ...call.mapping,
    requestBody: body,
    warnings: request.warnings,
    metadata: {
      transport: 'http',
      inputMode: plan.mode,
      reason: fallback.reason,
      fallbackCause: describeCause(fallback.cause),
      socketReused: false,
      requestBytes,
      retries,
      lane: null,
    },
    providerOptionsName: config.providerOptionsName,
    signal: call.signal,
    url: context.url,
    settle: async ({ terminalType, parts, failed, digestPart }) => {
      events.finish();
      const name = config.providerOptionsName;
      if (failed) recordNotCompleted(config.heads, call.scope, parts, terminalType, name);
      else if (request.store) {
        await recordHead(config.heads, call, {
          parts,
          connectionId: -1,
          continued: undefined,
          parent: parentHead(call.head, plan),
          digestPart,
        });
      }
    },
  });
  return { stream, request: { body }, response: { headers: responseHeaders } };
}

/** Resends of a call whose history names items the server never stored (as over a socket). */
const MAX_ITEM_RESENDS = 2;

/**
 * Posts the request and opens its events. A 400 `Item with id '…' not found` for an item of a
 * response that broke off in another process (the server never stored it) is resent with that
 * response's items inline, as over a socket (`item-not-found`): else no call of the conversation
 * could ever go through.
 */
async function openEvents(call: TurnCall, fallback: UseHttp) {
  const { config } = call;
  const url = config.urls.http;
  const { firstEventTimeoutMs, eventTimeoutMs } = config.poolSettings;
  for (let retries = fallback.retries, resends = 0; ; resends++) {
    const { plan, body } = httpRequest(call, fallback.reason);
    const events = new HttpEvents({
      signal: call.signal,
      calls: config.httpCalls,
      firstEventTimeoutMs,
      eventTimeoutMs,
    });
    const context: ErrorContext = { url, requestBodyValues: body };
    try {
      const opened = await events.open((abortSignal) =>
        openHttpEventStream({
          url,
          headers: call.httpHeaders,
          body,
          fetch: config.fetch,
          abortSignal,
        }),
      );
      context.responseHeaders = opened.responseHeaders;
      return { events, opened, plan, body, context, retries };
    } catch (error) {
      if (events.stopped) throw stoppedBeforeOutput(call, events, false, context);
      const unknown = unknownItemOfResponse(error);
      if (unknown === undefined || resends >= MAX_ITEM_RESENDS) throw error;
      if (!(await call.inlineItem(unknown))) throw error;
      retries++;
    }
  }
}

/** The item a refused POST says the server never stored, if that is why it was refused. */
function unknownItemOfResponse(error: unknown): string | undefined {
  if (!APICallError.isInstance(error)) return undefined;
  const parsed = openaiErrorSchema.safeParse(error.data);
  if (!parsed.success) return undefined;
  const { message, param } = parsed.data.error;
  return unknownItemOf({
    message,
    param: typeof param === 'string' ? param : null,
    status: error.statusCode,
    code: null,
    type: null,
  });
}

/**
 * The POST body: full input, except that a user's own previousResponseId goes with the prompt
 * that holds only what follows it, as over a socket and as @ai-sdk/openai sends it.
 */
function httpRequest(call: TurnCall, reason: string) {
  const { request } = call;
  const plan = planResend(
    { items: request.input, head: call.head, explicitParent: request.previousResponseId },
    reason,
  );
  const previous = plan.mode === 'delta' ? plan.previousResponseId : undefined;
  const body = withTelemetryView({
    ...request.settings,
    ...(previous !== undefined && { previous_response_id: previous }),
    input: plan.input,
    stream: true,
  });
  return { plan, body };
}

/**
 * Reads the events before the first output, as the socket path does: an error, a failure or
 * silence before any output is thrown (the caller has seen nothing, and the AI SDK's maxRetries
 * applies). What was read goes back in front for the stream.
 */
async function readToFirstOutput(call: TurnCall, events: HttpEvents, context: ErrorContext) {
  const buffered: Record<string, unknown>[] = [];
  for (;;) {
    const next = await events.next();
    // Ended with no output and no terminal event: the stream reports it, as any early end.
    if (next.kind === 'end') break;
    if (next.kind !== 'event') {
      // Classified before the cancel, which would make a body that failed by itself look stopped.
      const failure = failedBeforeOutput(call, events, buffered.length > 0, next, context);
      events.stop('cancelled');
      throw failure;
    }
    const error = readServerError(next.event) ?? readFailedResponseError(next.event);
    if (error) {
      events.stop('cancelled');
      throw toAPICallError(error, context);
    }
    buffered.push(next.event);
    if (isOutputEvent(next.event.type)) break;
  }
  events.putBack(buffered);
}

function failedBeforeOutput(
  call: TurnCall,
  events: HttpEvents,
  accepted: boolean,
  next: Exclude<BreakOff, { kind: 'end' }>,
  context: ErrorContext,
): unknown {
  if (next.kind === 'failed' && !events.stopped) {
    return new APICallError({
      message: `The HTTP stream from OpenAI broke off before any output: ${describeCause(next.error)}`,
      ...context,
      cause: next.error,
      isRetryable: true,
    });
  }
  return stoppedBeforeOutput(call, events, accepted, context);
}

/** What the caller gets when the turn was stopped before any output. */
function stoppedBeforeOutput(
  call: TurnCall,
  events: HttpEvents,
  accepted: boolean,
  context: ErrorContext,
): unknown {
  if (events.stopped === 'aborted') return call.signal?.reason;
  if (events.stopped === 'closed') return closedByProviderError(context);
  // Else a deadline stopped it (a cancel comes only once the stream is under way).
  const { firstEventTimeoutMs, eventTimeoutMs } = call.config.poolSettings;
  return accepted
    ? silenceBeforeOutputError(eventTimeoutMs, context)
    : firstEventTimeoutError(firstEventTimeoutMs, context);
}

/** The cause's own message: socket and pool errors never carry headers or keys. */
function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
