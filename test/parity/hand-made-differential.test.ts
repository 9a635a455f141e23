/**
 * The differential for what no recording shows: hand-made event streams (hand-made-streams.ts)
 * through this package and `@ai-sdk/openai`, for errors after output, the telemetry view of a
 * request, a Chat Completions stream where Responses events belong, and computer actions.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { generateText, type LanguageModel, StreamProviderError, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY } from '../../src/testing';
import { createOpenAIWebSocket as createV3 } from '../../src/v3';
import { createOpenAIWebSocket } from '../../src/v4';
import {
  basicCall,
  type Json,
  messageStarted,
  response,
  USAGE,
  useHandMadeStreams,
} from './hand-made-streams';

const streams = useHandMadeStreams();

const quotaError = {
  type: 'error',
  error: {
    type: 'insufficient_quota',
    code: 'insufficient_quota',
    message: 'You exceeded your current quota.',
    param: null,
  },
};

/** How ai@7's streamText reports the first error of a call on `model`. */
async function streamTextError(model: LanguageModel, events: Json[]) {
  streams.state.server.enqueue({ replay: streams.replayFile(events) });
  const errors: unknown[] = [];
  const result = streamText({
    model,
    prompt: 'hi',
    maxRetries: 0,
    onError: ({ error }) => void errors.push(error),
  });
  await result.consumeStream();
  const error = errors[0] as Json;
  return {
    errors: errors.length,
    name: error?.name,
    streamProviderError: StreamProviderError.isInstance(error),
    message: error?.message,
    statusCode: error?.statusCode,
    isRetryable: error?.isRetryable,
    code: error?.code,
    type: error?.type,
    data: error?.data,
  };
}

describe('a server error after output began', () => {
  it('reaches ai@7 as the same StreamProviderError, with the same fields', async () => {
    const events = [...messageStarted(), quotaError];
    const ours = await streamTextError(streams.state.provider('gpt-5.1'), events);
    const theirs = await streamTextError(streams.reference(), events);
    expect(ours).toMatchObject({
      errors: 1,
      streamProviderError: true,
      code: 'insufficient_quota',
    });
    expect(ours).toEqual(theirs);
  });

  it('a failed response after output: the same error, its data the failure without the output', async () => {
    const failed = {
      type: 'response.failed',
      response: response({
        status: 'failed',
        error: { code: 'server_error', message: 'Boom.' },
        usage: USAGE,
      }),
    };
    const ours = await streamTextError(streams.state.provider('gpt-5.1'), [
      ...messageStarted(),
      failed,
    ]);
    const theirs = await streamTextError(streams.reference(), [...messageStarted(), failed]);
    expect(ours).toMatchObject({
      streamProviderError: true,
      type: 'response.failed',
      statusCode: 500,
    });
    expect(ours).toEqual(theirs);
  });

  it('the V3 entry (ai@6) keeps its APICallError, its data the error frame', async () => {
    const provider = createV3({
      apiKey: MOCK_API_KEY,
      baseURL: streams.state.server.url,
      transport: 'websocket',
    });
    try {
      streams.state.server.enqueue({
        replay: streams.replayFile([...messageStarted(), quotaError]),
      });
      const { stream } = await provider('gpt-5.1').doStream(basicCall() as never);
      const parts: Json[] = [];
      for await (const part of stream as unknown as AsyncIterable<Json>) parts.push(part);
      const error = parts.find((part) => part.type === 'error')?.error;
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as APICallError).data).toMatchObject(quotaError);
      expect((error as APICallError).statusCode).toBe(429);
    } finally {
      await provider.close();
    }
  });

  it('an error event ends the stream with the raw reason `error`, as in @ai-sdk/openai', async () => {
    const { ours, theirs } = await streams.streamBoth([...messageStarted(), quotaError]);
    const finish = (parts: Json[] | undefined) => parts?.find((part) => part.type === 'finish');
    expect(finish(ours.parts)?.finishReason).toEqual({ unified: 'error', raw: 'error' });
    expect(finish(ours.parts)?.finishReason).toEqual(finish(theirs.parts)?.finishReason);
  });
});

