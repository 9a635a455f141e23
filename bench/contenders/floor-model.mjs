// The least an AI SDK provider can be: a hand-written LanguageModelV4 on the floor's socket, for
// this workload only. Each call sends the messages the server does not hold yet (by count: the
// prompt grows by the assistant message of each response) with `previous_response_id`, and maps
// only the events the mock sends into the parts the AI SDK needs. No validation, no options, no
// metadata. Run through `streamText` (end-to-end section, contender `ai-floor`) it shows what the
// AI SDK itself adds above the floor; called directly (event-pace and per-step sections,
// `model-floor`) what a provider's least work costs per event and per step.
import { FLOOR_TOOLS, openFloorSocket, systemItem, userItem } from './floor.mjs';

/** The new messages as Responses input items (system, user text, tool calls and results only). */
function toItems(message) {
  switch (message.role) {
    case 'system':
      return [{ ...systemItem, content: message.content }];
    case 'user':
      return message.content
        .filter((part) => part.type === 'text')
        .map((part) => userItem(part.text));
    case 'tool':
      return message.content
        .filter((part) => part.type === 'tool-result')
        .map((part) => ({
          type: 'function_call_output',
          call_id: part.toolCallId,
          output: JSON.stringify(part.output.value),
        }));
    case 'assistant':
      // The answers of earlier responses are held by the server and never sent again: an
      // assistant message here belongs to a history the server has not seen (the first call).
      return message.content
        .filter((part) => part.type === 'tool-call')
        .map((part) => ({
          type: 'function_call',
          call_id: part.toolCallId,
          name: part.toolName,
          arguments: JSON.stringify(part.input),
        }));
    default:
      return [];
  }
}

const usageOf = (usage) => ({
  inputTokens: {
    total: usage?.input_tokens,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: usage?.output_tokens, text: undefined, reasoning: undefined },
});

/** One event into the call's stream (the terminal event also closes it). */
function mapEvent(event, controller, state) {
  switch (event.type) {
    case 'response.output_item.added':
      if (event.item.type === 'function_call') {
        controller.enqueue({
          type: 'tool-input-start',
          id: event.item.call_id,
          toolName: event.item.name,
        });
      }
      return;
    case 'response.output_text.delta':
      if (!state.text.has(event.item_id)) {
        state.text.add(event.item_id);
        controller.enqueue({ type: 'text-start', id: event.item_id });
      }
      controller.enqueue({ type: 'text-delta', id: event.item_id, delta: event.delta });
      return;
    case 'response.output_item.done': {
      const { item } = event;
      if (item.type === 'message' && state.text.has(item.id)) {
        controller.enqueue({ type: 'text-end', id: item.id });
      } else if (item.type === 'function_call') {
        state.calls++;
        controller.enqueue({ type: 'tool-input-end', id: item.call_id });
        controller.enqueue({
          type: 'tool-call',
          toolCallId: item.call_id,
          toolName: item.name,
          input: item.arguments,
        });
      }
      return;
    }
    case 'response.completed':
    case 'response.incomplete':
      state.completed(event.response);
      controller.enqueue({
        type: 'finish',
        finishReason: { unified: state.calls > 0 ? 'tool-calls' : 'stop', raw: undefined },
        usage: usageOf(event.response.usage),
      });
      controller.close();
      return;
    default:
      return;
  }
}

/** A model on one floor socket (opened by its first call), and how to close it. */
export function floorModel(url, modelId) {
  let socket;
  let held = 0;
  let previous;
  const model = {
    specificationVersion: 'v4',
    provider: 'floor',
    modelId,
    supportedUrls: {},
    doGenerate() {
      throw new Error('the floor model only streams');
    },
    async doStream({ prompt, tools }) {
      socket ??= await openFloorSocket(url);
      // A prompt no longer than the one answered last starts a new conversation.
      if (prompt.length < held) {
        held = 0;
        previous = undefined;
      }
      const input = prompt.slice(held).flatMap(toItems);
      const state = {
        text: new Set(),
        calls: 0,
        completed(response) {
          previous = response.id;
          // The next prompt holds this one, plus the assistant message of this response.
          held = prompt.length + 1;
        },
      };
      let controller;
      const stream = new ReadableStream({ start: (c) => (controller = c) });
      controller.enqueue({ type: 'stream-start', warnings: [] });
      const body = {
        ...(tools?.length && { tools: FLOOR_TOOLS }),
        ...(previous && { previous_response_id: previous }),
        input,
      };
      socket
        .turn(body, (event) => mapEvent(event, controller, state))
        .catch((error) => controller.error(error));
      return { stream };
    },
  };
  return { model, close: async () => socket?.close() };
}
