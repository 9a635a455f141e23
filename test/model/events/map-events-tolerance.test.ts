import { type APICallError, TypeValidationError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { ResponseEventMapper } from '../../../src/model/events/map-events';
import type { StreamPart } from '../../../src/types';
import { type Event, loadResponses, runOurs, runReference } from './map-events-fixtures';

type Finish = Extract<StreamPart, { type: 'finish' }>;
const types = (parts: StreamPart[]) => parts.map((part) => part.type);
const newMapper = (options: Partial<ConstructorParameters<typeof ResponseEventMapper>[0]> = {}) =>
  new ResponseEventMapper({ providerOptionsName: 'openai', includeRawChunks: false, ...options });

const created = {
  type: 'response.created',
  response: { id: 'resp_1', created_at: 1, model: 'gpt-5', store: true },
};
const completed = { type: 'response.completed', response: { id: 'resp_1', usage: null } };

describe('unknown events', () => {
  it('ignores event types it does not know, wherever they come', async () => {
    const [events] = loadResponses('openai-issue-14428-denied-tool-approval.chunks.txt');
    const noisy = events.flatMap((event) => [
      event,
      { type: 'response.brand_new_event', sequence_number: 1, payload: { x: 1 } },
      {
        type: 'response.output_item.added',
        output_index: 7,
        item: { type: 'brand_new_item', id: 'x_1' },
      },
    ]);
    // Remove the trailing unknown items after the terminal event: the mapper is finished then.
    const plain = runOurs(events).parts;
    const withNoise = runOurs(noisy).parts;
    expect(withNoise).toEqual(plain);
    expect(types(plain)).toContain('text-delta');
  });

  it('reports values without an event type as validation errors, as @ai-sdk/openai does', () => {
    const mapper = newMapper();
    for (const value of [null, 'text', { no: 'type' }]) {
      const parts = mapper.map(value) as Array<{ type: string; error: unknown }>;
      expect(parts.map((part) => part.type)).toEqual(['error']);
      expect(TypeValidationError.isInstance(parts[0].error)).toBe(true);
    }
    // The stream goes on (the HTTP fallback reads to its end), as there.
    expect(mapper.finished).toBe(false);
  });

  it('reports a known event that breaks its schema as an error part, like @ai-sdk/openai', async () => {
    const events = [
      created,
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { type: 'function_call', id: 'fc_1' },
      },
      completed,
    ];
    const { parts } = runOurs(events);
    const error = parts.find((part) => part.type === 'error') as { error: unknown };
    expect(TypeValidationError.isInstance(error.error)).toBe(true);
    expect((parts.at(-1) as Finish).finishReason.unified).toBe('error');
    const reference = await runReference(events);
    expect(reference.parts?.map((part) => part.type)).toContain('error');
  });
});

