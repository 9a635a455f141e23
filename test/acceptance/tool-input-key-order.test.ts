/**
 * Tool inputs the AI SDK hands back with their keys in the schema's order. The model may emit a
 * function call's arguments in any key order (`{"limit":5,"q":"ws"}`); the AI SDK parses them
 * with the tool's zod schema, which builds the input in the schema's order (`{"q":"ws","limit":5}`),
 * and the next prompt carries that, while the server holds the model's string. Equal up to key
 * order, it is the call the server holds: the conversation continues by delta, on this instance
 * and on any other (which proves it by the digest). A changed value still goes out in full.
 */
import { generateText, type ModelMessage, stepCountIs, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MockRequestRecord } from '../../src/testing';
import { type Instance, useInstances } from '../helpers/instances';
import { inputTypes, wsMeta } from '../helpers/mock-provider';

const setup = useInstances();
const { records } = setup;

const search = tool({
  inputSchema: z.object({ q: z.string(), limit: z.number() }),
  execute: async ({ q, limit }) => `${limit} results for ${q}`,
});
/** The same with a default the model may leave out, after the keys it gives. */
const sortedSearch = tool({
  inputSchema: z.object({ q: z.string(), limit: z.number(), sort: z.string().default('rank') }),
  execute: async ({ q, limit, sort }) => `${limit} results for ${q} by ${sort}`,
});

/** The model calls search with its keys in another order than the schema's. */
const searchReordered = () =>
  setup.server.enqueue({ toolCalls: [{ name: 'search', arguments: { limit: 5, q: 'ws' } }] });

/** The arguments of the function calls the server held for a request. */
const heldCalls = (record: MockRequestRecord) =>
  record.context.flatMap((item) => {
    const { type, arguments: args } = item as { type?: string; arguments?: string };
    return type === 'function_call' ? [args] : [];
  });

/** One chat turn (a tool loop) on `instance`: the history it returns is what an app keeps. */
async function turn(
  instance: Instance,
  history: ModelMessage[],
  text: string,
  tools: ToolSet = { search },
) {
  const messages: ModelMessage[] = [...history, { role: 'user', content: text }];
  const result = await generateText({
    model: instance('gpt-4.1-mini'),
    messages,
    tools,
    stopWhen: stepCountIs(4),
  });
  return {
    history: [...messages, ...result.responseMessages],
    result,
    meta: result.steps.map((step) => wsMeta(step.providerMetadata)),
  };
}

/** The tool-call part of the history's first assistant message. */
const firstCall = (history: ModelMessage[]) =>
  (history[1].content as Array<{ type: string; input?: unknown }>)[0];

describe('a tool call whose arguments the model emitted in another key order', () => {
  it('the tool step continues by delta on the same instance', async () => {
    searchReordered();
    const one = await turn(setup.instance(), [], 'Search');
    expect(one.result.steps[0].toolCalls[0].input).toEqual({ q: 'ws', limit: 5 });
    expect(one.meta.map((m) => m.reason)).toEqual(['new-conversation', 'continuation']);
    expect(inputTypes(records()[1])).toEqual(['function_call_output']);
    expect(heldCalls(records()[1])).toEqual(['{"limit":5,"q":"ws"}']);
  });

  it.each([
    { name: 'reordered', tools: { search } },
    { name: 'reordered, a default left out too', tools: { search: sortedSearch } },
  ])('on the same instance, compared item by item ($name)', async ({ tools }) => {
    const a = setup.instance();
    searchReordered();
    const one = await turn(a, [], 'Search', tools);
    // Options of another provider on the first message: the same items, other messages, so the
    // prompt no longer starts with the head's messages: it is converted anew and compared with
    // the head's items.
    one.history[0] = { role: 'user', content: 'Search', providerOptions: { other: { tag: 1 } } };
    const two = await turn(a, one.history, 'Thanks', tools);
    expect(two.meta).toMatchObject([{ inputMode: 'delta', reason: 'continuation' }]);
    expect(inputTypes(records()[2])).toEqual(['message:user']);
    expect(records()[2].duplicates).toEqual([]);
    expect(heldCalls(records()[2])).toEqual(['{"limit":5,"q":"ws"}']);
  });

  it.each([
    { name: 'reordered', tools: { search }, input: { q: 'ws', limit: 5 } },
    {
      name: 'reordered, a default left out too',
      tools: { search: sortedSearch },
      input: { q: 'ws', limit: 5, sort: 'rank' },
    },
  ])(
    'the next turn continues by delta from the store on another instance ($name)',
    async ({ tools, input }) => {
      const [a, b] = [setup.instance(), setup.instance()];
      searchReordered();
      const one = await turn(a, [], 'Search', tools);
      expect(firstCall(one.history)).toMatchObject({ type: 'tool-call', input });
      const two = await turn(b, one.history, 'Thanks', tools);
      expect(two.meta).toMatchObject([{ inputMode: 'delta', reason: 'continuation-from-store' }]);
      const record = records()[2];
      expect(record.previousResponseId).toBe(records()[1].responseId);
      expect(inputTypes(record)).toEqual(['message:user']);
      expect(record.duplicates).toEqual([]);
      // The server runs on the model's own call.
      expect(heldCalls(record)).toEqual(['{"limit":5,"q":"ws"}']);
    },
  );

  it.each([
    { where: 'another instance', next: (a: Instance) => [a, setup.instance()] },
    { where: 'the same instance', next: (a: Instance) => [a, a] },
  ])('a value changed in the history: full input on $where', async ({ next }) => {
    const [a, b] = next(setup.instance());
    searchReordered();
    const one = await turn(a, [], 'Search');
    firstCall(one.history).input = { q: 'ws', limit: 6 };
    const two = await turn(b, one.history, 'Thanks');
    expect(two.meta).toMatchObject([{ inputMode: 'full', reason: 'history-changed' }]);
    expect(records()[2].previousResponseId).toBeNull();
    expect(heldCalls(records()[2])).toEqual(['{"q":"ws","limit":6}']);
  });
});
