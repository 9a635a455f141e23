import { generateText, type ModelMessage, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { contextTexts, type Instance, useInstances } from '../helpers/instances';
import { inputTypes, wsMeta } from '../helpers/mock-provider';

const setup = useInstances();
const { records, last } = setup;

async function chat(instance: Instance, history: ModelMessage[], text: string) {
  const messages: ModelMessage[] = [...history, { role: 'user', content: text }];
  const result = await generateText({ model: instance('gpt-4.1-mini'), messages });
  return {
    history: [...messages, ...result.responseMessages],
    meta: wsMeta(result.providerMetadata),
  };
}

/** A turn whose response goes wrong; the history keeps what the AI SDK kept of it. */
/**
 * The last request, after the refusal: the turn that broke off ('Second', its partial answer
 * 'Echo:') goes inline; the answer that completed before it goes by reference.
 */
function expectBrokenTurnInline() {
  expect(inputTypes(last())).toEqual([
    'message:user',
    'item_reference',
    'message:user',
    'message:assistant',
    'message:user',
  ]);
  expect(contextTexts(last())).toEqual(['First', 'Echo: First', 'Second', 'Echo:', 'Third']);
}

async function badTurn(instance: Instance, history: ModelMessage[], text: string) {
  const messages: ModelMessage[] = [...history, { role: 'user', content: text }];
  const result = streamText({ model: instance('gpt-4.1-mini'), messages, maxRetries: 0 });
  await result.consumeStream({ onError: () => {} });
  return [...messages, ...(await result.responseMessages)];
}

describe('after a turn that went wrong, the next call continues the last good response', () => {
  it('after response.incomplete: a delta from the response before it', async () => {
    const a = setup.instance();
    const one = await chat(a, [], 'First');
    setup.server.enqueue({ status: 'incomplete', text: 'Half an answer' });
    const history = await badTurn(a, one.history, 'Second');
    const three = await chat(a, history, 'Third');
    expect(three.meta).toMatchObject({ inputMode: 'delta', reason: 'continuation-from-store' });
    expect(last().previousResponseId).toBe(records()[0].responseId);
    // The incomplete answer is new input: stored with its response, referenced by id.
    expect(inputTypes(last())).toEqual(['message:user', 'item_reference', 'message:user']);
    expect(contextTexts(last())).toEqual([
      'First',
      'Echo: First',
      'Second',
      'Half an answer',
      'Third',
    ]);
    expect(last().duplicates).toEqual([]);
  });

  it('after a stream that broke off: the partial answer goes inline, never as an unknown item', async () => {
    const a = setup.instance();
    const one = await chat(a, [], 'First');
    // Cut after the first text delta: the server never stored the message.
    setup.server.fault({ type: 'terminate-after-events', events: 5 });
    const history = await badTurn(a, one.history, 'Second');
    const three = await chat(a, history, 'Third');
    expect(three.meta).toMatchObject({ inputMode: 'delta', retries: 0 });
    expect(last().previousResponseId).toBe(records()[0].responseId);
    expect(inputTypes(last())).toEqual(['message:user', 'message:assistant', 'message:user']);
    expect(records().filter((r) => r.status === 'error')).toEqual([]);
    expect(contextTexts(last())).toEqual(['First', 'Echo: First', 'Second', 'Echo:', 'Third']);
  });

  it('in another process: the server says it never stored the item, and the call is resent with it inline', async () => {
    const [a, b] = [setup.instance(), setup.instance()];
    const one = await chat(a, [], 'First');
    setup.server.fault({ type: 'terminate-after-events', events: 5 });
    const history = await badTurn(a, one.history, 'Second');
    const three = await chat(b, history, 'Third');
    expect(three.meta).toMatchObject({ inputMode: 'full', reason: 'item-not-found', retries: 1 });
    const refused = records()[records().length - 2];
    expect(refused.previousResponseId).toBe(records()[0].responseId);
    expect(refused.error).toEqual({
      code: null,
      message: expect.stringMatching(/^Item with id 'msg_\d+' not found\./),
    });
    expectBrokenTurnInline();
    // That process knows it from now on: the next call goes out as a delta at once.
    const four = await chat(b, three.history, 'Fourth');
    expect(four.meta).toMatchObject({ inputMode: 'delta', retries: 0 });
  });

  it('in another process on the HTTP fallback: resent with the item inline, as over a socket', async () => {
    const [a, b] = [setup.instance(), setup.instance({ webSocket: null })];
    const one = await chat(a, [], 'First');
    setup.server.fault({ type: 'terminate-after-events', events: 5 });
    const history = await badTurn(a, one.history, 'Second');
    // Without the resend, every call of the conversation would be refused: the history names it.
    const three = await chat(b, history, 'Third');
    expect(three.meta).toMatchObject({ transport: 'http', inputMode: 'full', retries: 1 });
    const refused = records()[records().length - 2];
    expect(refused).toMatchObject({ transport: 'http', status: 'error' });
    expect(refused.error?.message).toMatch(/^Item with id 'msg_\d+' not found\./);
    expectBrokenTurnInline();
  });

  it('after an abort mid-stream: the partial answer the app keeps goes inline', async () => {
    // Events spaced out, so that the abort lands mid-stream.
    await setup.restart({ costModel: { perEventMs: 20 } });
    const a = setup.instance();
    const one = await chat(a, [], 'First');
    const controller = new AbortController();
    const messages: ModelMessage[] = [
      ...one.history,
      { role: 'user', content: 'Second, a long answer' },
    ];
    const result = streamText({
      model: a('gpt-4.1-mini'),
      messages,
      abortSignal: controller.signal,
      maxRetries: 0,
      onError: () => {},
    });
    // What a chat UI keeps of the answer: the text so far, with the metadata of its start.
    let text = '';
    let providerOptions: Record<string, Record<string, unknown>> | undefined;
    for await (const part of result.fullStream) {
      if (part.type === 'text-start')
        providerOptions = part.providerMetadata as typeof providerOptions;
      if (part.type === 'text-delta') {
        text += part.text;
        controller.abort(new Error('stop'));
      }
    }
    expect(text.length).toBeGreaterThan(0);
    const history: ModelMessage[] = [
      ...messages,
      {
        role: 'assistant',
        content: [{ type: 'text', text, providerOptions: providerOptions as never }],
      },
    ];
    const three = await chat(a, history, 'Third');
    expect(three.meta).toMatchObject({ inputMode: 'delta', retries: 0 });
    expect(inputTypes(last())).toEqual(['message:user', 'message:assistant', 'message:user']);
    expect(records().filter((r) => r.status === 'error')).toEqual([]);
  });
});
