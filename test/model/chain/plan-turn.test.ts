import { describe, expect, it } from 'vitest';
import { DeferredForm } from '../../../src/model/chain/head-form';
import type { ChainHead } from '../../../src/model/chain/head-store';
import { planResend, planTurn } from '../../../src/model/chain/plan-turn';
import type { InputItem } from '../../../src/types';

/*
 * The delta rule as a table: every reason planTurn can give and every branch that leads to it.
 * Items are compared structurally, so each case builds fresh objects (never the held instances).
 */

const user = (text: string): InputItem => ({
  role: 'user',
  content: [{ type: 'input_text', text }],
});
const reference = (id: string): InputItem => ({ type: 'item_reference', id });
const assistant = (text: string): InputItem => ({ role: 'assistant', content: text });
const output = (callId: string): InputItem => ({
  type: 'function_call_output',
  call_id: callId,
  output: 'ok',
});

/** What the server holds for resp_1: the first prompt plus its output, in both forms. */
const held = () => [user('one'), reference('msg_1')];
const heldPlain = () => [user('one'), assistant('Echo: one')];

function head(overrides: Partial<ChainHead> = {}): ChainHead {
  return {
    responseId: 'resp_1',
    scope: 'scope-a',
    contextKey: 'context-a',
    conversionKey: 'conversion-a',
    messages: [],
    items: held(),
    inputWarnings: [],
    plain: DeferredForm.of({ messages: [], items: heldPlain() }),
    stored: true,
    connectionId: 7,
    ...overrides,
  };
}

const SAME_SOCKET = { id: 7, headId: 'resp_1' };
const OTHER_SOCKET = { id: 8, headId: undefined };
/** The head's socket, which has carried another response since. */
const SOCKET_MOVED_ON = { id: 7, headId: 'resp_2' };
/**
 * Lanes on: another lane of the head's socket (holding no chain), while the head's own lane is
 * busy; the pool says a request on it may fork the head.
 */
const FORK_LANE = { id: 7, headId: undefined, forkable: true };
/** Lanes on: a lane of the head's socket that holds another chain. */
const OTHER_LANE = { id: 7, headId: 'resp_9' };

type Case = {
  name: string;
  items: InputItem[];
  head: ChainHead | undefined;
  /** The lookup's reason for a missing head (default: new-conversation). */
  missing?: string;
  contextKey?: string;
  connection?: { id: number; headId: string | undefined; forkable?: boolean };
  explicitParent?: string;
  expected:
    | { mode: 'full'; reason: string }
    | {
        mode: 'delta';
        reason: string;
        previousResponseId: string;
        input: InputItem[];
        explicit?: true;
      };
};

const approvalResponse = (id: string): InputItem => ({
  type: 'mcp_approval_response',
  approval_request_id: id,
  approve: true,
});