describe('deltas for items never announced', () => {
  it('opens a text block for a text delta without output_item.added', () => {
    const events = [
      created,
      { type: 'response.output_text.delta', item_id: 'msg_x', output_index: 0, delta: 'Hel' },
      { type: 'response.output_text.delta', item_id: 'msg_x', output_index: 0, delta: 'lo' },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: { type: 'message', id: 'msg_x', content: [{ type: 'output_text', text: 'Hello' }] },
      },
      completed,
    ];
    const { parts } = runOurs(events);
    // @ai-sdk/openai emits the deltas without a text-start; the AI SDK rejects a delta for an
    // unknown block, so we open it first (on purpose).
    expect(types(parts)).toEqual([
      'response-metadata',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect(parts[1]).toMatchObject({
      id: 'msg_x',
      providerMetadata: { openai: { itemId: 'msg_x', responseId: 'resp_1' } },
    });
  });

  it('emits a message that only arrives as output_item.done with its full text', () => {
    const events = [
      created,
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: { type: 'message', id: 'msg_y', content: [{ type: 'output_text', text: 'Whole' }] },
      },
      completed,
    ];
    const parts = runOurs(events).parts.filter((part) => part.type.startsWith('text'));
    expect(parts).toMatchObject([
      { type: 'text-start' },
      { type: 'text-delta', delta: 'Whole' },
      { type: 'text-end' },
    ]);
  });

  it('opens a reasoning block for a summary delta without the item', () => {
    const events = [
      created,
      {
        type: 'response.reasoning_summary_text.delta',
        item_id: 'rs_x',
        output_index: 0,
        summary_index: 0,
        delta: 'think',
      },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: { type: 'reasoning', id: 'rs_x', encrypted_content: 'enc', summary: [] },
      },
      completed,
    ];
    const parts = runOurs(events).parts.filter((part) => part.type.startsWith('reasoning'));
    expect(parts).toMatchObject([
      { type: 'reasoning-start', id: 'rs_x:0' },
      { type: 'reasoning-delta', id: 'rs_x:0', delta: 'think' },
      {
        type: 'reasoning-end',
        id: 'rs_x:0',
        providerMetadata: { openai: { itemId: 'rs_x', reasoningEncryptedContent: 'enc' } },
      },
    ]);
  });

  it('emits a whole tool call for a function call that only arrives as output_item.done', () => {
    const events = [
      created,
      {
        type: 'response.function_call_arguments.delta',
        item_id: 'fc_x',
        output_index: 0,
        delta: '{"a"',
      },
      {
        type: 'response.output_item.done',
        output_index: 0,
        item: {
          type: 'function_call',
          id: 'fc_x',
          call_id: 'call_x',
          name: 'add',
          arguments: '{"a":1}',
          status: 'completed',
        },
      },
      completed,
    ];
    const { parts } = runOurs(events);
    expect(parts.slice(1, -1)).toMatchObject([
      { type: 'tool-input-start', id: 'call_x', toolName: 'add' },
      { type: 'tool-input-delta', id: 'call_x', delta: '{"a":1}' },
      { type: 'tool-input-end', id: 'call_x' },
      {
        type: 'tool-call',
        toolCallId: 'call_x',
        toolName: 'add',
        input: '{"a":1}',
        providerMetadata: { openai: { itemId: 'fc_x', responseId: 'resp_1' } },
      },
    ]);
    expect((parts.at(-1) as Finish).finishReason.unified).toBe('tool-calls');
  });
});

describe('errors', () => {
  it('openai-error.1: one error part for an error event followed by response.failed', () => {
    const [events] = loadResponses('openai-error.1.chunks.txt');
    const mapper = newMapper();
    const afterError: StreamPart[] = [];
    let sawFinished = false;
    for (const event of events) {
      const parts = mapper.map(event);
      if (sawFinished) afterError.push(...parts);
      sawFinished ||= mapper.finished;
    }
    const all = [...afterError];
    expect(mapper.finished).toBe(true);
    // The failed response after the error closes the turn with the finish, no second error.
    expect(types(all)).toEqual(['finish']);
    expect((all[0] as Finish).finishReason).toEqual({ unified: 'error', raw: 'error' });
    expect(mapper.end()).toEqual([]);
  });

  it('openai-error.1 error part: 429 from insufficient_quota, not retryable, body is the event', () => {
    const [events] = loadResponses('openai-error.1.chunks.txt');
    const { parts } = runOurs(events, {
      url: 'wss://api.test/v1/responses',
      requestBodyValues: { model: 'm' },
    });
    const errors = parts.filter((part) => part.type === 'error') as Array<{ error: APICallError }>;
    expect(errors).toHaveLength(1);
    const error = errors[0].error;
    expect(error.statusCode).toBe(429);
    expect(error.isRetryable).toBe(false);
    expect(error.url).toBe('wss://api.test/v1/responses');
    expect(error.requestBodyValues).toEqual({ model: 'm' });
    expect(JSON.parse(error.responseBody ?? '')).toEqual(events[2]);
    expect(error.data).toEqual(events[2]);
  });

  it('openai-error-null-code.1: an error event alone ends the turn; end() adds the finish', () => {
    const [events] = loadResponses('openai-error-null-code.1.chunks.txt');
    const mapper = newMapper();
    const parts = mapper.map(events[0]);
    expect(types(parts)).toEqual(['error']);
    expect(mapper.finished).toBe(true);
    const error = (parts[0] as { error: APICallError }).error;
    expect(error).toMatchObject({
      statusCode: 500,
      isRetryable: true,
      message: 'Sorry, something went wrong.',
    });
    const tail = mapper.end();
    expect(tail).toMatchObject([
      {
        type: 'finish',
        finishReason: { unified: 'error', raw: 'error' },
        providerMetadata: { openai: { responseId: null } },
      },
    ]);
    expect(mapper.end()).toEqual([]);
    expect(mapper.map(events[0])).toEqual([]);
  });

  it('openai-response-failed-only: the failed response is the one error, retryable 429', () => {
    const [events] = loadResponses('openai-response-failed-only.1.chunks.txt');
    const { parts, mapper } = runOurs(events);
    expect(types(parts)).toEqual(['response-metadata', 'error', 'finish']);
    expect((parts[1] as { error: APICallError }).error).toMatchObject({
      statusCode: 429,
      isRetryable: true,
    });
    expect((parts[2] as Finish).finishReason).toEqual({ unified: 'error', raw: 'error' });
    expect(mapper.finished).toBe(true);
  });

  it('reads error events without sequence_number, in both shapes', () => {
    const request = {
      type: 'error',
      status: 400,
      error: {
        type: 'invalid_request_error',
        code: 'previous_response_not_found',
        message: 'Previous response not found.',
        param: 'previous_response_id',
      },
    };
    const midStream = { type: 'error', code: 'server_error', message: 'Oops', param: null };
    const first = newMapper().map(request);
    expect((first[0] as { error: APICallError }).error).toMatchObject({
      statusCode: 400,
      isRetryable: false,
      message: 'Previous response not found.',
    });
    const second = newMapper().map(midStream);
    expect((second[0] as { error: APICallError }).error).toMatchObject({
      statusCode: 500,
      isRetryable: true,
      message: 'Oops',
    });
  });

  it('a mid-stream error after output matches @ai-sdk/openai status and retryability', async () => {
    const [events] = loadResponses('openai-issue-14428-denied-tool-approval.chunks.txt');
    const cut = [
      ...events.slice(0, 6),
      {
        type: 'error',
        sequence_number: 6,
        code: 'rate_limit_exceeded',
        message: 'Slow down',
        param: null,
      },
    ];
    const { parts } = runOurs(cut);
    const reference = await runReference(cut);
    const ours = (parts.find((part) => part.type === 'error') as { error: APICallError }).error;
    const theirs = reference.parts?.find((part) => part.type === 'error')?.error as {
      statusCode: number;
      isRetryable: boolean;
      message: string;
    };
    expect({
      statusCode: ours.statusCode,
      isRetryable: ours.isRetryable,
      message: ours.message,
    }).toEqual({
      statusCode: theirs.statusCode,
      isRetryable: theirs.isRetryable,
      message: theirs.message,
    });
    expect(ours.statusCode).toBe(429);
    // The open text block is closed before the finish (the reference leaves it open).
    expect(types(parts).slice(-3)).toEqual(['error', 'text-end', 'finish']);
    expect((parts.at(-1) as Finish).finishReason.unified).toBe('error');
  });
});

