// Section 3: events per second through the event mapper, on a long recorded text stream, with
// no network: this package over an in-memory WebSocket (one frame per event, as the server
// sends them) vs @ai-sdk/openai's SSE path fed the same events from an in-memory fetch. This
// package's own HTTP fallback on the same SSE bytes is shown too. Both transports deliver the
// stream in 16 KiB batches, one batch per macrotask, like a socket read.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createOpenAI } from '@ai-sdk/openai';
import { importDist, ROOT } from '../lib/dist.mjs';
import { progress, sectionMain } from '../lib/section.mjs';
import { median } from '../lib/stats.mjs';
import { cpuMicros } from '../lib/step-timer.mjs';
import { MODEL_ID } from '../lib/workload.mjs';

const { createOpenAIWebSocket } = await importDist('v4');

const FIXTURE = 'openai-compaction.1.chunks.txt';
const BATCH_BYTES = 16 * 1024;
const WARMUP_CALLS = 10;
const ROUNDS = 5;
const CALLS_PER_ROUND = 6;

function loadEvents() {
  const file = resolve(ROOT, 'test', 'fixtures', 'openai-recorded', FIXTURE);
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return { source: `recorded stream \`${FIXTURE}\``, frames: lines };
}

/** Groups strings into batches of about BATCH_BYTES. */
function batches(strings) {
  const out = [];
  let current = [];
  let size = 0;
  for (const s of strings) {
    current.push(s);
    size += s.length;
    if (size >= BATCH_BYTES) {
      out.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length) out.push(current);
  return out;
}

const nextMacrotask = () => new Promise((resolveTick) => setImmediate(resolveTick));

/** A WHATWG-style WebSocket that answers every `response.create` with the recorded frames. */
function fakeWebSocket(frameBatches) {
  return class FakeWebSocket {
    readyState = 0;
    #listeners = new Map();
    constructor() {
      setImmediate(() => {
        this.readyState = 1;
        this.#emit('open', {});
      });
    }
    addEventListener(type, listener) {
      if (!this.#listeners.has(type)) this.#listeners.set(type, []);
      this.#listeners.get(type).push(listener);
    }
    #emit(type, event) {
      for (const listener of this.#listeners.get(type) ?? []) listener(event);
    }
    send() {
      (async () => {
        for (const batch of frameBatches) {
          await nextMacrotask();
          for (const data of batch) this.#emit('message', { data });
        }
      })();
    }
    close(code = 1000, reason = '') {
      this.readyState = 3;
      setImmediate(() => this.#emit('close', { code, reason }));
    }
  };
}

/** A fetch that answers every request with the events as an SSE body. */
function fakeFetch(sseChunks) {
  return async () => {
    let i = 0;
    const body = new ReadableStream({
      async pull(controller) {
        await nextMacrotask();
        if (i < sseChunks.length) controller.enqueue(sseChunks[i++]);
        else controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

const PROMPT = [{ role: 'user', content: [{ type: 'text', text: 'Write a long answer.' }] }];

async function drain(model) {
  const { stream } = await model.doStream({ prompt: PROMPT });
  let parts = 0;
  let text = 0;
  for await (const part of stream) {
    parts++;
    if (part.type === 'text-delta') text += part.delta.length;
    if (part.type === 'error') throw part.error;
  }
  return { parts, text };
}

sectionMain(async () => {
  const { source, frames } = loadEvents();
  const frameBatches = batches(frames);
  const encoder = new TextEncoder();
  const sse = frames.map((frame) => `event: ${JSON.parse(frame).type}\ndata: ${frame}\n\n`);
  const sseChunks = batches(sse).map((batch) => encoder.encode(batch.join('')));

  const contenders = [
    {
      id: 'websocket',
      label: 'ai-sdk-openai-ws, WebSocket frames',
      model: createOpenAIWebSocket({
        apiKey: 'test-key',
        transport: 'websocket',
        webSocket: fakeWebSocket(frameBatches),
      })(MODEL_ID),
    },
    {
      id: 'ai-sdk-openai-sse',
      label: '@ai-sdk/openai, SSE',
      model: createOpenAI({ apiKey: 'test-key', fetch: fakeFetch(sseChunks) }).responses(MODEL_ID),
    },
    {
      id: 'http-fallback',
      label: 'ai-sdk-openai-ws, HTTP fallback (SSE)',
      model: createOpenAIWebSocket({
        apiKey: 'test-key',
        baseURL: 'http://127.0.0.1:9/v1',
        webSocket: null,
        fetch: fakeFetch(sseChunks),
      })(MODEL_ID),
    },
  ];

  const check = {};
  for (const c of contenders) {
    for (let i = 0; i < WARMUP_CALLS; i++) check[c.id] = await drain(c.model);
  }
  const rounds = Object.fromEntries(contenders.map((c) => [c.id, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of contenders) {
      globalThis.gc?.();
      const start = performance.now();
      const cpuStart = cpuMicros();
      for (let i = 0; i < CALLS_PER_ROUND; i++) await drain(c.model);
      const ms = performance.now() - start;
      const cpuUs = cpuMicros() - cpuStart;
      const events = frames.length * CALLS_PER_ROUND;
      rounds[c.id].push({ eventsPerSec: events / (ms / 1000), cpuUsPerEvent: cpuUs / events });
    }
  }
  progress('event path done');
  return {
    source,
    events: frames.length,
    textDeltas: frames.filter((f) => f.includes('"response.output_text.delta"')).length,
    bytes: frames.reduce((n, f) => n + f.length, 0),
    callsPerRound: CALLS_PER_ROUND,
    rounds: ROUNDS,
    results: contenders.map((c) => ({
      id: c.id,
      label: c.label,
      parts: check[c.id].parts,
      textChars: check[c.id].text,
      eventsPerSec: median(rounds[c.id].map((r) => r.eventsPerSec)),
      minEventsPerSec: Math.min(...rounds[c.id].map((r) => r.eventsPerSec)),
      maxEventsPerSec: Math.max(...rounds[c.id].map((r) => r.eventsPerSec)),
      cpuUsPerEvent: median(rounds[c.id].map((r) => r.cpuUsPerEvent)),
    })),
  };
});
