// An agent loop driven at the model level (LanguageModelV4 `doStream`), without the AI SDK: the
// only client code running in a step is the provider's own, so the process CPU of a step is the
// provider's CPU. The prompt grows exactly the way the AI SDK grows it: each step appends an
// assistant message whose parts carry the part's providerMetadata as providerOptions, then a tool
// message with the results.
import { cpuMicros, hrMs, otherThreadsMicros, otherThreadsSince } from './clock.mjs';
import { LOOKUP_DESCRIPTION, LOOKUP_SCHEMA, SYSTEM_PROMPT, toolOutput } from './workload.mjs';

export const TOOLS = [
  { type: 'function', name: 'lookup', description: LOOKUP_DESCRIPTION, inputSchema: LOOKUP_SCHEMA },
];

/**
 * The tools of a step of an agent with `count` tools: `lookup` (the one the mock calls) and
 * `count - 1` more with schemas of a few fields, each schema a new object, as the AI SDK makes a
 * zod tool's JSON schema anew for every step. `count` 1: `TOOLS` itself.
 */
export function agentTools(count) {
  if (count <= 1) return TOOLS;
  const extra = Array.from({ length: count - 1 }, (_, i) => ({
    type: 'function',
    name: `tool_${i + 1}`,
    description: `Looks up records of kind ${i + 1} and returns what it found.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for, in plain words.' },
        limit: { type: 'integer', minimum: 1, maximum: 100 },
        mode: { type: 'string', enum: ['fast', 'thorough'] },
      },
      required: ['query'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    },
  }));
  return [...TOOLS, ...extra];
}

/** A synthetic history of `pairs` tool calls and results, as if from an earlier session. */
export function syntheticHistory(pairs) {
  const messages = [];
  for (let i = 0; i < pairs; i++) {
    const toolCallId = `call_hist_${i}`;
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId, toolName: 'lookup', input: { step: -i } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: 'lookup',
            output: { type: 'json', value: toolOutput(-i) },
          },
        ],
      },
    );
  }
  return messages;
}

/**
 * One call: doStream, drain the stream; returns timing, CPU (`otherUs`: the part of it on the
 * process's other threads, null where unknown) and the parts the AI SDK would keep.
 */
export async function callModel(model, options) {
  const otherStart = otherThreadsMicros();
  const start = hrMs();
  const cpuStart = cpuMicros();
  const { stream } = await model.doStream(options);
  const content = [];
  let metadata;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (
      value.type === 'tool-call' ||
      value.type === 'text-delta' ||
      value.type === 'text-start' ||
      value.type === 'text-end'
    ) {
      content.push(value);
    }
    if (value.type === 'error') throw value.error;
    if (value.type === 'finish') metadata = value.providerMetadata?.openai;
  }
  const cpuUs = cpuMicros() - cpuStart;
  const end = hrMs();
  const otherUs = otherThreadsSince(otherStart);
  return {
    durationMs: end - start,
    cpuUs,
    otherUs,
    cpuStartUs: cpuStart,
    window: [start, end],
    content,
    metadata,
  };
}

/** A tool loop's first prompt: the system prompt, the user's request, `historyPairs` old steps. */
export function loopPrompt(historyPairs, userText) {
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: [{ type: 'text', text: userText }] },
    ...syntheticHistory(historyPairs),
  ];
}

/**
 * The two messages the AI SDK appends after a tool step: the assistant's tool calls (each part's
 * providerMetadata kept as providerOptions) and the tool's results.
 */
export function toolStepMessages(content) {
  const calls = content.filter((part) => part.type === 'tool-call');
  if (calls.length === 0) throw new Error('the mock stopped calling the tool');
  const assistant = {
    role: 'assistant',
    content: calls.map((part) => ({
      type: 'tool-call',
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      input: JSON.parse(part.input),
      ...(part.providerMetadata && { providerOptions: part.providerMetadata }),
    })),
  };
  const tool = {
    role: 'tool',
    content: calls.map((part) => ({
      type: 'tool-result',
      toolCallId: part.toolCallId,
      toolName: part.toolName,
      output: { type: 'json', value: toolOutput(JSON.parse(part.input).step) },
    })),
  };
  return { assistant, tool };
}

/**
 * Runs `steps` tool steps on `model`. `mode`: 'full' (the whole prompt every call, as the AI SDK
 * does) or 'chained' (only the new messages plus previousResponseId, store: true). `toolCount`:
 * the tools of every step (`agentTools`).
 * @returns {Promise<Array<{ durationMs: number, cpuUs: number, window: number[], items: number,
 *   metadata: any }>>}
 */
export async function runModelLoop(
  model,
  { mode, steps, historyPairs = 0, userText, toolCount = 1 },
) {
  let prompt = loopPrompt(historyPairs, userText);
  let previousResponseId;
  const results = [];
  for (let i = 0; i < steps; i++) {
    const items = 2 + (historyPairs + i) * 2;
    const providerOptions =
      mode === 'chained'
        ? { openai: { store: true, ...(previousResponseId && { previousResponseId }) } }
        : undefined;
    const tools = agentTools(toolCount);
    const call = await callModel(model, { prompt, tools, providerOptions });
    results.push({
      durationMs: call.durationMs,
      cpuUs: call.cpuUs,
      otherUs: call.otherUs,
      cpuStartUs: call.cpuStartUs,
      window: call.window,
      items,
      metadata: call.metadata?.websocket,
    });
    const { assistant, tool } = toolStepMessages(call.content);
    previousResponseId = call.metadata?.responseId;
    prompt = mode === 'chained' ? [tool] : [...prompt, assistant, tool];
  }
  return results;
}

/**
 * A chat at the model level: `turns` user messages, each call sending the whole conversation
 * (as the AI SDK does). Returns per-call latency and the websocket metadata.
 */
export async function runModelChat(model, { turns, userText }) {
  let prompt = [{ role: 'system', content: SYSTEM_PROMPT }];
  const results = [];
  for (let turn = 0; turn < turns; turn++) {
    prompt = [...prompt, { role: 'user', content: [{ type: 'text', text: userText(turn) }] }];
    const call = await callModel(model, { prompt });
    results.push({
      durationMs: call.durationMs,
      cpuUs: call.cpuUs,
      window: call.window,
      metadata: call.metadata?.websocket,
    });
    const text = call.content
      .filter((p) => p.type === 'text-delta')
      .map((p) => p.delta)
      .join('');
    const end =
      call.content.find((p) => p.type === 'text-end') ??
      call.content.find((p) => p.type === 'text-start');
    prompt = [
      ...prompt,
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text,
            ...(end?.providerMetadata && { providerOptions: end.providerMetadata }),
          },
        ],
      },
    ];
  }
  return results;
}
