import type { Connection } from '../../pool/connection';
import { planResend, planTurn, type TurnPlan } from '../chain/plan-turn';
import type { TurnCall } from './turn-call';

/** A `response.create` frame, as sent and as the request body reported to the caller. */
export type Frame = { body: Record<string, unknown>; text: string; bytes: number };

/**
 * The plan for this attempt: a resend carries full input (`forcedReason` says why), or the
 * user's own parent again; a first attempt asks the delta rule, given the socket the pool
 * handed out.
 */
export function planAttempt(
  call: TurnCall,
  connection: Connection,
  forcedReason: string | undefined,
): TurnPlan {
  const { input: items, previousResponseId: explicitParent } = call.request;
  if (forcedReason) return planResend({ items, head: call.head, explicitParent }, forcedReason);
  return planTurn({
    items,
    settingsKey: call.settingsKey,
    head: call.head,
    namesResponse: call.namesResponse,
    connection: { id: connection.id, headId: connection.headId },
    explicitParent,
  });
}

/** The `response.create` frame: the Responses body minus `stream`, plus the chain link. */
export function buildFrame(call: TurnCall, plan: TurnPlan): Frame {
  const body = {
    type: 'response.create',
    ...call.request.settings,
    ...(plan.mode === 'delta' && { previous_response_id: plan.previousResponseId }),
    input: plan.input,
  };
  const text = JSON.stringify(body);
  return { body, text, bytes: Buffer.byteLength(text) };
}
