import type { InputItem } from '../../types';
import { type HeadForm, itemsWithoutEmptyTexts } from './head-form';
import type { ChainHead } from './head-store';
import { extendsHistory } from './history-prefix';

export type TurnPlan =
  | {
      mode: 'delta';
      previousResponseId: string;
      input: InputItem[];
      reason: string;
      /**
       * The form of the head's items the prompt starts with (`head.items` or its plain form's,
       * either one without the output's empty messages for ai@5 and ai@6); empty when the user
       * named the parent of a prompt that holds only what follows it.
       */
      held: readonly InputItem[];
      /** The user named the parent: the input is theirs, and a lost parent cannot be resent. */
      explicit?: true;
    }
  | { mode: 'full'; input: InputItem[]; reason: string };

export type PlanTurnArgs = {
  /** The full input the prompt converts to. */
  items: InputItem[];
  /** `contextKey` of the call's settings. */
  contextKey: string;
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
  /**
   * A `previousResponseId` the user supplied: the parent the prompt continues, as in
   * `@ai-sdk/openai`, where the prompt holds only what follows it.
   */
  explicitParent?: string;
};

/**
 * The delta rule (docs/architecture.md, "The delta rule"): continue a head with
 * `previous_response_id` and only the new items when the settings that bind its context are
 * unchanged (context-key.ts), the prompt starts
 * with exactly what the server holds, and the server can find the head (it is the chosen lane's
 * latest response, another lane of the same socket holds it, or it was stored).
 *
 * A user-supplied `previousResponseId` whose head the prompt does not extend means what it means
 * for `@ai-sdk/openai`: the prompt's items go out as they are, continuing that response.
 */
export function planTurn(args: PlanTurnArgs): TurnPlan {
  const { items, contextKey, head, missing, connection, explicitParent } = args;
  const held = heldPrefix(head, items);
  if (explicitParent !== undefined && held === undefined) {
    return explicitPlan(explicitParent, items, 'previous-response-id');
  }
  const full = (reason: string): TurnPlan => ({ mode: 'full', input: items, reason });
  if (!head) return full(missing);
  if (head.contextKey !== contextKey) return full('settings-changed');
  if (!held) return full('history-changed');
  const onThisLane = connection.id === head.connectionId && connection.headId === head.responseId;
  const fork = !onThisLane && connection.forkable === true && connection.id === head.connectionId;
  if (!onThisLane && !fork && !head.stored) return full('socket-replaced');
  const input = withoutHeldReferences(items.slice(held.length), head);
  if (input.length === 0) return full('history-changed');
  return {
    mode: 'delta',
    previousResponseId: head.responseId,
    input,
    reason: onThisLane ? 'continuation' : fork ? 'continuation-fork' : 'continuation-from-store',
    held,
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

const NOTHING_HELD: readonly InputItem[] = [];

function explicitPlan(parent: string, items: InputItem[], reason: string): TurnPlan {
  return {
    mode: 'delta',
    previousResponseId: parent,
    input: items,
    reason,
    held: NOTHING_HELD,
    explicit: true,
  };
}

/**
 * The form of the head's items the prompt's items extend, if any. The plain form counts once it
 * was made: the call made it (`ensureHeadForms`) when its items do not extend `head.items`.
 */
function heldPrefix(head: ChainHead | undefined, items: readonly InputItem[]) {
  if (!head) return undefined;
  const plain = head.plain.current;
  return heldIn(head, items) ?? (plain && heldIn(plain, items));
}

/**
 * `form.items` when `items` extend them; else the same without the output's empty messages when
 * `items` extend those: ai@5 and ai@6 leave empty text parts out of the next prompt
 * (empty-texts.ts), and the server holding an empty message the prompt leaves out changes
 * nothing the model reads. A delta never sends a held item either way.
 */
function heldIn(form: HeadForm, items: readonly InputItem[]) {
  if (extendsHistory(form.items, items)) return form.items;
  const dropped = itemsWithoutEmptyTexts(form);
  return dropped && extendsHistory(dropped, items) ? dropped : undefined;
}

/** Makes the head's plain form when the call's items may extend it (before `planTurn` runs). */
export async function ensureHeadForms(
  head: ChainHead | undefined,
  items: readonly InputItem[],
): Promise<void> {
  if (head && !heldIn(head, items)) await head.plain.load(head);
}

/**
 * A reference to an MCP approval request the server holds for the head (one its output asked,
 * or one its parent held when the head continued it by delta) repeats that item: a delta leaves
 * it out.
 */
function withoutHeldReferences(input: InputItem[], head: ChainHead): InputItem[] {
  const held = head.approvalRequestIds;
  if (held === undefined || held.size === 0) return input;
  return input.filter((item) => item.type !== 'item_reference' || !held.has(item.id as string));
}

/**
 * The head whose response the plan names as `previous_response_id` (a delta on any form of it,
 * or the user's own parent when it is that head): the server holds that head's whole context.
 */
export function parentHead(head: ChainHead | undefined, plan: TurnPlan): ChainHead | undefined {
  return plan.mode === 'delta' && plan.previousResponseId === head?.responseId ? head : undefined;
}

/**
 * The head a turn continued in its items form: its input starts with that head's `items`, so the
 * new head's chain starts from its chain. Undefined for full input, or a delta on another form
 * (the plain one, or one without the empty messages): the new head's chain is hashed anew.
 */
export function continuedHead(head: ChainHead | undefined, plan: TurnPlan): ChainHead | undefined {
  return plan.mode === 'delta' && plan.held === head?.items ? head : undefined;
}