describe('end() without a terminal event', () => {
  it('openai-issue-8562: ends with finish interrupted and unknown usage, once', () => {
    const [events] = loadResponses('openai-issue-8562-missing-reasoning-summary.1.chunks.txt');
    const mapper = newMapper();
    const parts = events.flatMap((event) => mapper.map(event));
    expect(mapper.finished).toBe(false);
    const tail = mapper.end();
    expect(tail).toHaveLength(1);
    const finish = tail[0] as Finish;
    expect(finish.finishReason).toEqual({ unified: 'interrupted', raw: undefined });
    expect(finish.usage.inputTokens.total).toBeUndefined();
    expect(finish.providerMetadata?.openai.responseId).toBe(mapper.responseId);
    expect(types(parts)).toContain('text-end');
    expect(mapper.end()).toEqual([]);
  });

  it('closes open text and reasoning blocks of a stream cut mid-output', () => {
    const [events] = loadResponses('openai-reasoning-encrypted-content-gpt-5-4-split.1.chunks.txt');
    const firstTextDelta = events.findIndex((event) => event.type === 'response.output_text.delta');
    const mapper = newMapper();
    for (const event of events.slice(0, firstTextDelta + 1)) mapper.map(event);
    expect(types(mapper.end())).toEqual(['text-end', 'finish']);

    const firstSummaryDelta = events.findIndex(
      (event) => event.type === 'response.reasoning_summary_text.delta',
    );
    const cutInReasoning = newMapper();
    for (const event of events.slice(0, firstSummaryDelta + 1)) cutInReasoning.map(event);
    const tail = cutInReasoning.end();
    expect(types(tail)).toEqual(['reasoning-end', 'finish']);
    expect(tail[0]).toMatchObject({
      id: expect.stringMatching(/:0$/),
      providerMetadata: { openai: { responseId: cutInReasoning.responseId } },
    });
  });
});

