import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider-v4';
import { afterEach, describe, expect, it } from 'vitest';
import type { HeadStore } from '../../src/model/chain/head-store';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import * as v4 from '../../src/v4';
import { gc } from '../helpers/gc';
import { sharedRegistry } from '../helpers/pool-of';

/*
 * What the chain heads of an agent with many tools hold. The AI SDK hands the provider new tool
 * objects on every step (their JSON schemas made anew). Through the conversion options its plain
 * form is made with, a head kept the call's loadable tools, and with them every tool definition
 * of the call: some 43 KB per step for 30 tools, against some 5 KB without, which the heads'
 * bound (counted in items) does not see. Measured on the heap: nothing else shows what a head
 * holds.
 */

const CONVERSATIONS = 20;
const STEPS = 10;

let server: MockResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** 30 function tools as the AI SDK hands them to a model: new objects on every call. */
function agentTools(): LanguageModelV4FunctionTool[] {
  return Array.from({ length: 30 }, (_, i) => ({
    type: 'function',
    name: `tool_${i}`,
    description: `Tool ${i}. ${'It does one thing of the agent, described at some length. '.repeat(12)}`,
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for. '.repeat(8) },
        limit: { type: 'number' },
      },
      required: ['query'],
      additionalProperties: false,
    },
  }));
}

const user = (text: string) => ({
  role: 'user' as const,
  content: [{ type: 'text' as const, text }],
});

/** The heap in use once garbage is collected. */
async function heapInUse(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

describe('the chain heads of an agent with 30 tools', () => {
  it(`${CONVERSATIONS} conversations of ${STEPS} steps: a step's head holds none of its tools`, async () => {
    server = await createMockResponsesServer();
    const provider = v4.createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
    const model = provider('gpt-4.1-mini');
    // The model took its provider's shared state from the registry: the entry asked for last.
    const shared = [...sharedRegistry().values()].at(-1) as unknown as { heads: HeadStore };
    const { heads } = shared;
    try {
      const prompts: LanguageModelV4Prompt[] = Array.from({ length: CONVERSATIONS }, (_, c) => [
        user(`conversation ${c}`),
      ]);
      for (let step = 0; step < STEPS; step++) {
        await Promise.all(
          prompts.map(async (prompt, c) => {
            const result = await model.doGenerate({ prompt, tools: agentTools() });
            const content = result.content.flatMap((part) =>
              part.type === 'text'
                ? [
                    {
                      type: 'text' as const,
                      text: part.text,
                      providerOptions: part.providerMetadata,
                    },
                  ]
                : [],
            );
            prompt.push({ role: 'assistant', content }, user(`conversation ${c}, step ${step}`));
          }),
        );
      }
      expect(heads.stats()).toMatchObject({
        heads: CONVERSATIONS,
        earlier: CONVERSATIONS * (STEPS - 1),
      });
      const withHeads = await heapInUse();
      heads.clear();
      const perStep = (withHeads - (await heapInUse())) / (CONVERSATIONS * STEPS);
      expect(perStep).toBeLessThan(25_000);
    } finally {
      await provider.close();
    }
  });
});
