import { describe, expect, it } from 'vitest';
import { connect, terminalOf } from './raw-client';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();

const call = (method: string, path: string, body?: unknown, apiKey = 'test-key') =>
  fetch(`${mock.server.url}/responses${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });

async function created(body: Record<string, unknown>) {
  return (await (await call('POST', '', { model: 'm', ...body })).json()) as {
    id: string;
    output: Array<Record<string, unknown>>;
  };
}

describe('stored-response routes', () => {
  it('answers an id with a broken percent escape with 404 instead of crashing', async () => {
    const res = await call('GET', '/resp_%E0%A4%A');
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ code: 'not_found' });
    // The server is still there.
    expect((await call('POST', '', { model: 'm', input: 'x' })).status).toBe(200);
  });

  it('GET /responses/{id} returns a stored response, from HTTP or WebSocket', async () => {
    const overHttp = await created({ input: 'kept' });
    const retrieved = await (await call('GET', `/${overHttp.id}`)).json();
    expect(retrieved).toEqual(overHttp);

    const client = await connect(mock.server.wsUrl);
    const turn = await client.turn({ model: 'm', input: 'socket', stream_id: 'lane-1' });
    await client.close();
    const final = terminalOf(turn.events)!.response;
    const fromSocket = await (await call('GET', `/${final.id}`)).json();
    expect(fromSocket).toEqual(final);
    expect(fromSocket).not.toHaveProperty('stream_id');
  });

  it('GET /responses/{id}?stream=true refuses, as for any response not created in background', async () => {
    // The real API streams a stored response again only if it ran with `background: true`,
    // which the mock never does; its answer is this 400.
    const stored = await created({ input: 'replay me' });
    const res = await call('GET', `/${stored.id}?stream=true`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        message:
          'This response cannot be streamed because it was not created with background=true.',
        type: 'invalid_request_error',
        param: 'stream',
        code: 'invalid_request_error',
      },
    });
    // Without `stream` the same response is retrieved as JSON.
    expect((await call('GET', `/${stored.id}?stream=false`)).status).toBe(200);
  });

  it('GET /responses/{id}/input_items lists the input items, newest first by default', async () => {
    const first = await created({ input: 'q1' });
    const second = await created({
      previous_response_id: first.id,
      input: [
        { role: 'user', content: 'q2' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'q3' }] },
      ],
    });
    const page = await (await call('GET', `/${second.id}/input_items`)).json();
    expect(page).toMatchObject({ object: 'list', has_more: false });
    expect(page.data.map((item: { content: unknown }) => item.content)).toEqual([
      [{ type: 'input_text', text: 'q3' }],
      'q2',
    ]);
    expect(
      page.data.every(
        (item: { id?: unknown; type?: unknown }) =>
          typeof item.id === 'string' && item.type === 'message',
      ),
    ).toBe(true);
    expect(page.first_id).toBe(page.data[0].id);
    const asc = await (await call('GET', `/${second.id}/input_items?order=asc&limit=1`)).json();
    expect(asc).toMatchObject({ has_more: true, first_id: page.data[1].id });
    const next = await (
      await call('GET', `/${second.id}/input_items?order=asc&limit=1&after=${asc.last_id}`)
    ).json();
    expect(next.data.map((item: { id: string }) => item.id)).toEqual([page.data[0].id]);
    // Ids stay the same between calls, and the request records keep what was sent.
    const again = await (await call('GET', `/${second.id}/input_items`)).json();
    expect(again.data).toEqual(page.data);
    expect(mock.server.requests[1].input[0]).toEqual({ role: 'user', content: 'q2' });
  });

  it('DELETE /responses/{id} removes it: retrieve and continuation then fail', async () => {
    const response = await created({ input: 'temporary' });
    const deleted = await call('DELETE', `/${response.id}`);
    expect(await deleted.json()).toEqual({
      id: response.id,
      object: 'response.deleted',
      deleted: true,
    });
    expect((await call('GET', `/${response.id}`)).status).toBe(404);
    const continued = await call('POST', '', {
      model: 'm',
      input: 'more',
      previous_response_id: response.id,
    });
    expect((await continued.json()).error.code).toBe('previous_response_not_found');
    expect((await call('DELETE', `/${response.id}`)).status).toBe(404);
  });

  it('POST /responses/{id}/cancel refuses: only background responses can be cancelled', async () => {
    const response = await created({ input: 'done already' });
    const res = await call('POST', `/${response.id}/cancel`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('response_not_cancellable');
    expect((await call('POST', '/resp_nope/cancel')).status).toBe(404);
  });

  it('finds only stored responses, and requires the key', async () => {
    const ephemeral = await created({ input: 'x', store: false });
    const missing = await call('GET', `/${ephemeral.id}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining(ephemeral.id),
    });
    const stored = await created({ input: 'y' });
    expect((await call('GET', `/${stored.id}`, undefined, 'wrong')).status).toBe(401);
    expect((await call('PUT', `/${stored.id}`)).status).toBe(404);
  });

  it('rejects stream_id over HTTP (a WebSocket-only parameter)', async () => {
    const res = await call('POST', '', { model: 'm', input: 'x', stream_id: 'a' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: 'unknown_parameter',
      param: 'stream_id',
    });
  });
});