describe('includeRawChunks', () => {
  it('emits each event as a raw part before the parts it yields', () => {
    const [events] = loadResponses('issue-19493-gpt-5.1-tool-call.chunks.txt');
    const mapper = newMapper({ includeRawChunks: true });
    for (const event of events) {
      const parts = mapper.map(event);
      expect(parts[0]).toEqual({ type: 'raw', rawValue: event });
      expect(parts.slice(1).some((part) => part.type === 'raw')).toBe(false);
    }
    expect(
      newMapper()
        .map(events[0])
        .some((part) => part.type === 'raw'),
    ).toBe(false);
  });

  it('emits raw parts for unknown and error events too', () => {
    const mapper = newMapper({ includeRawChunks: true });
    expect(mapper.map({ type: 'response.unknown' })).toEqual([
      { type: 'raw', rawValue: { type: 'response.unknown' } },
    ]);
    expect(types(mapper.map({ type: 'error', message: 'x' }))).toEqual(['raw', 'error']);
  });
});

describe('outputItems', () => {
  it('is the terminal response.output when present', () => {
    const [events] = loadResponses('openai-web-search-tool.1.chunks.txt');
    const { mapper } = runOurs(events);
    const terminal = events.at(-1) as unknown as { response: { output: unknown[] } };
    expect(mapper.outputItems).toEqual(terminal.response.output);
    expect(mapper.outputItems.length).toBe(14);
  });

  it('is rebuilt from output_item.done, in output_index order, when the terminal output is missing or empty', () => {
    const [events] = loadResponses('openai-reasoning-encrypted-content.1.chunks.txt');
    const terminal = events.at(-1) as unknown as Event & { response: Record<string, unknown> };
    const withoutOutput: Event[] = [
      ...events.slice(0, -1),
      { ...terminal, response: { ...terminal.response, output: undefined } },
    ];
    const doneItems = withoutOutput
      .filter((event) => event.type === 'response.output_item.done')
      .map((event) => event.item);
    const { mapper } = runOurs(withoutOutput);
    expect(mapper.outputItems).toEqual(doneItems);
    // Same items as the terminal output, in the same order. (Their encrypted_content differs:
    // the server re-encrypts reasoning between output_item.done and response.completed.)
    const ids = (items: unknown[]) => items.map((item) => (item as { id: string }).id);
    expect(ids(mapper.outputItems)).toEqual(ids(terminal.response.output as unknown[]));

    const [parallel] = loadResponses('issue-19067-parallel-tool-call-wrapper.chunks.txt');
    const parallelMapper = runOurs(parallel).mapper;
    expect(parallelMapper.outputItems).toHaveLength(1);
    expect(parallelMapper.outputItems[0]).toMatchObject({
      type: 'function_call',
      name: 'parallel',
    });
  });

  it('keeps items the mapper does not turn into parts (compaction)', () => {
    const [events] = loadResponses('openai-compaction.1.chunks.txt');
    const { mapper } = runOurs(events);
    expect(mapper.outputItems.map((item) => item.type)).toEqual(['message', 'compaction']);
  });

  it('sorts rebuilt items by output_index', () => {
    const mapper = newMapper();
    mapper.map(created);
    mapper.map({
      type: 'response.output_item.done',
      output_index: 1,
      item: { type: 'message', id: 'm2', content: [] },
    });
    mapper.map({
      type: 'response.output_item.done',
      output_index: 0,
      item: { type: 'message', id: 'm1', content: [] },
    });
    expect(mapper.outputItems.map((item) => item.id)).toEqual(['m1', 'm2']);
  });
});

describe('responseId', () => {
  it('is read from response.created', () => {
    const mapper = newMapper();
    expect(mapper.responseId).toBeUndefined();
    mapper.map(created);
    expect(mapper.responseId).toBe('resp_1');
  });
});

describe('finish after a schema error', () => {
  it('end() reports error when an invalid event was the last thing seen', () => {
    const mapper = newMapper();
    mapper.map(created);
    const parts = mapper.map({ type: 'response.output_text.delta', item_id: 42, delta: null });
    expect(types(parts)).toEqual(['error']);
    expect(mapper.finished).toBe(false);
    expect(mapper.end()).toMatchObject([
      { type: 'finish', finishReason: { unified: 'error', raw: undefined } },
    ]);
  });

  it('a completed response after an error event keeps the finish reason error', () => {
    const mapper = newMapper();
    mapper.map(created);
    mapper.map({ type: 'error', code: 'server_error', message: 'x' });
    const parts = mapper.map({
      type: 'response.completed',
      response: { id: 'resp_1', usage: null },
    });
    expect(parts).toMatchObject([
      { type: 'finish', finishReason: { unified: 'error', raw: 'error' } },
    ]);
  });
});
