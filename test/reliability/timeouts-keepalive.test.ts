import { APICallError } from '@ai-sdk/provider';
import { generateText, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callError, callResult, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('socket age', () => {
  it('a socket near its age limit is not handed out again', async () => {
    mock = await startMock({ pool: { maxSocketAgeMs: 600 } });
    const model = mock.provider('gpt-4.1-mini');
    // One conversation: each call prefers the socket that holds its chain.
    const messages: ModelMessage[] = [{ role: 'user', content: 'one' }];
    messages.push(...(await generateText({ model, messages })).response.messages);
    messages.push({ role: 'user', content: 'two' });
    messages.push(...(await generateText({ model, messages })).response.messages);
    expect(new Set(mock.server.requests.map((r) => r.socketId)).size).toBe(1);
    await sleep(650);
    messages.push({ role: 'user', content: 'three' });
    const third = await generateText({ model, messages });
    expect(wsMeta(third.providerMetadata)).toMatchObject({ socketReused: false });
    expect(new Set(mock.server.requests.map((r) => r.socketId)).size).toBe(2);
    // The old one was closed, not leaked.
    await vi.waitFor(() => expect(mock?.server.sockets().open).toBe(1));
  });
});

describe('keepalive', () => {
  it('idle sockets are pinged; one that stops answering is dropped', async () => {
    mock = await startMock({ pool: { pingIntervalMs: 150 } });
    const model = mock.provider('gpt-4.1-mini');
    await generateText({ model, prompt: 'one' });
    await sleep(500);
    expect(mock.server.sockets().open).toBe(1); // pongs keep it
    mock.server.fault({ type: 'ignore-pings' });
    // Dropped after a missed pong: two ping intervals (150 ms each) and the close.
    await vi.waitFor(() => expect(mock?.server.sockets().open).toBe(0), { timeout: 3_000 });
    const next = await generateText({ model, prompt: 'two' });
    expect(wsMeta(next.providerMetadata)).toMatchObject({ socketReused: false });
  });

  it('idle sockets close after idleTimeoutMs', async () => {
    mock = await startMock({ pool: { idleTimeoutMs: 100 } });
    await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'one' });
    expect(mock.server.sockets().open).toBe(1);
    // Well before the default idle timeout (5 minutes): the 100 ms setting applied.
    await vi.waitFor(() => expect(mock?.server.sockets().open).toBe(0), { timeout: 2_000 });
  });
});

describe('a silent server', () => {
  it('no first event in time → one resend on a fresh socket', async () => {
    mock = await startMock({ pool: { firstEventTimeoutMs: 150 } });
    mock.server.fault({ type: 'delay-first-event', ms: 1_000 });
    const result = await callResult(mock);
    expect(result.text).toBe('Echo: hi');
    expect(wsMeta(result.providerMetadata)).toMatchObject({
      retries: 1,
      reason: 'first-event-timeout',
    });
  });

  it('silent on every attempt → a clear, retryable timeout error, promptly', async () => {
    mock = await startMock({ pool: { firstEventTimeoutMs: 100 } });
    for (let i = 0; i < 3; i++) mock.server.fault({ type: 'delay-first-event', ms: 2_000 });
    const started = Date.now();
    const error = await callError(mock);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(true);
    expect(error.message).toMatch(/firstEventTimeoutMs/);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('silent after accepting the request, before any output → thrown after eventTimeoutMs, not resent', async () => {
    // 5 s between events: response.created, then nothing within the 200 ms deadline.
    mock = await startMock({ pool: { eventTimeoutMs: 200 } }, { costModel: { perEventMs: 5_000 } });
    const model = mock.provider('gpt-4.1-mini');
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }];
    // doStream rejects: nothing reached the caller (it once resolved, and the stream errored only
    // after a second eventTimeoutMs).
    const error = await model.doStream({ prompt }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).isRetryable).toBe(true);
    expect((error as APICallError).message).toMatch(
      /stopped sending events before any output: nothing for 200 ms .*pool\.eventTimeoutMs/,
    );
    // The server may still be running the request: no transparent resend, and the socket goes.
    expect(mock.server.requests).toHaveLength(1);
    await vi.waitFor(() => expect(mock?.server.sockets().open).toBe(0));
  });

  it('silent mid-response → the call fails after eventTimeoutMs instead of hanging', async () => {
    mock = await startMock({ pool: { eventTimeoutMs: 150 } });
    // A recording that stops without a terminal event, on a socket that stays open.
    mock.server.enqueue({ replay: 'openai-issue-8562-missing-reasoning-summary.1' });
    const error = await generateText({
      model: mock.provider('o3'),
      prompt: 'hi',
      maxRetries: 0,
    }).catch((e) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/stopped sending events/);
  });
});
