// The workloads every contender runs, byte for byte the same: a ~10 KB system prompt, a tool
// whose output is ~2 KB, and the user messages. The mock's default rule reads `#tools=N` in the
// latest user message: it calls the first function tool N times, then answers.

export const MODEL_ID = 'gpt-4.1-mini';

/** The mock's API key; every contender sends it. */
export const API_KEY = 'test-key';

/** ~10 KB of agent instructions (deterministic, so every run uploads the same bytes). */
export const SYSTEM_PROMPT = Array.from(
  { length: 80 },
  (_, i) =>
    `Rule ${String(i + 1).padStart(2, '0')}: when a step needs facts, call the lookup tool, read its whole output, cite the step number, and keep answers short.`,
).join('\n');

/** ~2 KB tool output for step `step`; distinct per step so no two outputs are equal. */
export function toolOutput(step) {
  const facts = Array.from(
    { length: 38 },
    (_, i) =>
      `fact ${step}.${i}: measured value ${(step * 31 + i * 7) % 997} units, source ${step}-${i}`,
  );
  return { step, facts };
}

/** JSON schema of the `lookup` tool, the same for every contender. */
export const LOOKUP_SCHEMA = {
  type: 'object',
  properties: { step: { type: 'number' } },
  required: ['step'],
  additionalProperties: false,
};
export const LOOKUP_DESCRIPTION = 'Returns the facts recorded for a step number.';

export function agentPrompt(toolCalls, run) {
  return `Research run ${run}: collect the facts with the lookup tool, one call per step. #tools=${toolCalls}`;
}

/** The user messages of the chat workload (distinct, ~250 bytes each). */
export function chatMessage(turn, run) {
  return `Run ${run}, message ${turn + 1}: please summarise the previous points and add one more idea about topic number ${turn + 1}. Keep it brief, but mention the trade-offs you see, the open questions, and what you would measure next.`;
}

/**
 * The chat with tool steps (multi-instance section): every third message asks for tool calls,
 * 2, 3, 4, 5, … of them (distinct answers, so that the mock's duplicate check never mistakes two
 * equal answers for one item sent twice).
 */
export const chatToolCalls = (turn) => (turn % 3 === 2 ? (turn + 1) / 3 + 1 : 0);

export function toolChatMessage(turn, run) {
  const calls = chatToolCalls(turn);
  return `${chatMessage(turn, run)}${calls ? ` #tools=${calls}` : ''}`;
}

/** The mock's answer to message `turn` of the tool chat. */
export function toolChatAnswer(turn, run) {
  const calls = chatToolCalls(turn);
  return calls ? `Done after ${calls} tool calls.` : `Echo: ${toolChatMessage(turn, run)}`;
}
