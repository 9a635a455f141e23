// Runs in one contender's own process (per-step section): a tool loop at the model level
// (LanguageModelV4 `doStream`, no AI SDK) from a history of N items, or the same loop on the
// raw-`ws` floor. Each step's CPU is the process CPU from the call to the end of its stream.
import { createOpenAI } from '@ai-sdk/openai';
import WebSocket from 'ws';
import { runModelLoop } from '../lib/model-loop.mjs';
import { recordSocketMarks, stepPhases } from '../lib/socket-marks.mjs';
import { API_KEY, MODEL_ID } from '../lib/workload.mjs';
import { runFloorLoop } from './floor.mjs';
import { floorModel } from './floor-model.mjs';
import { packageProvider } from './package-provider.mjs';

/** items = system + user + 2 per tool call/result pair. */
export const pairsFor = (items) => Math.max(0, Math.round((items - 2) / 2));

/** One loop of `steps` steps on a fresh provider (and so a fresh socket) against `url`. */
export async function loop(args) {
  return (await runLoop(args)).map(({ cpuStartUs, startMs, ...step }) => step);
}

/**
 * The same loop over a socket (this package or the floor), with each step's CPU by phase
 * (socket-marks.mjs). A loop of its own: the marks cost a little, so the measured loops go
 * without them.
 */
export async function phaseLoop(args) {
  const recorder = recordSocketMarks(WebSocket);
  try {
    const done = await runLoop(args);
    return done.map(({ cpuStartUs, startMs, cpuUs }) =>
      stepPhases(recorder.marks, { startMs, cpuStartUs, cpuUs }),
    );
  } finally {
    recorder.stop();
  }
}

async function runLoop({ contender, url, items, steps, userText }) {
  const historyPairs = pairsFor(items);
  if (contender === 'floor' || contender === 'floor-stream') {
    const { steps: done } = await runFloorLoop(url, {
      userText,
      historyPairs,
      maxSteps: steps,
      stream: contender === 'floor-stream',
    });
    return done.map((s) => ({
      durationMs: s.durationMs,
      cpuUs: s.cpuUs,
      otherUs: s.otherUs,
      cpuStartUs: s.cpuStartUs,
      startMs: s.startHr,
      inputMode: null,
    }));
  }
  const options = { steps, historyPairs, userText };
  let results;
  if (contender === 'websocket') {
    const provider = await packageProvider(url);
    try {
      results = await runModelLoop(provider(MODEL_ID), { ...options, mode: 'full' });
    } finally {
      await provider.close();
    }
  } else if (contender === 'model-floor') {
    const { model, close } = floorModel(url, MODEL_ID);
    try {
      results = await runModelLoop(model, { ...options, mode: 'full' });
    } finally {
      await close();
    }
  } else {
    const model = createOpenAI({ apiKey: API_KEY, baseURL: url }).responses(MODEL_ID);
    const mode = contender === 'http-chained' ? 'chained' : 'full';
    results = await runModelLoop(model, { ...options, mode });
  }
  return results.map((s) => ({
    durationMs: s.durationMs,
    cpuUs: s.cpuUs,
    otherUs: s.otherUs,
    cpuStartUs: s.cpuStartUs,
    startMs: s.window[0],
    inputMode: s.metadata?.inputMode ?? null,
    window: s.window,
  }));
}

/** `loops` loops in a row (the warm-up): the median step CPU of each, to show the curve. */
export async function warmUp({ contender, url, loops, items, steps }) {
  const curve = [];
  for (let i = 0; i < loops; i++) {
    const done = await loop({
      contender,
      url,
      items,
      steps,
      userText: `Warm-up ${i}. #tools=100000`,
    });
    const cpu = done.map((s) => s.cpuUs).sort((a, b) => a - b);
    curve.push(cpu[cpu.length >> 1]);
  }
  return curve;
}
