/**
 * Proof that the mock speaks the real protocol: the official `openai` package's WebSocket client
 * (which this project did not write) runs a manual tool loop against it.
 */
import OpenAI from 'openai';
import { ResponsesWS } from 'openai/resources/responses/ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';

let server: MockResponsesServer;
beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterAll(async () => {
  await server.close();
});

type Completed = {
  id: string;
  output: Array<{
    type: string;
    call_id?: string;
    arguments?: string;
    content?: Array<{ text: string }>;
  }>;
};

it('runs a 3-turn tool loop over one ResponsesWS socket, sending only new items', async () => {
  const client = new OpenAI({ apiKey: MOCK_API_KEY, baseURL: server.url });
  const rws = new ResponsesWS(client);
  const errors: unknown[] = [];
  rws.on('error', (error) => errors.push(error));
  await new Promise<void>((resolve, reject) => {
    rws.socket.once('open', () => resolve());
    rws.socket.once('error', reject);
  });

  const tools = [
    {
      type: 'function' as const,
      name: 'add',
      description: 'Add one to a number',
      parameters: { type: 'object', properties: { step: { type: 'number' } }, required: ['step'] },
      strict: false,
    },
  ];
  const turn = async (
    input: OpenAI.Responses.ResponseInput,
    previous?: string,
  ): Promise<Completed> => {
    const done = rws.emitted('response.completed');
    rws.send({
      type: 'response.create',
      model: 'gpt-4.1-mini',
      store: false,
      tools,
      input,
      ...(previous && { previous_response_id: previous }),
    });
    return (await done).response as unknown as Completed;
  };

  let response = await turn([{ role: 'user', content: 'Count with me #tools=2' }]);
  for (let step = 0; step < 2; step++) {
    const call = response.output.find((item) => item.type === 'function_call');
    expect(call).toBeDefined();
    const args = JSON.parse(call!.arguments!);
    response = await turn(
      [{ type: 'function_call_output', call_id: call!.call_id!, output: String(args.step + 1) }],
      response.id,
    );
  }
  expect(response.output[0].content?.[0].text).toBe('Done after 2 tool calls.');
  rws.close();
  await new Promise((resolve) => rws.socket.once('close', resolve));

  expect(errors).toEqual([]);
  const records = server.requests;
  expect(records).toHaveLength(3);
  expect(new Set(records.map((r) => r.socketId)).size).toBe(1);
  expect(records.map((r) => r.parentSource)).toEqual([null, 'socket-cache', 'socket-cache']);
  expect(records.map((r) => r.input.length)).toEqual([1, 1, 1]);
  expect(records.flatMap((r) => r.duplicates)).toEqual([]);
  expect(records[2].context.map((item) => (item as { type?: string }).type ?? 'message')).toEqual([
    'message',
    'function_call',
    'function_call_output',
    'function_call',
    'function_call_output',
  ]);
  expect(server.sockets().opened).toBe(1);
});
