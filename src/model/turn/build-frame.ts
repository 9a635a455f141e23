import type { Lease } from '../../pool/lease';
import { contextKey } from '../chain/context-key';
import { type ItemTexts, itemsJson } from '../chain/item-chain';
import { planResend, planTurn, type TurnPlan } from '../chain/plan-turn';
import { withTelemetryView } from '../request/telemetry-view';
import type { TurnCall } from './turn-call';

/**
 * A `response.create` frame, as sent and as the request body reported to the caller, with the
 * JSON of each input item it sent (for the input's hash chain, made once the frame is sent).
 */
export type Frame = {
  body: Record<string, unknown>;
  text: string;
  bytes: number;
  itemTexts: ItemTexts;
};

/**
 * The plan for this attempt: a resend carries full input (`forcedReason` says why), and so does
 * every call with `inputMode: 'full'`, except that a user's own `previousResponseId` is sent again
 * (the prompt then holds only what follows it); a first attempt asks the delta rule, given the
 * socket and lane the pool handed out.
 */
export function planAttempt(
  call: TurnCall,
  lease: Lease,
  forcedReason: string | undefined,
): TurnPlan {
  const connection = {
    id: lease.connection.id,
    headId: lease.lane.headId,
    forkable: lease.forkFrom !== undefined,
  };
  return planOn(call, connection, forcedReason);
}

/**
 * The smallest frame any lane could send for the call: the one on a lane holding its chain head
 * (a delta when the delta rule allows one; else the whole input, as on every lane). A call whose
 * smallest frame is too large for a socket goes over HTTP before it takes (or waits for) a socket
 * it cannot use.
 */
export function smallestFrame(call: TurnCall): Frame & { plan: TurnPlan } {
  const { head } = call;
  const holdingHead = { id: head?.connectionId ?? -1, headId: head?.responseId };
  const plan = planOn(call, holdingHead, undefined);
  return { ...buildFrame(call, plan, undefined), plan };
}

/**
 * The frame for `plan` on a lane named `streamId`: `smallest` itself when it sends the same (no
 * lane name, the same parent and input items), as on the lane holding the head with lanes off,
 * else one built for it, reusing the item texts `smallest` noted.
 */
export function frameFor(
  call: TurnCall,
  plan: TurnPlan,
  streamId: string | undefined,
  smallest: Frame & { plan: TurnPlan },
): Frame {
  if (streamId === undefined && sameRequest(plan, smallest.plan)) return smallest;
  return buildFrame(call, plan, streamId, smallest.itemTexts);
}

function sameRequest(a: TurnPlan, b: TurnPlan): boolean {
  const parent = (plan: TurnPlan) => (plan.mode === 'delta' ? plan.previousResponseId : undefined);
  if (parent(a) !== parent(b) || a.input.length !== b.input.length) return false;
  return a.input.every((item, i) => item === b.input[i]);
}

function planOn(
  call: TurnCall,
  connection: Parameters<typeof planTurn>[0]['connection'],
  forcedReason: string | undefined,
): TurnPlan {
  const { input: items, previousResponseId: explicitParent } = call.request;
  const reason = forcedReason ?? (call.config.inputMode === 'full' ? 'input-mode-full' : undefined);
  if (reason) return planResend({ items, head: call.head, explicitParent }, reason);
  return planTurn({
    items,
    contextKey: contextKey(call.request.settings),
    head: call.head,
    missing: call.missing,
    connection,
    explicitParent,
  });
}

/**
 * The `response.create` frame: the Responses body minus `stream`, plus the chain link and, with
 * lanes on, the lane (`stream_id`). Its text reuses the settings' JSON, which the call already
 * made for its fingerprint (`settingsKey`): only the chain link and the input are serialised here,
 * each item once for both the frame and the chain that hashes it (item-chain.ts).
 */
export function buildFrame(
  call: TurnCall,
  plan: TurnPlan,
  streamId: string | undefined,
  /** Item texts a frame of the same call noted already (`smallestFrame`'s). */
  noted?: ItemTexts,
): Frame {
  const previous = plan.mode === 'delta' ? plan.previousResponseId : undefined;
  const body = withTelemetryView({
    type: 'response.create',
    ...call.request.settings,
    ...(previous !== undefined && { previous_response_id: previous }),
    ...(streamId !== undefined && { stream_id: streamId }),
    input: plan.input,
  });
  // The same text as JSON.stringify(body): the settings never hold the keys added around them.
  const itemTexts: ItemTexts = noted ?? new Map();
  const settings = call.settingsKey.length > 2 ? `${call.settingsKey.slice(1, -1)},` : '';
  const text =
    `{"type":"response.create",${settings}` +
    (previous !== undefined ? `"previous_response_id":${JSON.stringify(previous)},` : '') +
    (streamId !== undefined ? `"stream_id":${JSON.stringify(streamId)},` : '') +
    `"input":${itemsJson(plan.input, itemTexts)}}`;
  return { body, text, bytes: Buffer.byteLength(text), itemTexts };
}
