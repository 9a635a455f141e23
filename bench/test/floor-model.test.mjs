// The minimal model (`ai-floor` end to end, `model-floor` at the model level): through ai@7's
// streamText and called directly it must run the same workload as the other contenders, and send
// what the floor sends.
import { stepCountIs, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockResponsesServer } from '../../src/testing';
import { lookupTool } from '../contenders/ai-sdk.mjs';
import { floorModel } from '../contenders/floor-model.mjs';
import { runModelLoop } from '../lib/model-loop.mjs';
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

  it('sends a history it starts from in full, then only the new tool results (model level)', async () => {
    const { model, close } = floorModel(server.url, MODEL_ID);
    const first = server.requests.length;
    try {
      const steps = await runModelLoop(model, {
        mode: 'full',
        steps: 3,
        historyPairs: 2,
        userText: 'History first. #tools=100000',
      });
      expect(steps).toHaveLength(3);
    } finally {
      await close();
    }
    const requests = server.requests.slice(first);
    expect(requests.every((r) => r.status === 'completed' && r.duplicates.length === 0)).toBe(true);
    expect(requests[0].input.map((item) => item.type ?? item.role)).toEqual([
      'system',
      'user',
      'function_call',
      'function_call_output',
      'function_call',
      'function_call_output',
    ]);
    expect(requests[1].previousResponseId).toBe(requests[0].responseId);
    expect(requests[2].input.map((item) => item.type)).toEqual(['function_call_output']);
  });

  it('starts a new conversation for a prompt no longer than the one it answered', async () => {
    const { model, close } = floorModel(server.url, MODEL_ID);
    const first = server.requests.length;
    const prompt = [{ role: 'user', content: [{ type: 'text', text: 'Say something.' }] }];
    try {
      for (let i = 0; i < 2; i++) {
        const { stream } = await model.doStream({ prompt });
        const parts = [];
        for await (const part of stream) parts.push(part.type);
        expect(parts).toContain('text-delta');
      }
    } finally {
      await close();
    }
    const requests = server.requests.slice(first);
    expect(requests.map((r) => r.previousResponseId)).toEqual([null, null]);
    expect(requests.map((r) => r.input.length)).toEqual([1, 1]);
  });
});
