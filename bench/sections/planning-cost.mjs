// Section 2: client CPU per step spent in the provider, against history length. Each contender
// is driven at the model level (no AI SDK in the process's CPU), starting from a history of
// 10, 100 or 500 Responses input items; the first call sends it all, the following steps are
// continuations. CPU is the process's user+system time from the call to the end of its stream.
import { createOpenAI } from '@ai-sdk/openai';
import { runFloorLoop } from '../contenders/openai-ws-floor.mjs';
import { COST_MODEL, HISTORY_SIZES } from '../lib/config.mjs';
import { importDist } from '../lib/dist.mjs';
import { runModelLoop } from '../lib/model-loop.mjs';
import { progress, sectionMain, sleep } from '../lib/section.mjs';
import { startServer } from '../lib/server-client.mjs';
import { MODEL_ID } from '../lib/workload.mjs';

const { createOpenAIWebSocket } = await importDist('v4');

/** Continuation steps measured per history size (after the first, full call and one more). */
const STEPS = 10;
const SKIP = 2;

/** items = system + user + 2 per tool call/result pair. */
const pairsFor = (items) => Math.max(0, Math.round((items - 2) / 2));

async function measure(server, contender, items, run) {
  const historyPairs = pairsFor(items);
  const userText = `Planning run ${run} with ${items} items. #tools=100000`;
  if (contender === 'floor') {
    const { steps } = await runFloorLoop(server, { userText, historyPairs, maxSteps: STEPS });
    return steps.map((s) => ({ durationMs: s.durationMs, cpuUs: s.cpuUs, metadata: undefined }));
  }
  if (contender === 'websocket') {
    const provider = createOpenAIWebSocket({
      apiKey: 'test-key',
      baseURL: server.url,
      transport: 'websocket',
    });
    try {
      return await runModelLoop(provider(MODEL_ID), {
        mode: 'full',
        steps: STEPS,
        historyPairs,
        userText,
      });
    } finally {
      await provider.close();
    }
  }
  const provider = createOpenAI({ apiKey: 'test-key', baseURL: server.url });
  const mode = contender === 'http-chained' ? 'chained' : 'full';
  return runModelLoop(provider.responses(MODEL_ID), { mode, steps: STEPS, historyPairs, userText });
}

sectionMain(async () => {
  const server = await startServer(COST_MODEL);
  const contenders = ['http-full', 'http-chained', 'websocket', 'floor'];
  const results = [];
  try {
    // Warm-up at the smallest size.
    for (const contender of contenders) await measure(server, contender, HISTORY_SIZES[0], 0);
    for (const items of HISTORY_SIZES) {
      for (const contender of contenders) {
        await server.reset();
        await sleep(20);
        const steps = await measure(server, contender, items, 1);
        const stats = await server.stats();
        results.push({
          contender,
          items,
          steps: steps.slice(SKIP),
          firstCall: steps[0],
          inputModes: steps.map((s) => s.metadata?.inputMode ?? null),
          duplicates: stats.requests.reduce((n, r) => n + r.duplicates, 0),
        });
      }
      progress(`planning cost: ${items} items done`);
    }
  } finally {
    await server.close();
  }
  return { steps: STEPS, skip: SKIP, results };
});
