import { describe, expect, it } from 'vitest';
import { keyOrderFree } from '../../../src/model/chain/tool-input-order';

describe('keyOrderFree', () => {
  it('is the same for the same JSON value with its keys in another order, at every depth', () => {
    const model = '{"limit":5,"q":"ws","page":{"size":2,"from":0},"tags":[{"b":1,"a":2}]}';
    const parsed = '{"q":"ws","limit":5,"page":{"from":0,"size":2},"tags":[{"a":2,"b":1}]}';
    expect(keyOrderFree(model)).toBe(keyOrderFree(parsed));
    expect(keyOrderFree(model)).toBe(
      '{"limit":5,"page":{"from":0,"size":2},"q":"ws","tags":[{"a":2,"b":1}]}',
    );
    // Spacing and number forms the JSON parse leaves behind do not count either.
    expect(keyOrderFree('{ "b": 1.0, "a": [ ] }')).toBe(keyOrderFree('{"a":[],"b":1}'));
  });

  it('tells apart any other difference', () => {
    const base = keyOrderFree('{"q":"ws","limit":5}');
    for (const other of [
      '{"q":"ws","limit":6}',
      '{"q":"ws","limit":"5"}',
      '{"q":"ws"}',
      '{"q":"ws","limit":5,"sort":null}',
      '{"q":["ws"],"limit":5}',
    ]) {
      expect(keyOrderFree(other)).not.toBe(base);
    }
    // An array's order is its value.
    expect(keyOrderFree('[1,2]')).not.toBe(keyOrderFree('[2,1]'));
  });

  it('keeps text that is not JSON as it is, and a __proto__ key as a key', () => {
    expect(keyOrderFree('{"q":')).toBe('{"q":');
    expect(keyOrderFree('{"__proto__":{"x":1},"a":0}')).toBe('{"__proto__":{"x":1},"a":0}');
    expect(keyOrderFree('{"__proto__":{"x":1},"a":0}')).not.toBe(keyOrderFree('{"a":0}'));
  });
});
