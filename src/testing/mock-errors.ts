/**
 * The errors the mock sends, in the shapes of the real API.
 * Codes the real API documents are used verbatim; the few the mock has to choose itself are
 * listed in README.md.
 */

export type MockError = {
  status: number;
  type: string;
  /** `null` where the real API sends none (an unknown `item_reference`). */
  code: string | null;
  message: string;
  param: string | null;
  /** Extra HTTP response headers (e.g. `retry-after`); copied into WebSocket error frames. */
  headers?: Record<string, string>;
};

/**
 * Request/protocol error frame: sent before any response exists; no `sequence_number`. On a
 * named lane it echoes the lane's `stream_id`, like every other event of that lane.
 */
export function requestErrorEvent(error: MockError, streamId?: string): Record<string, unknown> {
  return {
    type: 'error',
    status: error.status,
    error: { type: error.type, code: error.code, message: error.message, param: error.param },
    ...(error.headers && { headers: error.headers }),
    ...(streamId !== undefined && { stream_id: streamId }),
  };
}

/**
 * Mid-stream error frame, numbered like the other events of its response. Nested like the
 * request error (without `status`), as the real server sent it in the recordings
 * `openai-error.1` and `openai-error-null-code.1`; the API reference shows a flat
 * `{ code, message, param }` instead, which clients read too, but the recordings are what the
 * server actually sends.
 */
export function midStreamErrorEvent(
  error: MockError,
  sequenceNumber: number,
): Record<string, unknown> {
  return {
    type: 'error',
    sequence_number: sequenceNumber,
    error: { type: error.type, code: error.code, message: error.message, param: error.param },
  };
}

/** Body of an HTTP error response, as `POST /v1/responses` returns it. */
export function httpErrorBody(error: MockError): Record<string, unknown> {
  return {
    error: { message: error.message, type: error.type, param: error.param, code: error.code },
  };
}

function invalidRequest(
  code: string | null,
  message: string,
  param: string | null = null,
): MockError {
  return { status: 400, type: 'invalid_request_error', code, message, param };
}

/**
 * The error type the real API uses: `insufficient_quota` is its own type (recording
 * `openai-error.1`), then by status: rate limits, server errors, the rest.
 */
function typeFor(status: number, code: string | null): string {
  if (code === 'insufficient_quota') return code;
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export const mockErrors = {
  previousResponseNotFound: (id: string): MockError =>
    invalidRequest(
      'previous_response_not_found',
      `Previous response with id '${id}' not found.`,
      'previous_response_id',
    ),
  connectionLimit: (): MockError =>
    invalidRequest(
      'websocket_connection_limit_reached',
      'Responses websocket connection limit reached (60 minutes). Create a new websocket connection to continue.',
    ),
  invalidStreamId: (value: unknown): MockError =>
    invalidRequest(
      'invalid_stream_id',
      `Invalid 'stream_id' ${JSON.stringify(value) ?? String(value)}: expected 1-256 characters of [A-Za-z0-9_.-].`,
      'stream_id',
    ),
  streamLimit: (limit: number): MockError =>
    invalidRequest(
      'websocket_stream_limit_reached',
      `Responses websocket stream limit reached (${limit} named streams per connection). Reuse a stream_id or open another connection.`,
      'stream_id',
    ),
  unsupportedParameter: (name: string, why: string): MockError =>
    invalidRequest('unsupported_parameter', `Unsupported parameter: '${name}' ${why}.`, name),
  unknownParameter: (name: string): MockError =>
    invalidRequest('unknown_parameter', `Unknown parameter: '${name}'.`, name),
  responseNotFound: (id: string): MockError => ({
    ...invalidRequest('not_found', `No response found with id '${id}'.`),
    status: 404,
  }),
  notCancellable: (): MockError =>
    invalidRequest(
      'response_not_cancellable',
      'Only responses created with background set to true can be cancelled.',
    ),
  // Verbatim from the real API (only background responses can be streamed again).
  notStreamable: (): MockError =>
    invalidRequest(
      'invalid_request_error',
      'This response cannot be streamed because it was not created with background=true.',
      'stream',
    ),
  invalidJson: (): MockError =>
    invalidRequest('invalid_json', 'The message could not be parsed as a JSON object.'),
  binaryFrame: (): MockError =>
    invalidRequest(
      'invalid_json',
      'Binary frames are not supported: send each client event as a JSON text frame.',
    ),
  unknownEventType: (type: unknown): MockError =>
    invalidRequest(
      'unknown_event_type',
      `Unsupported client event type ${JSON.stringify(type)}; expected 'response.create'.`,
      'type',
    ),
  missingModel: (): MockError =>
    invalidRequest('missing_required_parameter', "Missing required parameter: 'model'.", 'model'),
  missingParameter: (param: string): MockError =>
    invalidRequest('missing_required_parameter', `Missing required parameter: '${param}'.`, param),
  invalidValue: (param: string, value: unknown, supported: string[]): MockError =>
    invalidRequest(
      'invalid_value',
      `Invalid value: ${JSON.stringify(value)}. Supported values are: ${supported.map((v) => `'${v}'`).join(', ')}.`,
      param,
    ),
  invalidInput: (): MockError =>
    invalidRequest(
      'invalid_type',
      "Invalid type for 'input': expected a string or an array of items.",
      'input',
    ),
  wrongType: (param: string, expected: string): MockError =>
    invalidRequest('invalid_type', `Invalid type for '${param}': expected ${expected}.`, param),
  // As the real API: no code, the id in the message.
  itemNotFound: (id: string): MockError =>
    invalidRequest(null, `Item with id '${id}' not found.`, 'input'),
  unauthorized: (): MockError => ({
    status: 401,
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: 'Incorrect API key provided.',
    param: null,
  }),
  /** An error chosen by a test (`error-event` fault, `failed` script). */
  custom: (
    code: string | null,
    options: { status?: number; message?: string; headers?: Record<string, string> } = {},
  ): MockError => {
    const status = options.status ?? defaultStatusForCode(code);
    return {
      status,
      type: typeFor(status, code),
      code,
      message: options.message ?? `Mock error: ${code ?? 'no code'}.`,
      param: null,
      ...(options.headers && { headers: options.headers }),
    };
  },
};

function defaultStatusForCode(code: string | null): number {
  if (code === 'rate_limit_exceeded' || code === 'insufficient_quota') return 429;
  if (code === 'server_error' || code === 'internal_error') return 500;
  return 400;
}
