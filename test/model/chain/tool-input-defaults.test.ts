import { describe, expect, it } from 'vitest';
import { toolInputs, withoutDefaultValues } from '../../../src/model/chain/tool-input-defaults';
import type { CallOptions, Content, InputItem } from '../../../src/types';

/*
 * The edges of the rule that test/acceptance/delta-continuation.test.ts and
 * continue-on-any-instance.test.ts run end to end: only top-level keys the model left out, only
 * the values the JSON schema declares.
 */

const tools: CallOptions['tools'] = [
  {
    type: 'function',
    name: 'search',
    inputSchema: {
      type: 'object',
      properties: {
        page: { type: 'object', properties: { size: { type: 'number', default: 20 } } },
        limit: { type: 'number', default: 10 },
        q: { type: 'string' },
        sort: { type: 'string', default: 'relevance' },
      },
    },
  },
  { type: 'function', name: 'plain', inputSchema: { type: 'object', properties: { q: {} } } },
  { type: 'provider', id: 'openai.web_search', name: 'web_search', args: {} },
];

let calls = 0;
const call = (toolName: string, input: unknown, providerExecuted?: boolean): Content => ({
  type: 'tool-call',
  toolCallId: `call_${++calls}`,
  toolName,
  input: JSON.stringify(input),
  ...(providerExecuted && { providerExecuted }),
});

const functionCall = (name: string, args: unknown): InputItem => ({
  type: 'function_call',
  call_id: `call_${name}`,
  name,
  arguments: JSON.stringify(args),
});

describe('toolInputs', () => {
  it('fills in the top-level defaults the model left out, and no other', () => {
    const { raw, filled } = toolInputs(
      [call('search', { q: 'ws', sort: 'date', page: {} })],
      tools,
    );
    const [id] = [...raw.keys()];
    expect(raw.get(id)).toEqual({ q: 'ws', sort: 'date', page: {} });
    const input = filled?.get(id);
    // The nested default stays out; the value the model gave stays as it gave it. Key order
    // does not count (tool-input-order.ts): the defaults come after the model's keys.
    expect(JSON.stringify(input)).toBe('{"q":"ws","sort":"date","page":{},"limit":10}');
  });

  it('has no filled form when no default was left out', () => {
    const content = [
      call('search', { q: 'ws', limit: 3, sort: 'date' }),
      call('plain', { q: 'ws' }),
      call('web_search', {}, true),
      call('unknown', { q: 'ws' }),
    ];
    const { raw, filled } = toolInputs(content, tools);
    expect(raw.size).toBe(4);
    expect(filled).toBeUndefined();
  });

  it('leaves provider-executed calls and the other calls of the response as they are', () => {
    const content = [call('search', {}, true), call('plain', { q: 'a' }), call('search', [1])];
    expect(toolInputs(content, tools).filled).toBeUndefined();
    const mixed = toolInputs([call('plain', { q: 'a' }), call('search', { q: 'b' })], tools);
    const [plain, search] = [...mixed.raw.keys()];
    expect(mixed.filled?.get(plain)).toBe(mixed.raw.get(plain));
    expect(mixed.filled?.get(search)).toEqual({ limit: 10, q: 'b', sort: 'relevance' });
  });
});

describe('withoutDefaultValues', () => {
  it('takes out the top-level keys whose value is the default, from `from` on', () => {
    const items = [
      functionCall('search', { limit: 10, q: 'a', sort: 'relevance' }),
      functionCall('search', { page: { size: 20 }, limit: 10, q: 'b', sort: 'date' }),
      functionCall('plain', { q: 'c' }),
    ];
    const stripped = withoutDefaultValues(items, 1, tools);
    expect(stripped?.[0]).toBe(items[0]);
    expect(stripped?.[1]).toEqual({
      ...items[1],
      arguments: '{"page":{"size":20},"q":"b","sort":"date"}',
    });
    expect(stripped?.[2]).toBe(items[2]);
  });

  it('is undefined when nothing changes', () => {
    const items = [functionCall('search', { limit: 5, q: 'a' }), functionCall('plain', { q: 'c' })];
    expect(withoutDefaultValues(items, 0, tools)).toBeUndefined();
    expect(withoutDefaultValues([functionCall('search', { limit: 10 })], 1, tools)).toBeUndefined();
    expect(withoutDefaultValues([functionCall('search', { limit: 10 })], 0, [])).toBeUndefined();
  });
});