describe('an error before any output', () => {
  it('is thrown with the error frame as data and body, as @ai-sdk/openai throws it', async () => {
    // The frame in the key order of @ai-sdk/openai's schema, which it serialises the body in.
    const frame = {
      type: 'error',
      sequence_number: 2,
      error: {
        ...quotaError.error,
        code: 'context_length_exceeded',
        type: 'invalid_request_error',
        message: 'Too long.',
      },
    };
    const head = messageStarted().slice(0, 2);
    const { ours, theirs } = await streams.streamBoth([...head, frame]);
    const fields = (error: Json | undefined) => ({
      isAPICallError: APICallError.isInstance(error),
      message: error?.message,
      statusCode: error?.statusCode,
      isRetryable: error?.isRetryable,
      data: error?.data,
      responseBody: error?.responseBody,
    });
    expect(fields(ours.error)).toMatchObject({
      isAPICallError: true,
      statusCode: 400,
      data: frame,
    });
    expect(fields(ours.error)).toEqual(fields(theirs.error));
  });
});

describe('the telemetry view of a request', () => {
  /** What ai@7 hands a telemetry integration: the provider's view, where it set one. */
  const telemetryView = (value: unknown): Json => {
    const view = Object.getOwnPropertyDescriptor(value, Symbol.for('vercel.ai.telemetry.redact'));
    return typeof view?.value === 'function' ? view.value(value) : (value as Json);
  };
  const secretTools = () => [
    {
      type: 'provider',
      id: 'openai.mcp',
      name: 'mcp',
      args: {
        serverLabel: 'docs',
        serverUrl: 'https://mcp.example.com',
        authorization: 'Bearer SECRET-TOKEN',
        headers: { 'x-api-key': 'SECRET-HEADER' },
        requireApproval: 'never',
      },
    },
    {
      type: 'provider',
      id: 'openai.code_interpreter',
      name: 'code_interpreter',
      args: {
        container: {
          fileIds: [],
          networkPolicy: {
            type: 'allowlist',
            allowedDomains: ['example.com'],
            domainSecrets: [{ domain: 'example.com', name: 'TOKEN', value: 'SECRET-VALUE' }],
          },
        },
      },
    },
  ];
  const text = [
    ...messageStarted('Hi').slice(0, 1),
    { type: 'response.completed', response: response({ status: 'completed', usage: USAGE }) },
  ];

  it('redacts the MCP credentials and domain secrets, as @ai-sdk/openai does; the frame keeps them', async () => {
    const options = basicCall({ tools: secretTools() as never });
    const requestBody = async (model: ReturnType<typeof streams.reference>) => {
      streams.state.server.enqueue({ replay: streams.replayFile(text) });
      const result = await model.doStream(options);
      await result.stream.pipeTo(new WritableStream());
      return result.request?.body as Json;
    };
    const body = await requestBody(streams.state.provider('gpt-5.1'));
    const sent = streams.state.server.requests.at(-1)?.raw;
    const view = telemetryView(body);
    expect(JSON.stringify(view)).not.toContain('SECRET');
    expect(view.tools).toEqual(telemetryView(await requestBody(streams.reference())).tools);
    // The frame that went to the server, and the body the caller gets, are untouched.
    expect(sent).toContain('SECRET-TOKEN');
    expect(sent).toContain('SECRET-VALUE');
    expect(JSON.stringify(body)).toBe(JSON.stringify(JSON.parse(sent ?? '')));
  });

  it("doGenerate's response body, which echoes the tools, is redacted in the same way", async () => {
    const echoed = [{ type: 'mcp', server_label: 'docs', authorization: 'Bearer SECRET-TOKEN' }];
    const completed = response({ status: 'completed', usage: USAGE, tools: echoed });
    const events = [text[0], { type: 'response.completed', response: completed }];
    const { ours, theirs } = await streams.generateBoth(
      events,
      basicCall({ tools: secretTools() as never }),
    );
    const view = telemetryView(ours.response?.body);
    expect(JSON.stringify(ours.response?.body)).toContain('SECRET-TOKEN');
    expect(view.tools).toEqual([{ ...echoed[0], authorization: '[redacted]' }]);
    expect(view.tools).toEqual(telemetryView(theirs.response?.body).tools);
  });

  it('reaches an ai@7 telemetry integration redacted, through generateText', async () => {
    const http = createOpenAI({ apiKey: MOCK_API_KEY, baseURL: streams.state.server.url });
    const mcp = http.tools.mcp({
      serverLabel: 'docs',
      serverUrl: 'https://mcp.example.com',
      authorization: 'Bearer SECRET-TOKEN',
      requireApproval: 'never',
    });
    const seen: unknown[] = [];
    streams.state.server.enqueue({ replay: streams.replayFile(text) });
    await generateText({
      model: streams.state.provider('gpt-5.1'),
      prompt: 'hi',
      tools: { mcp },
      telemetry: {
        integrations: {
          executeLanguageModelCall: async ({ execute }: { execute: () => PromiseLike<Json> }) => {
            const result = await execute();
            seen.push((result.request as Json | undefined)?.body);
            return result;
          },
        } as never,
      },
    });
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen[0])).toContain('[redacted]');
    expect(JSON.stringify(seen[0])).not.toContain('SECRET');
  });
});

