import { describe, expect, it } from 'vitest';
import { createMockResponsesServer } from '../../src/testing';
import { terminalOf, textOf, tryUpgrade, userMessage } from './raw-client';
import { useMockServer } from './use-mock-server';

const mock = useMockServer();
const open = () => mock.open();

describe('upgrade', () => {
  it('requires the Bearer key at the upgrade (401 with a JSON error otherwise)', async () => {
    const missing = await tryUpgrade(mock.server.wsUrl, {});
    const wrong = await tryUpgrade(mock.server.wsUrl, { Authorization: 'Bearer nope' });
    const good = await tryUpgrade(mock.server.wsUrl, { Authorization: 'Bearer test-key' });
    expect(missing).toMatchObject({ opened: false, status: 401 });
    expect(wrong).toMatchObject({ opened: false, status: 401 });
    expect(JSON.parse((wrong as { body: string }).body).error.code).toBe('invalid_api_key');
    expect((wrong as { body: string }).body).not.toContain('nope');
    expect(good).toEqual({ opened: true });
  });

  it('accepts the keys given in options and only the responses path', async () => {
    const custom = await createMockResponsesServer({ apiKeys: ['k1', 'k2'] });
    try {
      expect(await tryUpgrade(custom.wsUrl, { Authorization: 'Bearer k2' })).toEqual({
        opened: true,
      });
      expect(await tryUpgrade(custom.wsUrl, { Authorization: 'Bearer test-key' })).toMatchObject({
        status: 401,
      });
      const otherPath = custom.wsUrl.replace('/v1/responses', '/v1/chat');
      expect(await tryUpgrade(otherPath, { Authorization: 'Bearer k1' })).toMatchObject({
        status: 404,
      });
    } finally {
      await custom.close();
    }
  });
});

describe('events', () => {
  it('streams a text answer like the recorded streams', async () => {
    const client = await open();
    const { events } = await client.turn({
      model: 'gpt-4.1-mini',
      input: [userMessage('hi there')],
    });
    expect(events.map((e) => e.type)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(textOf(events)).toBe('Echo: hi there');
    const done = events.find((e) => e.type === 'response.output_text.done');
    expect(done?.text).toBe('Echo: hi there');
    const terminal = terminalOf(events)!;
    expect(terminal.response).toMatchObject({
      id: expect.stringMatching(/^resp_\d+$/),
      status: 'completed',
      model: 'gpt-4.1-mini',
      store: true,
      output: [
        {
          id: expect.stringMatching(/^msg_\d+$/),
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Echo: hi there', annotations: [] }],
        },
      ],
    });
    const usage = terminal.response.usage;
    expect(usage.input_tokens).toBeGreaterThan(0);
    expect(usage.output_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.input_tokens + usage.output_tokens);
    expect(usage.input_tokens_details.cached_tokens).toBe(0);
  });

  it('streams parallel function calls with argument deltas', async () => {
    const client = await open();
    mock.server.enqueue({
      toolCalls: [
        { name: 'weather', arguments: { city: 'Paris' } },
        { name: 'time', arguments: '{"tz":"CET"}' },
      ],
    });
    const { events } = await client.turn({ model: 'm', input: 'go' });
    const output = terminalOf(events)!.response.output;
    expect(output).toMatchObject([
      {
        type: 'function_call',
        name: 'weather',
        arguments: '{"city":"Paris"}',
        status: 'completed',
      },
      { type: 'function_call', name: 'time', arguments: '{"tz":"CET"}' },
    ]);
    expect(output[0].call_id).not.toBe(output[1].call_id);
    for (const [index, item] of output.entries()) {
      const deltas = events
        .filter((e) => e.type === 'response.function_call_arguments.delta' && e.item_id === item.id)
        .map((e) => e.delta);
      expect(deltas.join('')).toBe(item.arguments);
      expect(deltas.every((d) => typeof d === 'string')).toBe(true);
      const done = events.find(
        (e) => e.type === 'response.function_call_arguments.done' && e.output_index === index,
      );
      expect(done?.arguments).toBe(item.arguments);
    }
  });

  it('adds encrypted_content to reasoning items only when included', async () => {
    const client = await open();
    mock.server.enqueue(
      { text: 'a', reasoning: { summary: 'Thinking hard' } },
      { text: 'b', reasoning: {} },
    );
    const first = await client.turn({
      model: 'm',
      input: 'x',
      include: ['reasoning.encrypted_content'],
    });
    const second = await client.turn({ model: 'm', input: 'y' });
    const rs1 = terminalOf(first.events)!.response.output[0];
    const rs2 = terminalOf(second.events)!.response.output[0];
    expect(rs1).toMatchObject({
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: 'Thinking hard' }],
    });
    expect(rs1.encrypted_content).toEqual(expect.any(String));
    expect(rs2).toEqual({ id: expect.stringMatching(/^rs_/), type: 'reasoning', summary: [] });
    const summaryDeltas = first.events.filter(
      (e) => e.type === 'response.reasoning_summary_text.delta',
    );
    expect(summaryDeltas.map((e) => e.delta).join('')).toBe('Thinking hard');
    expect(first.events.map((e) => e.type)).toContain('response.reasoning_summary_part.done');
    expect(
      terminalOf(first.events)!.response.usage.output_tokens_details.reasoning_tokens,
    ).toBeGreaterThan(0);
  });
});
