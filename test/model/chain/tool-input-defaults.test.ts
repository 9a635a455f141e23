import { describe, expect, it } from 'vitest';
import { toolInputs } from '../../../src/model/chain/tool-input-defaults';
import type { CallOptions, Content } from '../../../src/types';

/*
 * The edges of the rule that test/acceptance/delta-continuation.test.ts runs end to end: only
 * top-level keys the model left out, only the values the JSON schema declares.
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

describe('toolInputs', () => {
  it('fills in the top-level defaults the model left out, in the schema order, and no other', () => {
    const { raw, filled } = toolInputs(
      [call('search', { q: 'ws', sort: 'date', page: {} })],
      tools,
    );
    const [id] = [...raw.keys()];
    expect(raw.get(id)).toEqual({ q: 'ws', sort: 'date', page: {} });
    const input = filled?.get(id);
    // The nested default stays out; the value the model gave stays as it gave it.
    expect(input).toEqual({ page: {}, limit: 10, q: 'ws', sort: 'date' });
    expect(JSON.stringify(input)).toBe('{"page":{},"limit":10,"q":"ws","sort":"date"}');
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
