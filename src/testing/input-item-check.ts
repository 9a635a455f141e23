import { type Item, isRecord, itemType } from './items';
import { type MockError, mockErrors } from './mock-errors';

const ROLES = ['assistant', 'system', 'developer', 'user'];

type Field = [name: string, expected: string, ok: (value: unknown) => boolean];

const isString = (value: unknown) => typeof value === 'string';
const isPartList = (value: unknown) => Array.isArray(value) && value.every(isRecord);
const isStringOrParts = (value: unknown) => isString(value) || isPartList(value);

/**
 * Required fields of the item types a client builds itself, with their types, as the real API
 * checks them. Other item types (provider tools' calls and outputs, reasoning) pass as sent.
 */
const REQUIRED: Record<string, Field[]> = {
  message: [['content', 'a string or an array of content parts', isStringOrParts]],
  function_call: [
    ['call_id', 'a string', isString],
    ['name', 'a string', isString],
    ['arguments', 'a string (the JSON-encoded arguments)', isString],
  ],
  function_call_output: [
    ['call_id', 'a string', isString],
    ['output', 'a string or an array of content parts', isStringOrParts],
  ],
  item_reference: [['id', 'a string', isString]],
};

/**
 * The first input item the real API would refuse, as its 400: a missing required field
 * (`missing_required_parameter`), one of the wrong type (`invalid_type`) or a message role it
 * does not know (`invalid_value`), with `param` naming the field (`input[2].call_id`). This is
 * where a client's serialisation bugs show (arguments sent as an object, a lost call_id), so the
 * mock refuses them instead of reading them loosely.
 */
export function inputItemError(items: Item[]): MockError | null {
  for (const [index, item] of items.entries()) {
    const type = itemType(item);
    const at = (field: string) => `input[${index}].${field}`;
    if (type === 'message' && !ROLES.includes(item.role as string)) {
      if (item.role === undefined) return mockErrors.missingParameter(at('role'));
      return mockErrors.invalidValue(at('role'), item.role, ROLES);
    }
    for (const [field, expected, ok] of REQUIRED[type] ?? []) {
      const value = item[field];
      if (value === undefined || value === null) return mockErrors.missingParameter(at(field));
      if (!ok(value)) return mockErrors.wrongType(at(field), expected);
    }
  }
  return null;
}
