import { describe, expect, it } from 'vitest';
import { useMockServer } from './use-mock-server';

/*
 * The input items a client builds are where its serialisation bugs show: an object where the API
 * wants a JSON string, a missing call_id. The real API refuses such items with a 400 naming the
 * field (`input[i].field`); a mock that accepted them would let those bugs through.
 */
const mock = useMockServer();

const call = { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{}' };
const output = { type: 'function_call_output', call_id: 'call_1', output: 'ok' };

const refused: [string, unknown[], string, string][] = [
  [
    'arguments as an object',
    [{ ...call, arguments: { a: 1 } }],
    'invalid_type',
    'input[0].arguments',
  ],
  [
    'a call without call_id',
    [{ ...call, call_id: undefined }],
    'missing_required_parameter',
    'input[0].call_id',
  ],
  [
    'a call without name',
    [{ ...call, name: undefined }],
    'missing_required_parameter',
    'input[0].name',
  ],
  [
    'an output without call_id',
    [call, { ...output, call_id: undefined }],
    'missing_required_parameter',
    'input[1].call_id',
  ],
  [
    'an output without output',
    [call, { ...output, output: undefined }],
    'missing_required_parameter',
    'input[1].output',
  ],
  [
    'an output that is a number',
    [call, { ...output, output: 5 }],
    'invalid_type',
    'input[1].output',
  ],
  [
    'a message without content',
    [{ role: 'user' }],
    'missing_required_parameter',
    'input[0].content',
  ],
  [
    'a message with numeric content',
    [{ role: 'user', content: 5 }],
    'invalid_type',
    'input[0].content',
  ],
  [
    'a message with an unknown role',
    [{ role: 'robot', content: 'x' }],
    'invalid_value',
    'input[0].role',
  ],
  [
    'a reference without id',
    [{ type: 'item_reference' }],
    'missing_required_parameter',
    'input[0].id',
  ],
];

describe('input items', () => {
  it.each(refused)('refuses %s, naming the field', async (_name, input, code, param) => {
    const client = await mock.open();
    const turn = await client.turn({ model: 'gpt-4.1-mini', input });
    expect(turn.events).toEqual([
      expect.objectContaining({
        type: 'error',
        status: 400,
        error: expect.objectContaining({ type: 'invalid_request_error', code, param }),
      }),
    ]);
  });

  it('accepts the shapes clients send: easy messages, parts, calls and outputs', async () => {
    const client = await mock.open();
    const turn = await client.turn({
      model: 'gpt-4.1-mini',
      input: [
        { role: 'developer', content: 'be brief' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
        { ...call, id: 'fc_1', status: 'completed' },
        { ...output, output: [{ type: 'input_text', text: 'ok' }] },
        { type: 'reasoning', id: 'rs_1', summary: [] },
      ],
    });
    expect(turn.events.at(-1)?.type).toBe('response.completed');
  });
});
