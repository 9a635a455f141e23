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
  const wrongType = fieldTypeError(body);
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
