import type { Connection } from '../../pool/connection';
import { planTurn, type TurnPlan } from '../chain/plan-turn';
import type { TurnCall } from './turn-call';

/** A `response.create` frame, as sent and as the request body reported to the caller. */
export type Frame = { body: Record<string, unknown>; text: string; bytes: number };

/**
 * The plan for this attempt: a resend always carries full input (`forcedReason` says why), and
 * so does every call with `inputMode: 'full'`; a first attempt asks the delta rule, given the
 * socket the pool handed out.
 */
export function planAttempt(
  call: TurnCall,
  connection: Connection,
  forcedReason: string | undefined,
): TurnPlan {
  const reason = forcedReason ?? (call.config.inputMode === 'full' ? 'input-mode-full' : undefined);
  if (reason) return { mode: 'full', input: call.request.input, reason };
  return planTurn({
    items: call.request.input,
    settingsKey: call.settingsKey,
    head: call.head,
    missing: call.missing,
    connection: { id: connection.id, headId: connection.headId },
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
