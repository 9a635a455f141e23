import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  readFailedResponseError,
  readServerError,
  type statusCodeOf,
  toAPICallError,
} from '../../../src/model/events/server-error';

const context = { url: 'wss://api.openai.com/v1/responses', requestBodyValues: { model: 'gpt-5' } };

describe('readServerError', () => {
  it('reads the request-error shape (status + nested error)', () => {
    const event = {
      type: 'error',
      status: 400,
      error: {
        type: 'invalid_request_error',
        code: 'previous_response_not_found',
        message: 'Previous response with id resp_x not found.',
        param: 'previous_response_id',
      },
    };
    expect(readServerError(event)).toEqual({
      code: 'previous_response_not_found',
      message: 'Previous response with id resp_x not found.',
      type: 'invalid_request_error',
      param: 'previous_response_id',
      status: 400,
      raw: event,
    });
  });

  it('reads the mid-stream shape without a sequence_number', () => {
    const event = {
      type: 'error',
      code: 'server_error',
      message: 'The server had an error.',
      param: null,
    };
    expect(readServerError(event)).toMatchObject({
      code: 'server_error',
      message: 'The server had an error.',
      type: null,
      param: null,
      status: undefined,
    });
  });

  it('reads the nested shape with a sequence_number and a null code', () => {
    const event = {
      type: 'error',
      error: {
        type: 'server_error',
        code: null,
        message: 'Sorry, something went wrong.',
        param: null,
      },
      sequence_number: 2,
    };
    expect(readServerError(event)).toMatchObject({
      code: null,
      type: 'server_error',
      message: 'Sorry, something went wrong.',
    });
  });

  it('gives a message even when the server sent none', () => {
    expect(
      readServerError({ type: 'error', code: 'websocket_connection_limit_reached' })?.message,
    ).toBe('websocket_connection_limit_reached');
    expect(readServerError({ type: 'error' })?.message).toBe('OpenAI server error');
  });

  it('is undefined for anything that is not an error event', () => {
    expect(
      readServerError({ type: 'response.failed', response: { error: { message: 'x' } } }),
    ).toBeUndefined();
    expect(readServerError(null)).toBeUndefined();
    expect(readServerError('error')).toBeUndefined();
  });
});

describe('readFailedResponseError', () => {
  it('reads response.error of a failed response', () => {
    const event = {
      type: 'response.failed',
      response: { error: { code: 'rate_limit_exceeded', message: 'Too many tokens' } },
    };
    expect(readFailedResponseError(event)).toMatchObject({
      code: 'rate_limit_exceeded',
      message: 'Too many tokens',
      status: undefined,
    });
  });

  it('is undefined without an error or for other events', () => {
    expect(
      readFailedResponseError({ type: 'response.failed', response: { error: null } }),
    ).toBeUndefined();
    expect(readFailedResponseError({ type: 'error', message: 'x' })).toBeUndefined();
  });
});

describe('toAPICallError', () => {
  const error = (fields: Partial<Parameters<typeof statusCodeOf>[0]>) => ({
    code: null,
    message: 'm',
    type: null,
    param: null,
    status: undefined,
    ...fields,
  });

  it.each([
    [{ code: 'rate_limit_exceeded' }, 429, true],
    [{ code: 'insufficient_quota', type: 'insufficient_quota' }, 429, false],
    [{ code: 'server_error' }, 500, true],
    [{ type: 'server_error' }, 500, true],
    [{ type: 'invalid_request_error', status: 400 }, 400, false],
    [{ code: 'invalid_api_key', type: 'authentication_error' }, 401, false],
    [{ code: 'context_length_exceeded' }, 400, false],
    [{ code: 'model_not_found' }, 404, false],
    [{ code: 'server_is_overloaded' }, 503, true],
    [{ code: '409' }, 409, true],
    [{ code: 'websocket_connection_limit_reached' }, 500, true],
    [{ code: 'previous_response_not_found', status: 400 }, 400, false],
  ] as const)('%o → %i, retryable %s', (fields, statusCode, isRetryable) => {
    const result = toAPICallError(error(fields), context);
    expect(result.statusCode).toBe(statusCode);
    expect(result.isRetryable).toBe(isRetryable);
  });

  it('carries the message, the event as body, the OpenAI error body as data, and the caller context', () => {
    const event = {
      type: 'error',
      code: 'server_error',
      message: 'Boom',
      param: null,
      sequence_number: 4,
    };
    const serverError = readServerError(event);
    expect(serverError).toBeDefined();
    const result = toAPICallError(serverError!, {
      ...context,
      responseHeaders: { 'x-request-id': 'req_1' },
    });
    expect(APICallError.isInstance(result)).toBe(true);
    expect(result.message).toBe('Boom');
    expect(result.url).toBe(context.url);
    expect(result.requestBodyValues).toEqual(context.requestBodyValues);
    expect(result.responseHeaders).toEqual({ 'x-request-id': 'req_1' });
    expect(JSON.parse(result.responseBody ?? '')).toEqual(event);
    // The frame itself, as @ai-sdk/openai's stream errors carry it.
    expect(result.data).toEqual(event);
  });

  it('never carries request headers', () => {
    const result = toAPICallError(error({ code: 'server_error' }), context);
    expect(JSON.stringify(result)).not.toContain('Bearer');
    expect(result.responseHeaders).toBeUndefined();
  });
});
