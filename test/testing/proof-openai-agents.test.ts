/**
 * Proof that the mock speaks the real protocol: `@openai/agents` (which this project did not
 * write) with its Responses WebSocket transport runs a tool loop and a chat continued by
 * `previousResponseId` against it. The transport takes `globalThis.WebSocket`: the `ws`
 * package's client always (Node 20 has no global one), and Node's own global WebSocket where
 * the runtime has one (Node 22+, run by `npm run test:node22`).
 */
import { Agent, OpenAIProvider, Runner, setTracingDisabled, tool } from '@openai/agents';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { z } from 'zod';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';

// Traces would be exported to OpenAI; nothing here may leave the machine.
setTracingDisabled(true);

const nativeWebSocket = globalThis.WebSocket as unknown;
const transports: Array<[string, unknown]> = [
  ['the ws package', WsWebSocket],
  ...(nativeWebSocket ? [['the global WebSocket', nativeWebSocket] as [string, unknown]] : []),
];

let server: MockResponsesServer;
beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterEach(() => server.reset());
afterAll(async () => {
  Object.assign(globalThis, { WebSocket: nativeWebSocket });
  await server.close();
});

/** Steps the add tool ran, in order. */
const executed: number[] = [];

const counter = new Agent({
  name: 'counter',
  instructions: 'Count with the add tool.',
  model: 'gpt-4.1-mini',
  tools: [
    tool({
      name: 'add',
      description: 'Add one to a number',
      parameters: z.object({ step: z.number() }),
      execute: async ({ step }) => {
        executed.push(step);
        return String(step + 1);
      },
    }),
  ],
});

describe.each(transports)('@openai/agents over WebSocket with %s', (_name, WebSocketClass) => {
  let provider: OpenAIProvider;
  let runner: Runner;
  beforeAll(() => {
    Object.assign(globalThis, { WebSocket: WebSocketClass });
    provider = new OpenAIProvider({
      apiKey: MOCK_API_KEY,
      baseURL: server.url,
      useResponses: true,
      useResponsesWebSocket: true,
    });
    runner = new Runner({ modelProvider: provider, tracingDisabled: true });
  });
  afterAll(async () => {
    await provider.close();
  });

  it('runs a tool loop on one socket', async () => {
    executed.length = 0;
    const result = await runner.run(counter, 'Count with me #tools=2');
    expect(result.finalOutput).toBe('Done after 2 tool calls.');
    expect(executed).toEqual([1, 2]);
    const records = server.requests;
    expect(records.map((r) => [r.transport, r.status])).toEqual([
      ['websocket', 'completed'],
      ['websocket', 'completed'],
      ['websocket', 'completed'],
    ]);
    expect(new Set(records.map((r) => r.socketId)).size).toBe(1);
    expect(records.flatMap((r) => r.duplicates)).toEqual([]);
    // The context the model saw ends with the two tool round trips.
    expect(records[2].context.map((item) => (item as { type?: string }).type ?? 'message')).toEqual(
      ['message', 'function_call', 'function_call_output', 'function_call', 'function_call_output'],
    );
  });

  it('continues a chat by previousResponseId from the socket cache, sending only the new message', async () => {
    const chat = new Agent({ name: 'chat', instructions: 'Answer.', model: 'gpt-4.1-mini' });
    const first = await runner.run(chat, 'Hello there');
    expect(first.finalOutput).toBe('Echo: Hello there');
    const second = await runner.run(chat, 'And again', {
      previousResponseId: first.lastResponseId,
    });
    expect(second.finalOutput).toBe('Echo: And again');

    const [, continued] = server.requests;
    expect(continued).toMatchObject({
      previousResponseId: first.lastResponseId,
      parentSource: 'socket-cache',
      duplicates: [],
    });
    expect(continued.input).toHaveLength(1);
    expect(continued.socketId).toBe(server.requests[0].socketId);
    expect(continued.context).toHaveLength(3);
  });

  it('a chat whose second message carries #tools=1 still calls the tool', async () => {
    executed.length = 0;
    const first = await runner.run(counter, 'Count with me #tools=1');
    expect(first.finalOutput).toBe('Done after 1 tool calls.');
    const second = await runner.run(counter, 'Once more #tools=1', {
      previousResponseId: first.lastResponseId,
    });
    expect(second.finalOutput).toBe('Done after 1 tool calls.');
    // The hint counts from its own message: the earlier turn's tool output does not satisfy it.
    expect(executed).toEqual([1, 1]);
    expect(server.requests.map((r) => r.parentSource)).toEqual([
      null,
      null,
      'socket-cache',
      'socket-cache',
    ]);
  });
});
