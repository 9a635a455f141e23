import { APICallError } from '@ai-sdk/provider';
import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const big = `big ${'x'.repeat(3_000)}`;

describe('a call too large for any socket goes over HTTP without one', () => {
  it('opens no socket for it', async () => {
    mock = await startMock({ maxFrameBytes: 2_000 });
    const result = await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: big });
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      transport: 'http',
      reason: 'frame-too-large',
    });
    expect(mock.server.sockets().opened).toBe(0);
  });

  it('does not wait for a socket while every socket is busy', async () => {
    mock = await startMock({ maxFrameBytes: 2_000, pool: { maxSockets: 1, queueTimeoutMs: 500 } });
    // The pool's one socket stays busy: its response's first event comes after 10 s.
    mock.server.fault({ type: 'delay-first-event', ms: 10_000, transport: 'websocket' });
    const controller = new AbortController();
    const busy = generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'slow',
      abortSignal: controller.signal,
    }).catch(() => undefined);
    await vi.waitFor(() => expect(mock?.server.requests).toHaveLength(1));
    const result = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: big,
      maxRetries: 0,
    });
    expect(wsMeta(result.providerMetadata)).toMatchObject({ transport: 'http' });
    controller.abort();
    await busy;
  });

  it("with 'websocket' the error comes before any socket is opened", async () => {
    mock = await startMock({ maxFrameBytes: 2_000, transport: 'websocket' });
    const error = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: big,
      maxRetries: 0,
    }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(
      /above the WebSocket frame limit of 2000 bytes.*transport "auto"/,
    );
    expect(mock.server.sockets().opened).toBe(0);
    expect(mock.server.requests).toHaveLength(0);
  });

  it('nor does a continuation whose delta is too large', async () => {
    mock = await startMock({ maxFrameBytes: 2_000, pool: { maxSockets: 1, queueTimeoutMs: 500 } });
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'Turn one' });
    // Another conversation takes the pool's one socket and keeps it busy.
    mock.server.fault({ type: 'delay-first-event', ms: 10_000, transport: 'websocket' });
    const controller = new AbortController();
    const busy = generateText({ model, prompt: 'slow', abortSignal: controller.signal }).catch(
      () => undefined,
    );
    await vi.waitFor(() => expect(mock?.server.requests).toHaveLength(2));
    const second = await generateText({
      model,
      messages: [
        { role: 'user', content: 'Turn one' },
        ...first.responseMessages,
        { role: 'user', content: big },
      ],
      maxRetries: 0,
    });
    expect(wsMeta(second.providerMetadata)).toMatchObject({
      transport: 'http',
      reason: 'frame-too-large',
    });
    expect(mock.server.requests[1].status).toBe('in_progress');
    controller.abort();
    await busy;
  });

  it('a continuation whose delta fits still goes over the socket', async () => {
    mock = await startMock({ maxFrameBytes: 2_000 });
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: big.slice(0, 1_500) });
    const second = await streamText({
      model,
      messages: [
        { role: 'user', content: big.slice(0, 1_500) },
        ...first.responseMessages,
        { role: 'user', content: 'and now?' },
      ],
    }).providerMetadata;
    expect(wsMeta(second)).toMatchObject({ transport: 'websocket', inputMode: 'delta' });
  });
});
