import type { InputItem } from '../../types';
import type { ChainHead } from './head-store';
import { extendsHistory } from './history-prefix';

export type TurnPlan =
  | {
      mode: 'delta';
      previousResponseId: string;
      input: InputItem[];
      reason: string;
      /** The user named the parent: the input is theirs, and a lost parent cannot be resent. */
      explicit?: true;
    }
  | { mode: 'full'; input: InputItem[]; reason: string };

export type PlanTurnArgs = {
  /** The full input the prompt converts to. */
  items: InputItem[];
  settingsKey: string;
  /** The head the prompt names (via part metadata or conversationId), if known. */
  head: ChainHead | undefined;
  /** Whether the prompt names a response at all (for the reason given). */
  namesResponse: boolean;
  /** The socket chosen for this call: its id and the latest response it holds. */
  connection: { id: number; headId: string | undefined };
  /**
   * A `previousResponseId` the user supplied: the parent the prompt continues, as in
   * `@ai-sdk/openai`, where the prompt holds only what follows it.
   */
  explicitParent?: string;
};

/**
 * The delta rule (docs/architecture.md, "The delta rule"): continue a head with `previous_response_id` and only the new items
 * when the settings are unchanged, the prompt starts with exactly what the server holds, and the
 * server can find the head (it is the chosen socket's latest response, or it was stored).
 *
 * A user-supplied `previousResponseId` whose head the prompt does not extend means what it means
 * for `@ai-sdk/openai`: the prompt's items go out as they are, continuing that response.
 */
export function planTurn(args: PlanTurnArgs): TurnPlan {
  const { items, settingsKey, head, namesResponse, connection, explicitParent } = args;
  const held = heldPrefix(head, items);
  if (explicitParent !== undefined && held === undefined) {
    return explicitPlan(explicitParent, items, 'previous-response-id');
  }
  const full = (reason: string): TurnPlan => ({ mode: 'full', input: items, reason });
  if (!head) return full(namesResponse ? 'unknown-response' : 'new-conversation');
  if (head.settingsKey !== settingsKey) return full('settings-changed');
  if (!held) return full('history-changed');
  const onThisSocket = connection.id === head.connectionId && connection.headId === head.responseId;
  if (!onThisSocket && !head.stored) return full('socket-replaced');
  const input = withoutHeldReferences(items.slice(held.length), head);
  if (input.length === 0) return full('history-changed');
  return {
    mode: 'delta',
    previousResponseId: head.responseId,
    input,
    reason: onThisSocket ? 'continuation' : 'continuation-from-store',
  };
}

/**
 * The plan of a resend (`reason` says why the first attempt failed): the full input, or, when
 * the user named the parent of a prompt that holds only what follows it, that parent again.
 */
export function planResend(
  { items, head, explicitParent }: Pick<PlanTurnArgs, 'items' | 'head' | 'explicitParent'>,
  reason: string,
): TurnPlan {
  if (explicitParent !== undefined && heldPrefix(head, items) === undefined) {
    return explicitPlan(explicitParent, items, reason);
  }
  return { mode: 'full', input: items, reason };
}

function explicitPlan(parent: string, items: InputItem[], reason: string): TurnPlan {
  return { mode: 'delta', previousResponseId: parent, input: items, reason, explicit: true };
}

/** The form of the head's items the prompt's items extend, if any. */
function heldPrefix(head: ChainHead | undefined, items: InputItem[]) {
  if (!head) return undefined;
  return [head.items, head.plainItems].find((candidate) => extendsHistory(candidate, items));
}

/**
 * A reference to an item of the head's own output (an MCP approval request its approval
 * response names) repeats what the server holds: a delta leaves it out.
 */
function withoutHeldReferences(input: InputItem[], head: ChainHead): InputItem[] {
  const held = head.approvalRequestIds;
  if (held === undefined || held.size === 0) return input;
  return input.filter((item) => item.type !== 'item_reference' || !held.has(item.id as string));
}
