import type { InputItem } from '../../types';
import type { ChainHead } from './head-store';
import { extendsHistory } from './history-prefix';

export type TurnPlan =
  | {
      mode: 'delta';
      previousResponseId: string;
      input: InputItem[];
      reason: string;
      /** The form of the head's items the prompt starts with (`head.items` or `head.plainItems`). */
      held: readonly InputItem[];
    }
  | { mode: 'full'; input: InputItem[]; reason: string };

export type PlanTurnArgs = {
  /** The full input the prompt converts to. */
  items: InputItem[];
  settingsKey: string;
  /** The head the prompt continues (named in part metadata, verified, or by conversationId). */
  head: ChainHead | undefined;
  /** Without a head: why (`new-conversation`, `unverifiable-response`, a digest mismatch, …). */
  missing: string;
  /** The socket chosen for this call: its id and the latest response it holds. */
  connection: { id: number; headId: string | undefined };
};

/**
 * The delta rule (docs/architecture.md, "The delta rule"): continue a head with `previous_response_id` and only the new items
 * when the settings are unchanged, the prompt starts with exactly what the server holds, and the
 * server can find the head (it is the chosen socket's latest response, or it was stored).
 */
export function planTurn({
  items,
  settingsKey,
  head,
  missing,
  connection,
}: PlanTurnArgs): TurnPlan {
  const full = (reason: string): TurnPlan => ({ mode: 'full', input: items, reason });
  if (!head) return full(missing);
  if (head.settingsKey !== settingsKey) return full('settings-changed');
  const held = [head.items, head.plainItems].find((candidate) => extendsHistory(candidate, items));
  if (!held) return full('history-changed');
  const onThisSocket = connection.id === head.connectionId && connection.headId === head.responseId;
  if (!onThisSocket && !head.stored) return full('socket-replaced');
  return {
    mode: 'delta',
    previousResponseId: head.responseId,
    input: items.slice(held.length),
    reason: onThisSocket ? 'continuation' : 'continuation-from-store',
    held,
  };
}
