import { describe, expect, it } from 'vitest';
import { EventPump, type PumpArgs } from '../../../src/model/turn/event-pump';
import type { StreamPart } from '../../../src/types';

const itemId = 'msg_1';
const events = (deltas: string[]): Record<string, unknown>[] => [
  { type: 'response.created', response: { id: 'resp_1', created_at: 1, model: 'gpt-4.1' } },
  {
    type: 'response.output_item.added',
    output_index: 0,
    item: { type: 'message', id: itemId, role: 'assistant', content: [] },
  },
  ...deltas.map((delta) => ({
    type: 'response.output_text.delta',
    item_id: itemId,
    output_index: 0,
    content_index: 0,
    delta,
  })),
  {
    type: 'response.output_item.done',
    output_index: 0,
    item: {
      type: 'message',
      id: itemId,
      role: 'assistant',
      content: [{ type: 'output_text', text: deltas.join(''), annotations: [] }],
    },
  },
  {
    type: 'response.completed',
    response: { id: 'resp_1', output: [], usage: { input_tokens: 1, output_tokens: 2 } },
  },
];

function pump(onSettle: (parts: StreamPart[]) => void) {
  const out: StreamPart[] = [];
  const args: PumpArgs = {
    includeRawChunks: false,
    tools: undefined,
    logprobs: false,
    approvalToolCallIds: () => ({}),
    generate: false,
    requestBody: {},
    warnings: [],
    metadata: {} as PumpArgs['metadata'],
    providerOptionsName: 'openai',
    signal: undefined,
    url: 'https://api.openai.com/v1/responses',
    settle: async ({ parts }) => onSettle([...parts]),
  };
  const eventPump = new EventPump(args, {
    enqueue: (part) => out.push(part),
    close: () => {},
    error: (reason) => {
      throw reason;
    },
  });
  return { eventPump, out };
}

describe('EventPump', () => {
  it('hands on every delta as it came, and keeps a run of deltas as one part for settling', async () => {
    // More deltas than one batch, so the kept text is joined several times.
    const deltas = Array.from({ length: 150 }, (_, i) => `w${i} `);
    let settled: StreamPart[] = [];
    const { eventPump, out } = pump((parts) => {
      settled = parts;
    });
    for (const event of events(deltas)) {
      const handled = eventPump.handle(event);
      if (typeof handled !== 'number') await handled;
    }
    const handedOn = out.filter((part) => part.type === 'text-delta');
    expect(handedOn.map((part) => part.delta)).toEqual(deltas);
    const kept = settled.filter((part) => part.type === 'text-delta');
    expect(kept).toEqual([{ type: 'text-delta', id: itemId, delta: deltas.join('') }]);
    // The caller's parts are not the kept one: its text never grows under the caller.
    expect(handedOn.every((part) => part.delta.length < 6)).toBe(true);
    expect(settled.map((part) => part.type)).toEqual([
      'response-metadata',
      'text-start',
      'text-delta',
      'text-end',
      'finish',
    ]);
  });
});
