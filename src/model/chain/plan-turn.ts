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
  /**
   * The socket and lane chosen for this call: the socket's id, the latest response the lane
   * holds, and whether another lane of that socket holds the head (lanes on, a double submit):
   * a request on this lane naming it forks it from there.
   */
  connection: { id: number; headId: string | undefined; forkable?: boolean };
};

/**
 * The delta rule (docs/architecture.md, "The delta rule"): continue a head with
 * `previous_response_id` and only the new items when the settings are unchanged, the prompt starts
 * with exactly what the server holds, and the server can find the head (it is the chosen lane's
 * latest response, another lane of the same socket holds it, or it was stored).
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
  const onThisLane = connection.id === head.connectionId && connection.headId === head.responseId;
  const fork = !onThisLane && connection.forkable === true && connection.id === head.connectionId;
  if (!onThisLane && !fork && !head.stored) return full('socket-replaced');
  return {
    mode: 'delta',
    previousResponseId: head.responseId,
    input: items.slice(held.length),
    reason: onThisLane ? 'continuation' : fork ? 'continuation-fork' : 'continuation-from-store',
    held,
  };
}
