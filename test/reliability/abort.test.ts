import { getEventListeners } from 'node:events';
import { generateText, streamText } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenAIWebSocketSettings } from '../../src/index';
import { abortableCall } from '../helpers/abortable-call';
import { afterOneTurn, type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';
import { poolOf } from '../helpers/pool-of';
import { startSocketServer } from '../pool/socket-server';

let mock: MockSetup;
beforeEach(async () => {
  // perEventMs spaces the events out so an abort can land mid-stream.
  mock = await startMock({}, { costModel: { perEventMs: 20 } });
});
afterEach(async () => {
  await mock.close();
});

describe('abort', () => {
  it('before send: rejects at once with the abort reason; nothing is sent', async () => {
    const controller = new AbortController();
    const reason = new Error('user left');
    controller.abort(reason);
    const error = await generateText({
      model: mock.provider('gpt-4.1-mini'),
      prompt: 'hi',
      abortSignal: controller.signal,
    }).catch((e) => e);
    expect(error).toBe(reason);
    expect(mock.server.requests).toHaveLength(0);
  });

  it('while waiting for the first event: rejects promptly, closes that socket', async () => {
    const { model, messages } = await afterOneTurn(mock);
    mock.server.fault({ type: 'delay-first-event', ms: 2_000 });
    const controller = new AbortController();
    const reason = new Error('stop');
    // Abort once the request reached the server, while its first event is held back.
    void vi
      .waitFor(() => expect(mock.server.requests).toHaveLength(2), { timeout: 5_000 })
      .then(() => controller.abort(reason));
    const started = Date.now();
    const error = await generateText({
      model,
      messages,
      abortSignal: controller.signal,
      maxRetries: 0,
    }).catch((e) => e);
    expect(error).toBe(reason);
    expect(Date.now() - started).toBeLessThan(1_000);
    await vi.waitFor(() => expect(mock.server.sockets().open).toBe(0));
  });

  it('mid-stream: the stream errors with the reason, the socket is closed, no late event leaks, the chat goes on', async () => {
    const { model, messages } = await afterOneTurn(mock);
    const controller = new AbortController();
    const reason = new Error('stop mid-stream');
    const result = streamText({
      model,
      messages,
      abortSignal: controller.signal,
      maxRetries: 0,
      onError: () => {},
    });
    const seen: string[] = [];
    const consume = (async () => {
      for await (const part of result.fullStream) {
        seen.push(part.type);
        if (part.type === 'text-delta') controller.abort(reason);
      }
    })();
    await consume.catch(() => {});
    expect(seen).toContain('text-delta');
    expect(seen).not.toContain('finish-step');
    await vi.waitFor(() => expect(mock.server.sockets().open).toBe(0));

    // The next call of the conversation succeeds, and sees only its own events.
    const next = await generateText({
      model,
      messages: [...messages.slice(0, -1), { role: 'user', content: 'Turn two, again' }],
    });
    expect(next.text).toBe('Echo: Turn two, again');
    expect(wsMeta(next.providerMetadata)).toMatchObject({ socketReused: false });
    expect(mock.server.requests.at(-1)?.duplicates).toEqual([]);
  });
});

describe('abort while queued for a socket', () => {
  it.each([
    ['lanes off', 0, 1],
    ['lanes on', 4, 4],
  ])(
    '%s, every lane busy: rejects at once with the reason; the busy calls complete',
    async (_, lanes, busy) => {
      const setup = await startMock(
        { pool: { lanes, maxSockets: 1 } },
        { costModel: { perEventMs: 20 } },
      );
      try {
        const model = setup.provider('gpt-4.1-mini');
        const running = Array.from({ length: busy }, (_, i) =>
          generateText({ model, prompt: `busy ${i} with a few words` }),
        );
        await vi.waitFor(() => expect(setup.server.requests).toHaveLength(busy));
        const controller = new AbortController();
        const reason = new Error('stop waiting');
        const queued = generateText({
          model,
          prompt: 'queued',
          abortSignal: controller.signal,
        }).catch((e) => e);
        await vi.waitFor(() => expect(poolOf(setup).stats().queued).toBe(1));
        controller.abort(reason);
        expect(await queued).toBe(reason);
        expect(poolOf(setup).stats().queued).toBe(0);
        expect((await Promise.all(running)).map((r) => r.text)).toEqual(
          Array.from({ length: busy }, (_, i) => `Echo: busy ${i} with a few words`),
        );
        expect(setup.server.requests).toHaveLength(busy);
        expect(setup.server.sockets()).toEqual({ open: 1, opened: 1 });
      } finally {
        await setup.close();
      }
    },
  );
});

describe('abort between the acceptance and the first output', () => {
  it.each([
    ['lanes off: the socket is closed', 0],
    ['lanes on: the lane drains, the socket stays', 4],
  ])('%s; the call rejects at once with the reason', async (_, lanes) => {
    // Events 100 ms apart: the call waits after response.created and response.in_progress.
    const setup = await startMock({ pool: { lanes } }, { costModel: { perEventMs: 100 } });
    try {
      const call = abortableCall(setup.provider('gpt-4.1-mini'), 'accepted, then stopped');
      await vi.waitFor(() => expect(setup.server.requests[0]?.eventsSent).toBe(2), { interval: 5 });
      const reason = call.abort();
      expect(await call.settled).toBe(reason);
      if (lanes === 0) {
        await vi.waitFor(() => expect(setup.server.sockets().open).toBe(0));
        expect(setup.server.requests[0].status).toBe('interrupted');
      } else {
        // Drained to its terminal event, then free: the socket carries the next call.
        await vi.waitFor(() => expect(poolOf(setup).stats().inFlight).toBe(0), { timeout: 5_000 });
        expect(setup.server.requests[0].status).toBe('completed');
        const next = await generateText({ model: setup.provider('gpt-4.1-mini'), prompt: 'next' });
        expect(next.text).toBe('Echo: next');
        expect(setup.server.sockets()).toEqual({ open: 1, opened: 1 });
      }
    } finally {
      await setup.close();
    }
  });
});

describe('abort before the socket is open', () => {
  it('during an upgrade that never completes: rejects at once with the reason, the socket goes, nothing goes over HTTP', async () => {
    const silent = await startSocketServer({ silentUpgrade: true });
    const fetch = vi.fn(globalThis.fetch);
    // The default transport ('auto'), and a connect deadline far beyond the test's.
    const setup = await startMock({
      baseURL: silent.url.replace(/^ws/, 'http').replace(/\/responses$/, ''),
      fetch,
      pool: { connectTimeoutMs: 60_000 },
    });
    try {
      const call = abortableCall(setup.provider('gpt-4.1-mini'), 'hi');
      await vi.waitFor(() => expect(silent.upgrades).toHaveLength(1));
      expect(poolOf(setup).stats()).toMatchObject({ open: 1, inFlight: 1 });
      const reason = call.abort(new Error('gave up waiting'));
      expect(await call.settled).toBe(reason);
      expect(poolOf(setup).stats()).toMatchObject({ open: 0, inFlight: 0 });
      expect(silent.upgrades).toHaveLength(1);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      await setup.close();
      await silent.close();
    }
  });

  it('during the backoff after a failed upgrade: rejects at once with the reason, no other upgrade, nothing over HTTP', async () => {
    mock.server.fault({ type: 'reject-upgrade', status: 503, count: 10 });
    const controller = new AbortController();
    const reason = new Error('gave up retrying');
    const model = mock.provider('gpt-4.1-mini');
    const pool = poolOf(mock);
    const acquire = pool.acquire.bind(pool);
    let attempts = 0;
    let abortedAt = 0;
    // The second upgrade failed: the call sleeps 400 ms before its third, and the app gives up
    // once that sleep has begun (the next turn of the event loop).
    vi.spyOn(pool, 'acquire').mockImplementation((request) => {
      attempts++;
      return acquire(request).catch((error: unknown) => {
        if (attempts === 2) {
          setImmediate(() => {
            abortedAt = performance.now();
            controller.abort(reason);
          });
        }
        throw error;
      });
    });
    try {
      const error = await generateText({
        model,
        prompt: 'hi',
        abortSignal: controller.signal,
        maxRetries: 0,
      }).catch((e) => e);
      expect(error).toBe(reason);
      // It did not sleep out the 400 ms, nor upgrade again, nor fall back to HTTP.
      expect(performance.now() - abortedAt).toBeLessThan(200);
      expect(mock.server.sockets().opened).toBe(0);
      expect(mock.server.requests).toHaveLength(0);
      expect(poolOf(mock).stats()).toMatchObject({ open: 0, queued: 0 });
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('a long-lived signal shared by many calls', () => {
  it.each<[string, OpenAIWebSocketSettings]>([
    ['lanes off', {}],
    ['lanes on', { pool: { lanes: 4 } }],
    ['over the HTTP fallback', { webSocket: null }],
  ])(
    '%s: 100 calls, some failing before or after output, leave no listener on it',
    async (_, settings) => {
      const setup = await startMock(settings);
      try {
        const signal = new AbortController().signal;
        const model = setup.provider('gpt-4.1-mini');
        for (let i = 0; i < 100; i++) {
          // Every tenth call is refused before any output, every tenth breaks off after it.
          if (i % 10 === 3) setup.server.fault({ type: 'error-event', code: 'invalid_value' });
          if (i % 10 === 7) setup.server.fault({ type: 'terminate-after-events', events: 6 });
          const prompt = `call ${i} with a few words`;
          const call =
            i % 2 === 0
              ? generateText({ model, prompt, abortSignal: signal, maxRetries: 0 })
              : streamText({ model, prompt, abortSignal: signal, maxRetries: 0, onError: () => {} })
                  .text;
          await Promise.resolve(call).catch(() => {});
        }
        expect(setup.server.requests.filter((r) => r.status === 'completed')).toHaveLength(80);
        expect(getEventListeners(signal, 'abort')).toEqual([]);
      } finally {
        await setup.close();
      }
    },
  );
});
