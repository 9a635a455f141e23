// The floor the protocol allows, written by hand on the `ws` package: one socket, each turn
// sends the same `response.create` frame this package sends (the full input first, then
// `previous_response_id` with exactly the new items), and the only work per event is one
// `JSON.parse`. No AI SDK, no prompt conversion, no validation.
import WebSocket from 'ws';
import { cpuMicros, hrMs, otherThreadsMicros, otherThreadsSince } from '../lib/clock.mjs';
import {
  API_KEY,
  LOOKUP_DESCRIPTION,
  LOOKUP_SCHEMA,
  MODEL_ID,
  SYSTEM_PROMPT,
  toolOutput,
} from '../lib/workload.mjs';

export const FLOOR_TOOLS = [
  {
    type: 'function',
    name: 'lookup',
    description: LOOKUP_DESCRIPTION,
    parameters: LOOKUP_SCHEMA,
    strict: false,
  },
];

export const userItem = (text) => ({ role: 'user', content: [{ type: 'input_text', text }] });
export const systemItem = { role: 'system', content: SYSTEM_PROMPT };

/** `http(s)://host/v1` → `ws(s)://host/v1/responses`. */
export const webSocketUrl = (baseURL) => `${baseURL.replace(/^http/, 'ws')}/responses`;

/** One open socket and the turn currently streaming on it. */
export async function openFloorSocket(baseURL) {
  const ws = new WebSocket(webSocketUrl(baseURL), {
    headers: { Authorization: `Bearer ${API_KEY}` },
    perMessageDeflate: false,
  });
  await new Promise((resolveOpen, rejectOpen) => {
    ws.once('open', resolveOpen);
    ws.once('error', rejectOpen);
  });
  let current = null;
  ws.on('message', (data) => current?.(JSON.parse(data.toString())));
  const failAll = (error) => current?.({ type: 'error', error: { message: String(error) } });
  ws.on('error', failAll);
  ws.on('close', () => failAll('socket closed'));
  return {
    /**
     * Sends one `response.create` and resolves with the terminal event's response and timing
     * (step latency and TTFT from the send, like the AI SDK contenders' step timer).
     */
    turn(body, onEvent) {
      return new Promise((resolveTurn, rejectTurn) => {
        const start = hrMs();
        let ttftMs = null;
        current = (event) => {
          onEvent?.(event);
          if (
            ttftMs === null &&
            (event.type === 'response.output_text.delta' ||
              (event.type === 'response.output_item.added' && event.item.type === 'function_call'))
          ) {
            ttftMs = hrMs() - start;
          }
          if (event.type === 'response.completed' || event.type === 'response.incomplete') {
            current = null;
            resolveTurn({
              response: event.response,
              startHr: start,
              ttftMs,
              durationMs: hrMs() - start,
            });
          } else if (event.type === 'error' || event.type === 'response.failed') {
            current = null;
            rejectTurn(new Error(`floor turn failed: ${JSON.stringify(event).slice(0, 300)}`));
          }
        };
        ws.send(JSON.stringify({ type: 'response.create', model: MODEL_ID, ...body }));
      });
    },
    close: () =>
      new Promise((resolveClose) => {
        if (ws.readyState === WebSocket.CLOSED) return resolveClose();
        ws.once('close', resolveClose);
        ws.close();
      }),
  };
}

export function outputText(response) {
  return response.output
    .filter((item) => item.type === 'message')
    .flatMap((item) => item.content.map((part) => part.text ?? ''))
    .join('');
}

/** Function-call items and their outputs: the floor's form of `syntheticHistory`. */
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
 * A step's record. The first step starts when the socket starts opening, as a provider's first
 * call does (it opens its socket inside the call).
 */
function stepRecord(turn, cpuStart, otherStart, openedAt) {
  const shift = openedAt === undefined ? 0 : turn.startHr - openedAt;
  const cpuUs = cpuMicros() - cpuStart;
  const otherUs = otherThreadsSince(otherStart);
  return {
    startHr: turn.startHr - shift,
    ttftMs: turn.ttftMs === null ? null : turn.ttftMs + shift,
    durationMs: turn.durationMs + shift,
    cpuUs,
    otherUs,
    cpuStartUs: cpuStart,
  };
}

