import { describe, expect, it } from 'vitest';
import { splitText } from '../../src/testing/build-events';
import { defaultOutput } from '../../src/testing/default-rule';
import { findDuplicates } from '../../src/testing/find-duplicates';
import { sampleFromSchema } from '../../src/testing/json-from-schema';

const user = (text: string) => ({ role: 'user', content: [{ type: 'input_text', text }] });
const output = (callId: string) => ({
  type: 'function_call_output',
  call_id: callId,
  output: 'ok',
});
const tools = [
  { type: 'function', name: 'alpha', parameters: {} },
  { type: 'function', name: 'beta', parameters: {} },
  { type: 'web_search' },
];

describe('defaultOutput', () => {
  it('echoes the latest user text', () => {
    const context = [user('first'), { role: 'assistant', content: 'x' }, user('second')];
    expect(defaultOutput(context, {})).toEqual({ text: 'Echo: second' });
  });

  it('#tools=N keeps calling the first function tool until N outputs are in context', () => {
    const body = { tools };
    const prompt = user('do it #tools=2');
    expect(defaultOutput([prompt], body)).toEqual({
      toolCalls: [{ name: 'alpha', arguments: { step: 1 } }],
    });
    expect(defaultOutput([prompt, output('c1')], body)).toEqual({
      toolCalls: [{ name: 'alpha', arguments: { step: 2 } }],
    });
    expect(defaultOutput([prompt, output('c1'), output('c2')], body)).toEqual({
      text: 'Done after 2 tool calls.',
    });
  });

  it('#tools=N counts only the tool outputs after the message that carries it (chats)', () => {
    const body = { tools };
    const call = { type: 'function_call', call_id: 'c1', name: 'alpha', arguments: '{}' };
    const earlier = [
      user('first #tools=1'),
      call,
      output('c1'),
      { role: 'assistant', content: 'Done' },
    ];
    expect(defaultOutput([...earlier, user('again #tools=2')], body)).toEqual({
      toolCalls: [{ name: 'alpha', arguments: { step: 1 } }],
    });
    expect(defaultOutput([...earlier, user('again #tools=2'), call, output('c2')], body)).toEqual({
      toolCalls: [{ name: 'alpha', arguments: { step: 2 } }],
    });
  });

  it('#parallel=K makes K calls at once, cycling through the function tools', () => {
    const prompt = user('#parallel=3');
    expect(defaultOutput([prompt], { tools })).toEqual({
      toolCalls: [
        { name: 'alpha', arguments: { step: 1 } },
        { name: 'beta', arguments: { step: 2 } },
        { name: 'alpha', arguments: { step: 3 } },
      ],
    });
    const answered = [prompt, output('a'), output('b'), output('c')];
    expect(defaultOutput(answered, { tools })).toEqual({ text: 'Done after 3 tool calls.' });
  });

  it('#tools=N with #parallel=K makes steps of K calls', () => {
    const prompt = user('#tools=3 #parallel=2');
    expect(defaultOutput([prompt], { tools })).toMatchObject({ toolCalls: [{}, {}] });
    expect(defaultOutput([prompt, output('a'), output('b')], { tools })).toMatchObject({
      toolCalls: [{ name: 'alpha', arguments: { step: 3 } }],
    });
  });

  it('ignores tool directives when the request has no function tool', () => {
    expect(defaultOutput([user('#tools=2')], {})).toEqual({ text: 'Echo: #tools=2' });
  });

  it('#reasoning adds a reasoning item, with a summary only when asked', () => {
    expect(defaultOutput([user('hm #reasoning')], {})).toEqual({
      text: 'Echo: hm #reasoning',
      reasoning: {},
    });
    const withSummary = defaultOutput([user('hm #reasoning')], { reasoning: { summary: 'auto' } });
    expect(withSummary).toMatchObject({ reasoning: { summary: expect.stringContaining('hm') } });
  });

  it('answers JSON for #json and for json formats', () => {
    expect(defaultOutput([user('#json')], {})).toEqual({ text: '{"echo":"#json"}' });
    expect(defaultOutput([user('x')], { text: { format: { type: 'json_object' } } })).toEqual({
      text: '{"echo":"x"}',
    });
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name', 'age'],
      additionalProperties: false,
    };
    const answer = defaultOutput([user('x')], {
      text: { format: { type: 'json_schema', name: 'person', schema, strict: true } },
    });
    expect(JSON.parse((answer as { text: string }).text)).toEqual({
      name: 'example name',
      age: 42,
    });
  });
});

describe('sampleFromSchema', () => {
  it('fills simple schemas', () => {
    const schema = {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        ok: { type: 'boolean' },
        size: { type: 'number', minimum: 3.5 },
        kind: { type: 'string', enum: ['small', 'big'] },
        fixed: { const: 7 },
        maybe: { type: ['string', 'null'] },
        nested: { type: 'object', properties: { x: { type: 'integer' } } },
        either: { anyOf: [{ type: 'null' }, { type: 'boolean' }] },
        optional: { type: 'string' },
      },
      required: ['tags', 'ok', 'size', 'kind', 'fixed', 'maybe', 'nested', 'either'],
    };
    expect(sampleFromSchema(schema)).toEqual({
      tags: ['example tags', 'example tags'],
      ok: true,
      size: 3.5,
      kind: 'small',
      fixed: 7,
      maybe: 'example maybe',
      nested: { x: 42 },
      either: true,
    });
  });
});

describe('splitText', () => {
  it('splits into several deltas that join back to the text', () => {
    for (const text of ['Echo: hi there', 'Hello', ' lead and trail ', 'a', 'line\nbreak  ']) {
      const deltas = splitText(text);
      expect(deltas.join('')).toBe(text);
      if (text.length > 1) expect(deltas.length).toBeGreaterThan(1);
    }
    expect(splitText('')).toEqual([]);
  });
});

describe('findDuplicates', () => {
  const call = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'f', arguments: '{}' };

  it('finds nothing in a clean delta', () => {
    expect(findDuplicates([user('a'), call], [output('call_1')], 'resp_1')).toEqual([]);
  });

  it('finds call ids used twice even without a parent', () => {
    const lines = findDuplicates([], [call, { ...call, id: undefined }, output('call_1')], null);
    expect(lines).toEqual([
      'function_call call_id=call_1 appears 2 times in context (indices 0, 1)',
    ]);
  });

  it('finds items the parent already held, by id or by content', () => {
    const lines = findDuplicates(
      [user('a'), call],
      [
        { role: 'user', content: 'a' },
        { type: 'item_reference_resolved', id: 'fc_1' },
      ],
      'resp_9',
    );
    expect(lines).toEqual([
      'input[0] message(user) "a" repeats an item parent resp_9 already held (context[0], same content)',
      'input[1] item_reference_resolved fc_1 repeats an item parent resp_9 already held (context[1], same id)',
    ]);
  });
});