const cases: Case[] = [
  {
    name: 'no head, and the prompt names no response: a new conversation',
    items: [user('one')],
    head: undefined,
    expected: { mode: 'full', reason: 'new-conversation' },
  },
  {
    name: 'no head, although the prompt names a response: the reason the lookup gave',
    items: [...held(), user('two')],
    head: undefined,
    missing: 'unverifiable-response',
    expected: { mode: 'full', reason: 'unverifiable-response' },
  },
  {
    name: 'no head, because its digest did not verify: the mismatch',
    items: [...held(), user('two')],
    head: undefined,
    missing: 'history-changed',
    expected: { mode: 'full', reason: 'history-changed' },
  },
  {
    name: 'different settings that bind the context (model, store, …)',
    items: [...held(), user('two')],
    head: head(),
    contextKey: 'context-b',
    expected: { mode: 'full', reason: 'settings-changed' },
  },
  {
    name: 'the same context settings (whatever the tools, tool choice or sampling): a delta',
    items: [...held(), user('two')],
    head: head({ contextKey: 'context-a' }),
    expected: {
      mode: 'delta',
      reason: 'continuation',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: 'an edited item in the held prefix',
    items: [user('one, edited'), reference('msg_1'), user('two')],
    head: head(),
    expected: { mode: 'full', reason: 'history-changed' },
  },
  {
    name: 'exactly the held items and nothing new (never an empty delta)',
    items: held(),
    head: head(),
    expected: { mode: 'full', reason: 'history-changed' },
  },
  {
    name: 'fewer items than the server holds (history cut)',
    items: [user('one')],
    head: head(),
    expected: { mode: 'full', reason: 'history-changed' },
  },
  {
    name: 'a new item after the held ones, on the socket that holds the head',
    items: [...held(), user('two')],
    head: head(),
    expected: {
      mode: 'delta',
      reason: 'continuation',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: 'tool results after the held ones, on the socket that holds the head',
    items: [...held(), output('call_1'), output('call_2')],
    head: head(),
    expected: {
      mode: 'delta',
      reason: 'continuation',
      previousResponseId: 'resp_1',
      input: [output('call_1'), output('call_2')],
    },
  },
  {
    name: 'the prompt in its plain form (messages stored without metadata)',
    items: [...heldPlain(), user('two')],
    head: head(),
    expected: {
      mode: 'delta',
      reason: 'continuation',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: 'another socket, the head stored: continued from the store',
    items: [...held(), user('two')],
    head: head(),
    connection: OTHER_SOCKET,
    expected: {
      mode: 'delta',
      reason: 'continuation-from-store',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: "the head's socket after another response, the head stored: continued from the store",
    items: [...held(), user('two')],
    head: head(),
    connection: SOCKET_MOVED_ON,
    expected: {
      mode: 'delta',
      reason: 'continuation-from-store',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: 'another socket, the head not stored: only its own socket could continue it',
    items: [...held(), user('two')],
    head: head({ stored: false }),
    connection: OTHER_SOCKET,
    expected: { mode: 'full', reason: 'socket-replaced' },
  },
  {
    name: "the head's socket after another response, the head not stored",
    items: [...held(), user('two')],
    head: head({ stored: false }),
    connection: SOCKET_MOVED_ON,
    expected: { mode: 'full', reason: 'socket-replaced' },
  },
  {
    name: 'lanes on, the head not stored, another lane of its socket that may fork it',
    items: [...held(), user('two')],
    head: head({ stored: false }),
    connection: FORK_LANE,
    expected: {
      mode: 'delta',
      reason: 'continuation-fork',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: 'lanes on, a forkable lane of another socket (a fork never crosses sockets)',
    items: [...held(), user('two')],
    head: head({ stored: false }),
    connection: { ...FORK_LANE, id: 8 },
    expected: { mode: 'full', reason: 'socket-replaced' },
  },
  {
    name: 'lanes on, the head not stored, a lane of its socket that holds another chain',
    items: [...held(), user('two')],
    head: head({ stored: false }),
    connection: OTHER_LANE,
    expected: { mode: 'full', reason: 'socket-replaced' },
  },
  {
    name: 'lanes on, the head stored, a lane of its socket that holds another chain',
    items: [...held(), user('two')],
    head: head(),
    connection: OTHER_LANE,
    expected: {
      mode: 'delta',
      reason: 'continuation-from-store',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: 'a user-supplied previousResponseId and only the new items (no head known)',
    items: [user('two')],
    head: undefined,
    explicitParent: 'resp_user',
    expected: {
      mode: 'delta',
      reason: 'previous-response-id',
      previousResponseId: 'resp_user',
      input: [user('two')],
      explicit: true,
    },
  },
  {
    name: 'a user-supplied previousResponseId whose head the items do not extend',
    items: [user('two')],
    head: head(),
    explicitParent: 'resp_1',
    expected: {
      mode: 'delta',
      reason: 'previous-response-id',
      previousResponseId: 'resp_1',
      input: [user('two')],
      explicit: true,
    },
  },
  {
    name: 'a user-supplied previousResponseId with the full history: planned as any other call',
    items: [...held(), user('two')],
    head: head(),
    explicitParent: 'resp_1',
    expected: {
      mode: 'delta',
      reason: 'continuation',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
  {
    name: 'a forkable lane, but the history changed: full input',
    items: [user('one, edited'), reference('msg_1'), user('two')],
    head: head({ stored: false }),
    connection: FORK_LANE,
    expected: { mode: 'full', reason: 'history-changed' },
  },
  {
    name: "an approval answered after the head: the reference to the head's request is left out",
    items: [...held(), reference('mcpr_1'), approvalResponse('mcpr_1')],
    head: head({ approvalRequestIds: new Set(['mcpr_1']) }),
    expected: {
      mode: 'delta',
      reason: 'continuation',
      previousResponseId: 'resp_1',
      input: [approvalResponse('mcpr_1')],
    },
  },
  {
    name: 'only a reference to what the head holds after it: nothing new (never an empty delta)',
    items: [...held(), reference('mcpr_1')],
    head: head({ approvalRequestIds: new Set(['mcpr_1']) }),
    expected: { mode: 'full', reason: 'history-changed' },
  },
  {
    name: 'the head not stored, on the socket that holds it',
    items: [...held(), user('two')],
    head: head({ stored: false }),
    expected: {
      mode: 'delta',
      reason: 'continuation',
      previousResponseId: 'resp_1',
      input: [user('two')],
    },
  },
];

const plan = (testCase: Case) =>
  planTurn({
    items: testCase.items,
    contextKey: testCase.contextKey ?? 'context-a',
    head: testCase.head,
    missing: testCase.missing ?? 'new-conversation',
    connection: testCase.connection ?? SAME_SOCKET,
    explicitParent: testCase.explicitParent,
  });

describe('planTurn (the delta rule)', () => {
  it.each(cases)('$name → $expected.mode, $expected.reason', (testCase) => {
    const planned = plan(testCase);
    if (planned.mode === 'full') {
      expect(planned).toEqual({ ...testCase.expected, input: testCase.items });
      // Full input is the call's own items, not a copy.
      expect(planned.input).toBe(testCase.items);
    } else {
      const { held: form, ...rest } = planned;
      expect(rest).toEqual(testCase.expected);
      // The form of the head's items the prompt starts with, by identity (a chain extends it);
      // nothing when the user named the parent of a prompt that holds only what follows it.
      if (planned.explicit) expect(form).toEqual([]);
      else expect([testCase.head?.items, testCase.head?.plain.current?.items]).toContain(form);
    }
  });

  it('covers every reason the planner gives', () => {
    const reasons = new Set(cases.map((testCase) => testCase.expected.reason));
    expect([...reasons].sort()).toEqual([
      'continuation',
      'continuation-fork',
      'continuation-from-store',
      'history-changed',
      'new-conversation',
      'previous-response-id',
      'settings-changed',
      'socket-replaced',
      'unverifiable-response',
    ]);
  });

  it('a delta never repeats an item the server holds', () => {
    for (const testCase of cases) {
      const planned = plan(testCase);
      if (planned.mode !== 'delta' || !testCase.head || planned.explicit) continue;
      expect(planned.input.length).toBeGreaterThan(0);
      // What the server holds plus the delta is the whole prompt, in one of the held forms
      // (less the references to items of the head's own output, which it holds too).
      const held = testCase.head.approvalRequestIds ?? new Set();
      const sent = testCase.items.filter(
        (item) => item.type !== 'item_reference' || !held.has(item.id as string),
      );
      const forms = [testCase.head.items, testCase.head.plain.current?.items ?? []];
      expect(forms.map((form) => [...form, ...planned.input])).toContainEqual(sent);
    }
  });
});

describe('planResend', () => {
  it('resends full input, or the user-named parent with the items as given', () => {
    expect(planResend({ items: [user('two')], head: undefined }, 'socket-replaced')).toEqual({
      mode: 'full',
      input: [user('two')],
      reason: 'socket-replaced',
    });
    expect(
      planResend(
        { items: [user('two')], head: undefined, explicitParent: 'resp_user' },
        'socket-replaced',
      ),
    ).toEqual({
      mode: 'delta',
      previousResponseId: 'resp_user',
      input: [user('two')],
      reason: 'socket-replaced',
      held: [],
      explicit: true,
    });
    // The full history was passed: a resend sends it all, without the parent.
    expect(
      planResend(
        { items: [...held(), user('two')], head: head(), explicitParent: 'resp_1' },
        'socket-replaced',
      ).mode,
    ).toBe('full');
  });
});
