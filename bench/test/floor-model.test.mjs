// The end-to-end section's minimal model (`ai-floor`): through ai@7's streamText it must run the
// same workload as the other contenders, and send what the floor sends.
import { stepCountIs, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockResponsesServer } from '../../src/testing';
import { lookupTool } from '../contenders/ai-sdk.mjs';
import { floorModel } from '../contenders/floor-model.mjs';
import { agentPrompt, chatMessage, MODEL_ID, SYSTEM_PROMPT } from '../lib/workload.mjs';

let server;
beforeAll(async () => {
  server = await createMockResponsesServer();
});
afterAll(() => server.close());

describe('the minimal model on the floor socket', () => {
  it('runs a tool loop through streamText, sending only the new tool results', async () => {
    const { model, close } = floorModel(server.url, MODEL_ID);
    const first = server.requests.length;
    try {
      const result = streamText({
        model,
        tools: { lookup: lookupTool() },
        stopWhen: stepCountIs(5),
        instructions: SYSTEM_PROMPT,
        prompt: agentPrompt(3, 1),
      });
      await result.consumeStream();
      expect(await result.text).toMatch(/^Done after 3 tool calls\./);
    } finally {
      await close();
    }
    const requests = server.requests.slice(first);
    expect(requests).toHaveLength(4);
    expect(requests.every((r) => r.status === 'completed' && r.duplicates.length === 0)).toBe(true);
    expect(requests[0].input.map((item) => item.role)).toEqual(['system', 'user']);
    for (const [i, request] of requests.slice(1).entries()) {
      expect(requests[i].responseId).toEqual(expect.any(String));
      expect(request.previousResponseId).toBe(requests[i].responseId);
      expect(request.input.map((item) => item.type)).toEqual(['function_call_output']);
    }
  });

  it('runs a chat of separate calls, each sending only the new user message', async () => {
    const { model, close } = floorModel(server.url, MODEL_ID);
    const first = server.requests.length;
    let history = [];
    try {
      for (let turn = 0; turn < 3; turn++) {
        const user = { role: 'user', content: chatMessage(turn, 1) };
        const result = streamText({
          model,
          instructions: SYSTEM_PROMPT,
          messages: [...history, user],
        });
        await result.consumeStream();
        expect(await result.text).toMatch(/^Echo: /);
        history = [...history, user, ...(await result.responseMessages)];
      }
    } finally {
      await close();
    }
    const requests = server.requests.slice(first);
    expect(requests.map((r) => r.input.length)).toEqual([2, 1, 1]);
    expect(requests.every((r) => r.status === 'completed')).toBe(true);
  });
});
