/**
 * Proof that the mock speaks the real protocol: the official `openai` package (which this
 * project did not write) — its Responses WebSocket client, its lane/session helpers and its
 * HTTP resources — against the mock.
 */
import OpenAI from 'openai';
import {
  type ResponsesWebSocketLane,
  ResponsesWebSocketSession,
} from 'openai/lib/responses/responses-websocket-session';
import { WebSocketError } from 'openai/resources/responses/internal-base';
import { ResponsesWS } from 'openai/resources/responses/ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';

let server: MockResponsesServer;
const sockets: ResponsesWS[] = [];
beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map(closeSocket));
  server.reset();
});
afterAll(async () => {
  await server.close();
});

const client = () => new OpenAI({ apiKey: MOCK_API_KEY, baseURL: server.url, maxRetries: 0 });

async function openSocket(): Promise<ResponsesWS> {
  const rws = new ResponsesWS(client());
  sockets.push(rws);
  rws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    rws.socket.once('open', () => resolve());
    rws.socket.once('error', reject);
  });
  return rws;
}

async function closeSocket(rws: ResponsesWS): Promise<void> {
  if (rws.socket.readyState === 3) return;
  const closed = new Promise((resolve) => rws.socket.once('close', resolve));
  rws.close();
  await closed;
}

async function openSession(maxLanes = 8): Promise<ResponsesWebSocketSession> {
  return new ResponsesWebSocketSession(await openSocket(), {
    maxLanes,
    maxBufferedEvents: 10_000,
    maxBufferedBytes: 16 * 1024 * 1024,
  });
}

const ask = (lane: ResponsesWebSocketLane, input: string, extra: Record<string, unknown> = {}) =>
  lane.create({ model: 'gpt-4.1-mini', input, ...extra });

it('runs a 3-turn tool loop over one ResponsesWS socket, sending only new items', async () => {
  const rws = await openSocket();
  const errors: unknown[] = [];
  rws.on('error', (error) => errors.push(error));
  const tools = [
    {
      type: 'function' as const,
      name: 'add',
      description: 'Add one to a number',
      parameters: { type: 'object', properties: { step: { type: 'number' } }, required: ['step'] },
      strict: false,
    },
  ];
  const turn = async (input: OpenAI.Responses.ResponseInput, previous?: string) => {
    const done = rws.emitted('response.completed');
    rws.send({
      type: 'response.create',
      model: 'gpt-4.1-mini',
      store: false,
      tools,
      input,
      ...(previous && { previous_response_id: previous }),
    });
    return (await done).response;
  };

  let response = await turn([{ role: 'user', content: 'Count with me #tools=2' }]);
  for (let step = 0; step < 2; step++) {
    const call = response.output.find((item) => item.type === 'function_call');
    if (call?.type !== 'function_call') throw new Error('expected a function call');
    const args = JSON.parse(call.arguments);
    response = await turn(
      [{ type: 'function_call_output', call_id: call.call_id, output: String(args.step + 1) }],
      response.id,
    );
  }
  const answer = response.output[0];
  expect(answer.type === 'message' && answer.content[0]).toMatchObject({
    text: 'Done after 2 tool calls.',
  });

  expect(errors).toEqual([]);
  const records = server.requests;
  expect(records).toHaveLength(3);
  expect(new Set(records.map((r) => r.socketId)).size).toBe(1);
  expect(records.map((r) => r.parentSource)).toEqual([null, 'socket-cache', 'socket-cache']);
  expect(records.map((r) => r.input.length)).toEqual([1, 1, 1]);
  expect(records.flatMap((r) => r.duplicates)).toEqual([]);
});

