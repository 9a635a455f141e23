import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { normalizeJsonSchema } from '../../src/convert/normalize-json-schema';

describe('normalizeJsonSchema', () => {
  it('returns an equal schema, in the same key order, when nothing needs changing', () => {
    const schema = {
      type: 'object',
      properties: { b: { type: 'string' }, a: { type: 'number' } },
      required: ['b'],
    };
    const { schema: normalized, warnings } = normalizeJsonSchema(schema);
    expect(JSON.stringify(normalized)).toBe(JSON.stringify(schema));
    expect(warnings).toEqual([]);
  });

  it('passes a schema that needs no change on as it is, and copies only the path to a change', () => {
    const unchanged = {
      type: 'object',
      properties: { a: { type: 'array', items: [{ type: 'string' }] }, b: { anyOf: [{}] } },
    };
    expect(normalizeJsonSchema(unchanged).schema).toBe(unchanged);

    const sibling = { type: 'object', properties: { deep: { type: 'string' } } };
    const changed = {
      type: 'object',
      properties: {
        kept: sibling,
        list: { type: 'array', items: [{ type: 'string' }, { type: 'string', pattern: '(?=a)' }] },
      },
    };
    const before = JSON.stringify(changed);
    const schema = normalizeJsonSchema(changed).schema as unknown as typeof changed;
    expect(schema).toEqual({
      type: 'object',
      properties: {
        kept: sibling,
        list: { type: 'array', items: [{ type: 'string' }, { type: 'string' }] },
      },
    });
    expect(JSON.stringify(changed)).toBe(before);
    expect(schema.properties).not.toBe(changed.properties);
    expect(schema.properties.kept).toBe(sibling);
    expect(schema.properties.list.items[0]).toBe(changed.properties.list.items[0]);
  });

  it('is cached per schema object', () => {
    const schema = { type: 'object', propertyNames: { pattern: '^a' } };
    const first = normalizeJsonSchema(schema);
    const second = normalizeJsonSchema(schema);
    expect(second.schema).toBe(first.schema);
    expect(second.warnings).toEqual(first.warnings);
    expect(second.warnings).not.toBe(first.warnings);
  });

  it('removes propertyNames and lookaround patterns, with warnings', () => {
    const { schema, warnings } = normalizeJsonSchema({
      type: 'object',
      propertyNames: { type: 'string', pattern: '^a' },
      properties: {
        a: { type: 'string', pattern: '^(?!x).*$' },
        b: { type: 'string', pattern: '^[(?!)]$' },
        c: { type: 'array', items: [{ type: 'string', pattern: '(?<=a)b' }] },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'string', pattern: '^[(?!)]$' },
        c: { type: 'array', items: [{ type: 'string' }] },
      },
    });
    expect(warnings.map((w) => (w as { feature: string }).feature)).toEqual([
      'JSON Schema propertyNames',
      'JSON Schema pattern with regex lookaround',
    ]);
  });

  it('turns one-item allOf references into $ref, expanding a root reference', () => {
    const { schema } = normalizeJsonSchema({
      allOf: [{ $ref: '#/$defs/Node' }],
      $defs: {
        Node: {
          type: 'object',
          properties: { next: { allOf: [{ $ref: '#/$defs/Node' }], description: 'n' } },
        },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { next: { description: 'n', $ref: '#/$defs/Node' } },
      $defs: {
        Node: { type: 'object', properties: { next: { description: 'n', $ref: '#/$defs/Node' } } },
      },
    });
  });

  it('throws for non-string propertyNames', () => {
    expect(() =>
      normalizeJsonSchema({ type: 'object', propertyNames: { type: 'number' } }),
    ).toThrow(UnsupportedFunctionalityError);
  });
});