describe('a Chat Completions stream where Responses events belong (the HTTP fallback)', () => {
  it('is reported chunk by chunk with the error @ai-sdk/openai gives, and finishes with error', async () => {
    const chunk = (content: string | null, finish: string | null = null) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1763474589,
      model: 'gpt-4.1-mini',
      choices: [
        {
          index: 0,
          delta: content == null ? {} : { role: 'assistant', content },
          finish_reason: finish,
        },
      ],
    });
    const file = streams.replayFile([chunk('Hel'), chunk('lo'), chunk(null, 'stop')], false);
    const overHttp = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: streams.state.server.url,
      webSocket: null,
    });
    const summary = async (model: ReturnType<typeof streams.reference>) => {
      streams.state.server.enqueue({ replay: file });
      const { stream } = await model.doStream(basicCall());
      const parts: Json[] = [];
      for await (const part of stream as unknown as AsyncIterable<Json>) parts.push(part);
      return {
        errors: parts
          .filter((part) => part.type === 'error')
          .map((part) => [(part.error as Error).message, (part.error as APICallError).isRetryable]),
        finishReason: parts.find((part) => part.type === 'finish')?.finishReason,
      };
    };
    try {
      const ours = await summary(overHttp('gpt-4.1-mini'));
      expect(ours.errors).toHaveLength(3);
      expect(ours.errors[0][0]).toContain('Chat Completions');
      expect(ours).toEqual(await summary(streams.reference('gpt-4.1-mini')));
    } finally {
      await overHttp.close();
    }
  });
});

describe('computer actions', () => {
  const item = {
    type: 'computer_call',
    id: 'cu_1',
    call_id: 'call_c',
    status: 'completed',
    action: { type: 'scroll', x: 1, y: 2, scroll_x: 3, scroll_y: 4, keys: ['shift'] },
    pending_safety_checks: [],
  };
  const events = [
    { type: 'response.created', response: response() },
    { type: 'response.output_item.added', output_index: 0, item },
    { type: 'response.output_item.done', output_index: 0, item },
    {
      type: 'response.completed',
      response: response({ status: 'completed', output: [item], usage: USAGE }),
    },
  ];
  const options = basicCall({
    tools: [
      {
        type: 'provider',
        id: 'openai.computer',
        name: 'computer',
        args: { displayWidth: 100, displayHeight: 100, environment: 'browser' },
      },
    ] as never,
  });

  it('give the same tool input text (fields in the same order) in doStream and doGenerate', async () => {
    const streamed = await streams.streamBoth(events, options);
    const input = (parts: Json[] | undefined) =>
      parts?.find((part) => part.type === 'tool-call')?.input;
    expect(input(streamed.ours.parts)).toContain(
      '{"type":"scroll","x":1,"y":2,"scrollX":3,"scrollY":4,"keys":["shift"]}',
    );
    expect(input(streamed.ours.parts)).toBe(input(streamed.theirs.parts));
    const generated = await streams.generateBoth(events, options);
    const content = (result: { content: unknown[] }) => input(result.content as Json[]);
    expect(content(generated.ours)).toBe(content(generated.theirs));
  });
});
