import { APICallError } from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  afterOneTurn,
  inputTypes,
  type MockSetup,
  startMock,
  wsMeta,
} from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';

/** Waits until the client itself saw the server close every socket. */
const clientSawTheClose = () =>
  vi.waitFor(() => expect(poolOf(mock).stats().open).toBe(0), { timeout: 5_000 });

let mock: MockSetup;
beforeEach(async () => {
  mock = await startMock({ transport: 'websocket' });
});
afterEach(async () => {
  await mock.close();
});

const _lookup = tool({
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => `v${step}`,
});

describe('transparent resends (nothing reached the caller yet)', () => {
  for (const type of ['close-before-first-event', 'terminate-before-first-event'] as const) {
    it(`${type} → one resend with full input on a fresh socket`, async () => {
      const { model, messages } = await afterOneTurn(mock);
      mock.server.fault({ type });
      const result = await generateText({ model, messages, maxRetries: 0 });
      expect(result.text).toBe('Echo: Turn two');
      expect(wsMeta(result.providerMetadata)).toMatchObject({
        inputMode: 'full',
        retries: 1,
        reason: 'socket-replaced',
        socketReused: false,
      });
      const [, lost, resent] = mock.server.requests;
      expect(lost.previousResponseId).not.toBeNull(); // the delta that was lost with the socket
      expect(resent.previousResponseId).toBeNull();
      expect(resent.socketId).not.toBe(lost.socketId);
      expect(resent.duplicates).toEqual([]);
      expect(mock.server.sockets().open).toBe(1);
    });
  }

  it('previous_response_not_found → one resend with full input; retries says so', async () => {
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({ type: 'previous-response-not-found' });
    const result = await generateText({ model, messages, maxRetries: 0 });
    expect(result.text).toBe('Echo: Turn two');
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      inputMode: 'full',
      retries: 1,
      reason: 'previous-response-not-found',
    });
    const [, failed, resent] = mock.server.requests;
    expect(failed.error?.code).toBe('previous_response_not_found');
    expect(resent.previousResponseId).toBeNull();
    expect(resent.input).toHaveLength(3);
  });

  it('websocket_connection_limit_reached on a request → socket replaced, call succeeds', async () => {
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({ type: 'connection-limit-on-request' });
    const result = await generateText({ model, messages, maxRetries: 0 });
    expect(result.text).toBe('Echo: Turn two');
    expect(wsMeta(result.providerMetadata)).toMatchObject({ retries: 1, socketReused: false });
    const sockets = new Set(mock.server.requests.map((r) => r.socketId));
    expect(sockets.size).toBe(2);
  });

  it('websocket_connection_limit_reached unsolicited on an idle socket → no crash, next call on a new socket', async () => {
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({ type: 'connection-limit-idle' });
    await clientSawTheClose();
    expect(mock.server.sockets().open).toBe(0);
    const result = await generateText({ model, messages, maxRetries: 0 });
    expect(result.text).toBe('Echo: Turn two');
    // The chain lived only in the closed socket's cache... but it was stored, so it continues.
    expect(wsMeta(result.providerMetadata)).toMatchObject({ socketReused: false, retries: 0 });
    expect(mock.server.requests[1].duplicates).toEqual([]);
  });

  it('store:false chain whose socket died continues with full input', async () => {
    const model = mock.provider('gpt-4.1-mini');
    const providerOptions = { openai: { store: false } };
    const first = await generateText({ model, prompt: 'Turn one', providerOptions });
    mock.server.closeAllSockets();
    await clientSawTheClose();
    const result = await generateText({
      model,
      messages: [
        { role: 'user', content: 'Turn one' },
        ...first.responseMessages,
        { role: 'user', content: 'Turn two' },
      ],
      providerOptions,
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'socket-replaced',
    });
    expect(mock.server.requests[1].previousResponseId).toBeNull();
  });

  it('a malformed frame before any output → resend on a fresh socket', async () => {
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({ type: 'malformed-frame', afterEvents: 0 });
    const result = await generateText({ model, messages, maxRetries: 0 });
    expect(result.text).toBe('Echo: Turn two');
    expect(wsMeta(result.providerMetadata)).toMatchObject({ retries: 1, inputMode: 'full' });
  });

  it('a call that starts while the server is closing its idle socket → answered once, on a new socket', async () => {
    const { model, messages } = await afterOneTurn(mock);
    // The close is on its way when the call starts: the client has not read it yet, so the call's
    // frame goes out on the socket that is closing.
    mock.server.closeAllSockets();
    const result = await generateText({ model, messages, maxRetries: 0 });
    expect(result.text).toBe('Echo: Turn two');
    const answered = mock.server.requests.filter((r) => r.responseId);
    expect(answered).toHaveLength(2);
    expect(new Set(answered.map((r) => r.socketId)).size).toBe(2);
    for (const record of mock.server.requests) expect(record.duplicates).toEqual([]);
    // The frame sent into the close failed before any output and was resent.
    expect(wsMeta(result.providerMetadata)).toMatchObject({ socketReused: false, retries: 1 });
  });
});

describe('failures after output reached the caller', () => {
  it('socket closed mid-stream → error part, chain dropped, next call sends full input and succeeds', async () => {
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({ type: 'close-after-events', events: 5 });
    const errors: unknown[] = [];
    const broken = streamText({
      model,
      messages,
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    const text = await Promise.resolve(broken.text).catch(() => '');
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0])).toBe(true);
    expect(text.length).toBeLessThan('Echo: Turn two'.length);

    const retried = await generateText({ model, messages, maxRetries: 0 });
    expect(retried.text).toBe('Echo: Turn two');
    // The broken response never becomes a head. Its parent (turn one) was stored, so the server
    // can still reload it: the retry is a delta from turn one, on a new socket.
    const last = mock.server.requests.at(-1)!;
    expect(last.previousResponseId).toBe(mock.server.requests[0].responseId);
    expect(last.parentSource).toBe('store');
    expect(last.duplicates).toEqual([]);
  });

  it('generateText rejects when the socket dies after output', async () => {
    const model = mock.provider('gpt-4.1-mini');
    mock.server.fault({ type: 'terminate-after-events', events: 5 });
    const error = await generateText({
      model,
      prompt: 'A long answer please',
      maxRetries: 0,
    }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/broke off/);
  });

  it('a tool loop survives a socket dropped between steps', async () => {
    let dropped = false;
    const flaky = tool({
      inputSchema: z.object({ step: z.number() }),
      execute: async ({ step }) => {
        if (step === 2 && !dropped) {
          dropped = true;
          mock.server.closeAllSockets();
          await clientSawTheClose();
        }
        return `v${step}`;
      },
    });
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'Go. #tools=4',
      tools: { lookup: flaky },
      stopWhen: stepCountIs(10),
      maxRetries: 0,
    });
    expect(result.text).toBe('Done after 4 tool calls.');
    for (const record of mock.server.requests) expect(record.duplicates).toEqual([]);
    // After the drop, the stored chain continues from the store on the new socket.
    const afterDrop = mock.server.requests[2];
    expect(afterDrop.parentSource).toBe('store');
    expect(inputTypes(afterDrop)).toEqual(['function_call_output']);
  });
});
