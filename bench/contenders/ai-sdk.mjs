// The end-to-end contenders that run the AI SDK (ai@7, streamText) on a model:
//   http-full     @ai-sdk/openai over HTTP, full history every step (what users run today)
//   http-chained  @ai-sdk/openai over HTTP, store: true, previousResponseId and only the new
//                 messages passed by hand (prepareStep / per call)
//   websocket     this package, transport: 'websocket'
//   ai-floor      the least a provider can be: a hand-written model on the floor's socket
//                 (floor-model.mjs), so the AI SDK's own cost shows
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { timedModel } from '../lib/step-timer.mjs';
import {
  API_KEY,
  agentPrompt,
  chatMessage,
  LOOKUP_DESCRIPTION,
  LOOKUP_SCHEMA,
  MODEL_ID,
  SYSTEM_PROMPT,
  toolOutput,
} from '../lib/workload.mjs';
import { floorModel } from './floor-model.mjs';
import { packageProvider } from './package-provider.mjs';

export function lookupTool() {
  return tool({
    description: LOOKUP_DESCRIPTION,
    inputSchema: jsonSchema(LOOKUP_SCHEMA),
    execute: async ({ step }) => toolOutput(step),
  });
}

/** The `openai` response id of a step or call result. */
function responseIdOf(result) {
  return result.providerMetadata?.openai?.responseId ?? result.response?.id;
}

/**
 * The model an AI SDK contender runs: this package's (`websocket`, with `settings` merged into
 * its provider settings), the floor's (`ai-floor`) or @ai-sdk/openai's Responses model over HTTP
 * (any other kind).
 */
export async function aiSdkModel(kind, url, settings = {}) {
  if (kind === 'websocket') {
    const provider = await packageProvider(url, settings);
    return { model: provider(MODEL_ID), close: () => provider.close() };
  }
  if (kind === 'ai-floor') return floorModel(url, MODEL_ID);
  const provider = createOpenAI({ apiKey: API_KEY, baseURL: url });
  return { model: provider.responses(MODEL_ID), close: async () => {} };
}

/**
 * @param {'http-full' | 'http-chained' | 'websocket' | 'ai-floor'} kind
 * @param {string} url the server's base URL
 */
export async function createAiSdkContender(kind, url) {
  const { model: baseModel, close } = await aiSdkModel(kind, url);
  const chained = kind === 'http-chained';

  return {
    async agentLoop(toolCalls, run) {
      const steps = [];
      const common = {
        model: timedModel(baseModel, steps),
        tools: { lookup: lookupTool() },
        stopWhen: stepCountIs(toolCalls + 2),
      };
      const result = chained
        ? streamText({
            ...common,
            // The system prompt goes in as a message so that, as with the other contenders, the
            // server keeps it in the chain and it is not resent each step.
            allowSystemInMessages: true,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: agentPrompt(toolCalls, run) },
            ],
            providerOptions: { openai: { store: true } },
            prepareStep: ({ steps: done }) => {
              if (done.length === 0) return undefined;
              const last = done[done.length - 1];
              return {
                messages: last.response.messages.filter((m) => m.role === 'tool'),
                providerOptions: {
                  openai: { store: true, previousResponseId: responseIdOf(last) },
                },
              };
            },
          })
        : streamText({
            ...common,
            instructions: SYSTEM_PROMPT,
            prompt: agentPrompt(toolCalls, run),
          });
      await result.consumeStream();
      return { steps, text: await result.text };
    },

    async chat(turns, run) {
      const steps = [];
      const model = timedModel(baseModel, steps);
      let history = [];
      let previousResponseId;
      let text = '';
      for (let turn = 0; turn < turns; turn++) {
        const user = { role: 'user', content: chatMessage(turn, run) };
        const result = chained
          ? streamText({
              model,
              allowSystemInMessages: true,
              messages: turn === 0 ? [{ role: 'system', content: SYSTEM_PROMPT }, user] : [user],
              providerOptions: { openai: { store: true, previousResponseId } },
            })
          : streamText({ model, instructions: SYSTEM_PROMPT, messages: [...history, user] });
        await result.consumeStream();
        text = await result.text;
        previousResponseId =
          (await result.providerMetadata)?.openai?.responseId ?? (await result.response).id;
        // ai@7: `responseMessages` holds every step's messages (response.messages only the last).
        history = [...history, user, ...(await result.responseMessages)];
      }
      return { steps, text };
    },

    close,
  };
}
