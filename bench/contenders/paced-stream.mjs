// Runs in one contender's own process (event-pace section): streams the paced text stream once
// per call at the model level (LanguageModelV4 `doStream`, no AI SDK) or on the raw-`ws` floor
// (with or without one ReadableStream per call),
// and measures the process CPU from the call to the end of the stream.
import { createOpenAI } from '@ai-sdk/openai';
import {
  cpuMicros,
  hrMs,
  otherThreadsMicros,
  otherThreadsSince,
  readSyscalls,
} from '../lib/clock.mjs';
import { API_KEY, MODEL_ID } from '../lib/workload.mjs';
import { openFloorSocket, streamedTurn, userItem } from './floor.mjs';
import { floorModel } from './floor-model.mjs';
import { packageProvider } from './package-provider.mjs';

const promptText = (rate) => `Write a long answer. #rate=${rate}`;

/** Drains a model stream the cheapest way a caller can; returns the text length it carried. */
export async function drainModel(model, rate) {
  const prompt = [{ role: 'user', content: [{ type: 'text', text: promptText(rate) }] }];
  const { stream } = await model.doStream({ prompt });
  const reader = stream.getReader();
  let chars = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chars;
    if (value.type === 'text-delta') chars += value.delta.length;
    else if (value.type === 'error') throw value.error;
  }
}

async function createContender(contender, url) {
  if (contender === 'floor' || contender === 'floor-stream') {
    const socket = await openFloorSocket(url);
    // floor-stream: each event also goes through one ReadableStream per call to a reader loop.
    const turn = contender === 'floor' ? socket.turn : (body, on) => streamedTurn(socket, body, on);
    return {
      async stream(rate) {
        let chars = 0;
        await turn({ input: [userItem(promptText(rate))] }, (event) => {
          if (event.type === 'response.output_text.delta') chars += event.delta.length;
        });
        return chars;
      },
      close: () => socket.close(),
    };
  }
  if (contender === 'websocket') {
    // Each stream starts a conversation. One idle socket kept: each takes the socket over (as
    // the floor's streams share its one socket), so no measured stream opens a socket.
    const provider = await packageProvider(url, { pool: { maxIdleSockets: 1 } });
    const model = provider(MODEL_ID);
    return { stream: (rate) => drainModel(model, rate), close: () => provider.close() };
  }
  if (contender === 'model-floor') {
    const { model, close } = floorModel(url, MODEL_ID);
    return { stream: (rate) => drainModel(model, rate), close };
  }
  const model = createOpenAI({ apiKey: API_KEY, baseURL: url }).responses(MODEL_ID);
  return { stream: (rate) => drainModel(model, rate), close: async () => {} };
}

let active = null;

export async function open({ contender, url }) {
  active = await createContender(contender, url);
}

/**
 * Streams `count` times at `rate` events/s (0: unpaced). Per stream: CPU µs per event, wall
 * time, read system calls per event (Linux), and the measured window (for CPU profiles).
 */
export async function stream({ rate, count, events }) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const reads = readSyscalls();
    const otherStart = otherThreadsMicros();
    const start = hrMs();
    const cpuStart = cpuMicros();
    const chars = await active.stream(rate);
    const cpuUs = cpuMicros() - cpuStart;
    const end = hrMs();
    const otherUs = otherThreadsSince(otherStart);
    const readsAfter = readSyscalls();
    out.push({
      cpuUsPerEvent: cpuUs / events,
      otherUsPerEvent: otherUs === null ? null : otherUs / events,
      wallMs: end - start,
      readsPerEvent: reads === null ? null : (readsAfter - reads) / events,
      chars,
      window: [start, end],
    });
  }
  return out;
}

export async function close() {
  await active?.close();
  active = null;
}

/**
 * Streams at `rate` until the figures stop falling: the median CPU per event of the last
 * `window` streams is no more than `tolerance` below the median of the `window` before (at
 * least `min` streams, at most `max`). Returns the CPU per event of every warm-up stream.
 */
export async function warmUp({ rate, events, min, max, window, tolerance }) {
  const curve = [];
  const med = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  while (curve.length < max) {
    const [done] = await stream({ rate, count: 1, events });
    curve.push(done.cpuUsPerEvent);
    if (curve.length < Math.max(min, 2 * window)) continue;
    const last = med(curve.slice(-window));
    const before = med(curve.slice(-2 * window, -window));
    if (last >= before * (1 - tolerance)) break;
  }
  return curve;
}