describe('lanes through ResponsesWebSocketSession', () => {
  it('two named lanes run concurrently on one socket', async () => {
    const session = await openSession();
    const slow = session.lane('slow');
    const fast = session.lane('fast');
    server.fault({ type: 'delay-first-event', ms: 150, streamId: 'slow' });
    ask(slow, 'tortoise');
    ask(fast, 'hare');
    const finished: string[] = [];
    const [a, b] = await Promise.all(
      [slow, fast].map((lane) =>
        lane.finalResponse().then((response) => {
          finished.push(String(lane.streamID));
          return response;
        }),
      ),
    );
    expect([a.output_text, b.output_text]).toEqual(['Echo: tortoise', 'Echo: hare']);
    expect(finished).toEqual(['fast', 'slow']);
    expect(server.requests.map((r) => [r.streamId, r.inFlight])).toEqual([
      ['slow', 1],
      ['fast', 2],
    ]);
    expect(new Set(server.requests.map((r) => r.socketId)).size).toBe(1);
  });

  it('two pipelined creates on the default lane both succeed, in order', async () => {
    const session = await openSession();
    const lane = session.lane();
    server.fault({ type: 'delay-first-event', ms: 80 });
    ask(lane, 'first');
    ask(lane, 'second');
    const first = await lane.finalResponse();
    const second = await lane.finalResponse();
    expect([first.output_text, second.output_text]).toEqual(['Echo: first', 'Echo: second']);
    expect(first.id).not.toBe(second.id);
    expect(server.requests.map((r) => [r.streamId, r.status, r.queuedFor])).toEqual([
      [null, 'completed', null],
      [null, 'completed', 'lane'],
    ]);
  });

  it('33 lanes on one socket: the first 32 answer, the 33rd is refused', async () => {
    const session = await openSession(40);
    const lanes = Array.from({ length: 33 }, (_, i) => session.lane(`lane-${i + 1}`));
    for (const [i, lane] of lanes.entries()) ask(lane, `q${i + 1}`);
    const results = await Promise.allSettled(lanes.map((lane) => lane.finalResponse()));
    const answered = results
      .slice(0, 32)
      .map((r) => r.status === 'fulfilled' && r.value.output_text);
    expect(answered).toEqual(lanes.slice(0, 32).map((_, i) => `Echo: q${i + 1}`));
    const refused = results[32];
    expect(refused.status).toBe('rejected');
    const error = (refused as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(WebSocketError);
    expect(error.error).toMatchObject({
      type: 'error',
      stream_id: 'lane-33',
      error: { code: 'websocket_stream_limit_reached' },
    });
  });

  it('forks a store:false response onto another lane, advancing the source after in_progress', async () => {
    const session = await openSession();
    const source = session.lane('source');
    const fork = session.lane('fork');
    ask(source, 'root', { store: false });
    const root = await source.finalResponse();

    ask(fork, 'branch', { store: false, previous_response_id: root.id });
    for (let e = await fork.receive(); e.type !== 'response.in_progress'; e = await fork.receive());
    ask(source, 'trunk', { store: false, previous_response_id: root.id });
    const [branch, trunk] = await Promise.all([fork.finalResponse(), source.finalResponse()]);

    expect(branch.output_text).toBe('Echo: branch');
    expect(trunk.output_text).toBe('Echo: trunk');
    expect(branch.previous_response_id).toBe(root.id);
    const [, forked, advanced] = server.requests;
    expect(forked).toMatchObject({ streamId: 'fork', parentSource: 'socket-cache', forked: true });
    expect(advanced).toMatchObject({
      streamId: 'source',
      parentSource: 'socket-cache',
      forked: false,
    });
    expect(forked.context).toHaveLength(3);
  });
});

describe('HTTP resources', () => {
  it('responses.retrieve returns what the socket streamed; input items and delete too', async () => {
    const session = await openSession();
    const lane = session.lane('a');
    ask(lane, 'remember me');
    const streamed = await lane.finalResponse();

    const openai = client();
    const retrieved = await openai.responses.retrieve(streamed.id);
    expect(retrieved.id).toBe(streamed.id);
    expect(retrieved.output_text).toBe('Echo: remember me');
    expect(retrieved.output).toEqual(streamed.output);

    // Streaming it again is only for background responses, as on the real API.
    await expect(openai.responses.retrieve(streamed.id, { stream: true })).rejects.toMatchObject({
      status: 400,
      param: 'stream',
    });

    const items = [];
    for await (const item of openai.responses.inputItems.list(streamed.id)) items.push(item);
    expect(items).toEqual([
      expect.objectContaining({ type: 'message', role: 'user', content: 'remember me' }),
    ]);

    await openai.responses.delete(streamed.id);
    await expect(openai.responses.retrieve(streamed.id)).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    );
    await expect(openai.responses.cancel('resp_unknown')).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    );
  });
});
