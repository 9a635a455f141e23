import { isRecord } from './items';
import { type MockError, mockErrors } from './mock-errors';

type Check = [param: string, expected: string, ok: (value: unknown) => boolean];

const isString = (value: unknown) => typeof value === 'string';
const isBoolean = (value: unknown) => typeof value === 'boolean';

/**
 * Optional top-level fields whose type the mock checks, as the real API does (`null` is accepted
 * for each, like an absent field). These are the fields whose meaning the mock acts on: reading
 * `previous_response_id: 5` as "no parent" or `store: 'no'` as "store" would hide a client that
 * serialises them wrongly.
 */
const CHECKS: Check[] = [
  ['previous_response_id', 'a string', isString],
  ['store', 'a boolean', isBoolean],
  ['stream', 'a boolean', isBoolean],
  ['generate', 'a boolean', isBoolean],
  ['background', 'a boolean', isBoolean],
  ['instructions', 'a string', isString],
  ['tools', 'an array of tools', Array.isArray],
];

/**
 * What is wrong with the types of `body`'s fields (an `invalid_type` error for the first bad
 * one), or, on a socket, a parameter WebSocket mode does not take: the API reference says
 * `background` is not supported there, so `background: true` is refused rather than run.
 */
export function fieldError(
  body: Record<string, unknown>,
  transport: 'websocket' | 'http',
): MockError | null {
  const wrongType = fieldTypeError(body) ?? toolError(body.tools);
  if (wrongType || transport !== 'websocket' || body.background !== true) return wrongType;
  return mockErrors.unsupportedParameter('background', 'is not supported in WebSocket mode');
}

function fieldTypeError(body: Record<string, unknown>): MockError | null {
  for (const [param, expected, ok] of CHECKS) {
    const value = body[param];
    if (value !== undefined && value !== null && !ok(value)) {
      return mockErrors.wrongType(param, expected);
    }
  }
  return null;
}

/**
 * The first tool definition the real API would refuse: not an object, no `type`, or a function
 * tool without a `name` or with `parameters` that are not a JSON Schema object (a schema sent
 * as text is a classic serialisation slip). Other tool types pass as sent.
 */
function toolError(tools: unknown): MockError | null {
  if (!Array.isArray(tools)) return null;
  for (const [index, tool] of tools.entries()) {
    const at = `tools[${index}]`;
    if (!isRecord(tool)) return mockErrors.wrongType(at, 'an object');
    if (typeof tool.type !== 'string') return mockErrors.missingParameter(`${at}.type`);
    if (tool.type !== 'function') continue;
    if (typeof tool.name !== 'string') return mockErrors.missingParameter(`${at}.name`);
    const { parameters } = tool;
    if (parameters !== undefined && parameters !== null && !isRecord(parameters)) {
      return mockErrors.wrongType(`${at}.parameters`, 'an object (a JSON Schema)');
    }
  }
  return null;
}