/**
 * One turn whose events also go through a `ReadableStream`, drained by a reader loop, as a
 * provider's stream is: the floor plus the one stream per call the AI SDK asks of a provider.
 * `onEvent` sees each event as the reader gets it.
 */
export async function streamedTurn(socket, body, onEvent) {
  let controller;
  const stream = new ReadableStream({ start: (c) => (controller = c) }, { highWaterMark: 16 });
  const turn = socket.turn(body, (event) => {
    controller.enqueue(event);
    if (event.type === 'response.completed' || event.type === 'response.incomplete') {
      controller.close();
    }
  });
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    onEvent?.(value);
  }
  return turn;
}

/**
 * A tool loop on one socket until the model answers (or `maxSteps` steps ran). `historyPairs`
 * prepends that many earlier tool calls and results to the first turn. Each step records its
 * timing and the process CPU from the send to the terminal event (`stream`: to the end of the
 * turn's `ReadableStream`, see `streamedTurn`).
 */
export async function runFloorLoop(
  baseURL,
  { userText, historyPairs = 0, maxSteps = Number.POSITIVE_INFINITY, stream = false },
) {
  const steps = [];
  const openOther = otherThreadsMicros();
  const openedAt = hrMs();
  const openCpu = cpuMicros();
  const socket = await openFloorSocket(baseURL);
  try {
    let input = [systemItem, userItem(userText), ...historyItems(historyPairs)];
    let previous;
    let response;
    let results = [];
    while (steps.length < maxSteps) {
      const first = steps.length === 0;
      const otherStart = first ? openOther : otherThreadsMicros();
      const cpuStart = first ? openCpu : cpuMicros();
      // The tool's results become input items inside the step, as a provider converts a tool
      // message inside its call (serialising each result), so both pay for it in their window.
      if (!first) {
        input = results.map(({ callId, value }) => ({
          type: 'function_call_output',
          call_id: callId,
          output: JSON.stringify(value),
        }));
      }
      const body = {
        tools: FLOOR_TOOLS,
        ...(previous && { previous_response_id: previous }),
        input,
      };
      const turn = await (stream ? streamedTurn(socket, body) : socket.turn(body));
      response = turn.response;
      steps.push(stepRecord(turn, cpuStart, otherStart, first ? openedAt : undefined));
      const calls = response.output.filter((item) => item.type === 'function_call');
      if (calls.length === 0) break;
      previous = response.id;
      // The tools run between steps, outside the measured windows (as in the model-level loop).
      results = calls.map((call) => ({
        callId: call.call_id,
        value: toolOutput(JSON.parse(call.arguments).step),
      }));
    }
    return { steps, text: outputText(response) };
  } finally {
    await socket.close();
  }
}

/** A chat of `turns` user messages on one socket, each turn chained to the previous one. */
export async function runFloorChat(baseURL, { turns, userText }) {
  const steps = [];
  const openOther = otherThreadsMicros();
  const openedAt = hrMs();
  const openCpu = cpuMicros();
  const socket = await openFloorSocket(baseURL);
  try {
    let previous;
    let text = '';
    for (let i = 0; i < turns; i++) {
      const otherStart = i === 0 ? openOther : otherThreadsMicros();
      const cpuStart = i === 0 ? openCpu : cpuMicros();
      const input = i === 0 ? [systemItem, userItem(userText(i))] : [userItem(userText(i))];
      const turn = await socket.turn({
        ...(previous && { previous_response_id: previous }),
        input,
      });
      steps.push(stepRecord(turn, cpuStart, otherStart, i === 0 ? openedAt : undefined));
      previous = turn.response.id;
      text = outputText(turn.response);
    }
    return { steps, text };
  } finally {
    await socket.close();
  }
}
