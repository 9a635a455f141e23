import { describe, expect, it } from 'vitest';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();

const post = (body: unknown) =>
  fetch(`${mock.server.url}/responses`, {
    method: 'POST',
    headers: { authorization: 'Bearer test-key', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/*
 * Fields the package relies on must have the right type, as on the real API: a mock that read
 * `previous_response_id: 5` as "no parent" or `store: 'no'` as `store: true` would hide a client
 * that serialises them wrongly (a silent full resend, a response stored against its will).
 */
const wrongTypes: [string, Record<string, unknown>][] = [
  ['previous_response_id', { previous_response_id: 5 }],
  ['store', { store: 'no' }],
  ['instructions', { instructions: 5 }],
  ['tools', { tools: 'x' }],
];

describe('wrong field types', () => {
  it.each(wrongTypes)('refuses a %s of the wrong type on a socket', async (param, extra) => {
    const client = await mock.open();
    const turn = await client.turn({ model: 'gpt-4.1-mini', input: 'hi', ...extra });
    expect(turn.events).toHaveLength(1);
    expect(turn.events[0]).toMatchObject({
      type: 'error',
      status: 400,
      error: { type: 'invalid_request_error', code: 'invalid_type', param },
    });
    expect(mock.server.requests[0]).toMatchObject({ status: 'error' });
  });

  it.each(wrongTypes)('refuses a %s of the wrong type over HTTP', async (param, extra) => {
    const res = await post({ model: 'gpt-4.1-mini', input: 'hi', ...extra });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_type', param } });
  });

  it('refuses a stream flag that is not a boolean over HTTP', async () => {
    const res = await post({ model: 'gpt-4.1-mini', input: 'hi', stream: 'yes' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_type', param: 'stream' } });
  });

  it('accepts null for optional fields, as the real API does', async () => {
    const client = await mock.open();
    const turn = await client.turn({
      model: 'gpt-4.1-mini',
      input: 'hi',
      previous_response_id: null,
      store: null,
      instructions: null,
    });
    expect(turn.events.at(-1)?.type).toBe('response.completed');
    expect(turn.events.at(-1)?.response.store).toBe(true);
  });
});

describe('binary frames', () => {
  it('refuses a binary frame instead of reading it as text', async () => {
    const client = await mock.open();
    const body = JSON.stringify({ type: 'response.create', model: 'gpt-4.1-mini', input: 'hi' });
    client.ws.send(Buffer.from(body), { binary: true });
    const turn = await client.collect();
    expect(turn.events).toHaveLength(1);
    expect(turn.events[0]).toMatchObject({
      type: 'error',
      status: 400,
      error: { code: 'invalid_json' },
    });
    expect(mock.server.requests[0]).toMatchObject({ status: 'error' });
  });
});

describe('parameters WebSocket mode does not take', () => {
  it('refuses background: true on a socket (the API runs no background responses there)', async () => {
    const client = await mock.open();
    const turn = await client.turn({ model: 'gpt-4.1-mini', input: 'hi', background: true });
    expect(turn.events).toEqual([
      expect.objectContaining({
        type: 'error',
        status: 400,
        error: expect.objectContaining({ code: 'unsupported_parameter', param: 'background' }),
      }),
    ]);
    const plain = await client.turn({ model: 'gpt-4.1-mini', input: 'hi', background: false });
    expect(plain.events.at(-1)?.type).toBe('response.completed');
  });

  it('still runs background: true over HTTP, like any request', async () => {
    const res = await post({ model: 'gpt-4.1-mini', input: 'hi', background: true });
    expect(res.status).toBe(200);
  });
});

describe('tool definitions', () => {
  const refused: [string, unknown[], string, string][] = [
    ['a tool that is not an object', [null], 'invalid_type', 'tools[0]'],
    ['a tool without type', [{ name: 'f' }], 'missing_required_parameter', 'tools[0].type'],
    [
      'a function tool without name',
      [{ type: 'function' }],
      'missing_required_parameter',
      'tools[0].name',
    ],
    [
      'a function tool with schema text',
      [{ type: 'function', name: 'f', parameters: '{}' }],
      'invalid_type',
      'tools[0].parameters',
    ],
  ];
  it.each(refused)('refuses %s, naming the field', async (_name, tools, code, param) => {
    const client = await mock.open();
    const turn = await client.turn({ model: 'gpt-4.1-mini', input: 'hi', tools });
    expect(turn.events).toEqual([
      expect.objectContaining({ type: 'error', error: expect.objectContaining({ code, param }) }),
    ]);
  });
});
