// Contender 4: the floor the protocol allows. A hand-written loop on the official `openai`
// package's ResponsesWS: one socket, each turn sends `previous_response_id` and exactly the new
// items, no AI SDK, no prompt conversion, no validation beyond JSON.parse.
import { performance } from 'node:perf_hooks';
import OpenAI from 'openai';
import { ResponsesWS } from 'openai/resources/responses/ws';
import { cpuMicros } from '../lib/step-timer.mjs';
import {
  agentPrompt,
  chatMessage,
  LOOKUP_DESCRIPTION,
  LOOKUP_SCHEMA,
  MODEL_ID,
  SYSTEM_PROMPT,
  toolOutput,
} from '../lib/workload.mjs';

const TOOLS = [
  {
    type: 'function',
    name: 'lookup',
    description: LOOKUP_DESCRIPTION,
    parameters: LOOKUP_SCHEMA,
    strict: false,
  },
];

const userItem = (text) => ({ role: 'user', content: [{ type: 'input_text', text }] });
const systemItem = { role: 'system', content: SYSTEM_PROMPT };

/** Opens one socket; resolves once it is open. */
async function openSocket(server) {
  const client = new OpenAI({ apiKey: 'test-key', baseURL: server.url });
  const ws = new ResponsesWS(client);
  await new Promise((resolveOpen, rejectOpen) => {
    ws.socket.once('open', resolveOpen);
    ws.socket.once('error', rejectOpen);
  });
  return ws;
}

/** Sends one `response.create` and waits for its terminal event, timing it like step-timer. */
function turn(ws, body, steps, origin) {
  return new Promise((resolveTurn, rejectTurn) => {
    const start = performance.now();
    const cpuStart = cpuMicros();
    const step = {
      startMs: start - origin,
      ttftMs: null,
      durationMs: 0,
      cpuUs: 0,
      metadata: undefined,
    };
    steps.push(step);
    const onEvent = (event) => {
      if (
        step.ttftMs === null &&
        (event.type === 'response.output_text.delta' ||
          (event.type === 'response.output_item.added' && event.item.type === 'function_call'))
      ) {
        step.ttftMs = performance.now() - start;
      }
      if (event.type === 'response.completed' || event.type === 'response.incomplete') {
        step.durationMs = performance.now() - start;
        step.cpuUs = cpuMicros() - cpuStart;
        ws.off('event', onEvent);
        ws.off('error', onError);
        resolveTurn(event.response);
      }
    };
    const onError = (error) => {
      ws.off('event', onEvent);
      ws.off('error', onError);
      rejectTurn(error);
    };
    ws.on('event', onEvent);
    ws.on('error', onError);
    ws.send({ type: 'response.create', model: MODEL_ID, ...body });
  });
}

function outputText(response) {
  return response.output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content.map((part) => part.text ?? ''))
    .join('');
}

/** Function-call items and their outputs, the floor's form of `syntheticHistory`. */
function historyItems(pairs) {
  const items = [];
  for (let i = 0; i < pairs; i++) {
    const callId = `call_hist_${i}`;
    items.push(
      {
        type: 'function_call',
        call_id: callId,
        name: 'lookup',
        arguments: JSON.stringify({ step: -i }),
      },
      { type: 'function_call_output', call_id: callId, output: JSON.stringify(toolOutput(-i)) },
    );
  }
  return items;
}

/**
 * A tool loop on one socket until the model answers (or `maxSteps` steps ran). `historyPairs`
 * prepends that many earlier tool calls and results to the first turn.
 */
export async function runFloorLoop(
  server,
  { userText, historyPairs = 0, maxSteps = Number.POSITIVE_INFINITY },
) {
  const steps = [];
  const origin = performance.now();
  const ws = await openSocket(server);
  try {
    let input = [systemItem, userItem(userText), ...historyItems(historyPairs)];
    let previous;
    let response;
    while (steps.length < maxSteps) {
      response = await turn(
        ws,
        { input, previous_response_id: previous, tools: TOOLS },
        steps,
        origin,
      );
      const calls = response.output.filter((item) => item.type === 'function_call');
      if (calls.length === 0) break;
      previous = response.id;
      input = calls.map((call) => ({
        type: 'function_call_output',
        call_id: call.call_id,
        output: JSON.stringify(toolOutput(JSON.parse(call.arguments).step)),
      }));
    }
    return { wallMs: performance.now() - origin, steps, text: outputText(response) };
  } finally {
    ws.close();
  }
}

export function createFloorContender(server) {
  return {
    agentLoop: (toolCalls, run) => runFloorLoop(server, { userText: agentPrompt(toolCalls, run) }),

    async chat(turns, run) {
      const steps = [];
      const origin = performance.now();
      const ws = await openSocket(server);
      try {
        let previous;
        let text = '';
        for (let i = 0; i < turns; i++) {
          const user = userItem(chatMessage(i, run));
          const input = i === 0 ? [systemItem, user] : [user];
          const response = await turn(ws, { input, previous_response_id: previous }, steps, origin);
          previous = response.id;
          text = outputText(response);
        }
        return { wallMs: performance.now() - origin, steps, text };
      } finally {
        ws.close();
      }
    },

    close: async () => {},
  };
}
