import { isRecord } from './items';

/**
 * A deterministic value that satisfies a simple JSON schema: objects with required (or, when none
 * are listed, all) properties, strings, numbers, integers, booleans, arrays, enums, consts,
 * nullable types and `anyOf` / `oneOf` (first branch). Enough for structured-output tests; not a
 * general schema sampler (`$ref`, patterns and formats are not honoured).
 */
export function sampleFromSchema(schema: unknown, name = 'value', depth = 0): unknown {
  if (!isRecord(schema) || depth > 8) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches) && branches.length > 0) {
    const branch = branches.find((b) => !isRecord(b) || b.type !== 'null') ?? branches[0];
    return sampleFromSchema(branch, name, depth + 1);
  }

  const type = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== 'null') ?? 'null')
    : (schema.type ?? (isRecord(schema.properties) ? 'object' : undefined));

  switch (type) {
    case 'object':
      return sampleObject(schema, depth);
    case 'array': {
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: count }, () => sampleFromSchema(schema.items, name, depth + 1));
    }
    case 'string':
      return `example ${name}`;
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 42;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 42;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

function sampleObject(schema: Record<string, unknown>, depth: number): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((key): key is string => typeof key === 'string')
    : [];
  const keys = required.length > 0 ? required : Object.keys(properties);
  const result: Record<string, unknown> = {};
  for (const key of keys) result[key] = sampleFromSchema(properties[key], key, depth + 1);
  return result;
}
