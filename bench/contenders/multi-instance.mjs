// Runs in one app instance's own process (multi-instance section). Two roles:
//   chat route  `open` a provider, then one `turn` per user message: one streamText call with the
//               whole history and the lookup tool, as a route handler behind useChat runs it;
//               `close` ends the provider. The section decides which instance serves a message.
//   model calls `openModel`, then single `step`s at the model level (doStream, no AI SDK) with
//               the prompt the section passes in: the client CPU of one call, verifying or not.
import { stepCountIs, streamText } from 'ai';
import { cpuMicros } from '../lib/clock.mjs';
import { callModel, TOOLS, toolStepMessages } from '../lib/model-loop.mjs';
import { timedModel } from '../lib/step-timer.mjs';
import { MODEL_ID, SYSTEM_PROMPT } from '../lib/workload.mjs';
import { aiSdkModel, lookupTool } from './ai-sdk.mjs';
import { packageProvider } from './package-provider.mjs';

/** What each contender of the chat runs: the transport and whether the server stores responses. */
const ROUTES = {
  websocket: { kind: 'websocket', store: true },
  'http-full': { kind: 'http-full', store: true },
  'websocket-zdr': { kind: 'websocket', store: false },
  'websocket-zdr-sticky': { kind: 'websocket', store: false },
};

let route;

/** A fresh provider (no socket yet, no chain): the instance has not seen this chat. */
export async function open({ contender, url }) {
  const { kind, store } = ROUTES[contender];
  route = { ...(await aiSdkModel(kind, url)), store };
}

/** One user message: the whole history in, the answer and the messages to append out. */
export async function turn({ messages, maxSteps }) {
  const steps = [];
  const cpuStart = cpuMicros();
  const result = streamText({
    model: timedModel(route.model, steps),
    instructions: SYSTEM_PROMPT,
    messages,
    tools: { lookup: lookupTool() },
    stopWhen: stepCountIs(maxSteps),
    providerOptions: { openai: route.store ? {} : { store: false } },
  });
  await result.consumeStream();
  const text = await result.text;
  const responseMessages = await result.responseMessages;
  return {
    cpuUs: cpuMicros() - cpuStart,
    text,
    responseMessages,
    steps: steps.map((s) => ({
      inputMode: s.metadata?.inputMode ?? null,
      reason: s.metadata?.reason ?? null,
    })),
  };
}

export async function close() {
  await route?.close();
  route = undefined;
}

let modelLevel;

export async function openModel({ url }) {
  const provider = await packageProvider(url);
  modelLevel = { provider, model: provider(MODEL_ID) };
}

/**
 * One tool step at the model level on this instance's provider. The CPU window is the call
 * alone (from doStream to the end of its stream); the prompt arrived over IPC before it.
 */
export async function step({ prompt }) {
  const call = await callModel(modelLevel.model, { prompt, tools: TOOLS });
  const { assistant, tool } = toolStepMessages(call.content);
  return {
    cpuUs: call.cpuUs,
    durationMs: call.durationMs,
    window: call.window,
    inputMode: call.metadata?.websocket?.inputMode ?? null,
    reason: call.metadata?.websocket?.reason ?? null,
    messages: [assistant, tool],
  };
}

export async function closeModel() {
  await modelLevel?.provider.close();
  modelLevel = undefined;
}
