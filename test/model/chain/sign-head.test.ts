/**
 * Signing a head hashes the items its frame sent from the frame's own JSON: through ai@7's
 * generateText, a tool loop serialises each new input item once per turn, not once for the frame
 * and again for the chain, and its digests still let another instance continue. The input is
 * hashed as soon as the frame is sent, so the frame's texts do not live on through the response.
 */
import { createRequire } from 'node:module';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextKey } from '../../../src/model/chain/context-key';
import { checkDigest, deriveDigestKey } from '../../../src/model/chain/continuation-digest';
import type { ChainHead } from '../../../src/model/chain/head-store';
import { EMPTY_CHAIN, extendItemChain } from '../../../src/model/chain/item-chain';
import { hashInput, signHead } from '../../../src/model/chain/sign-head';
import type { ResponsesRequest } from '../../../src/model/request/build-request';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../../src/testing';
import type { InputItem, StreamPart } from '../../../src/types';
import { createOpenAIWebSocket } from '../../../src/v4';
import { readAll } from '../../spec/spec-server';

let server: MockResponsesServer;
beforeEach(async () => {
  server = await createMockResponsesServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const isOutputItem = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'function_call_output';

describe('signHead', () => {
  it('hashes each new tool result item from the text its frame sent', async () => {
    const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
    // The package's serialisations that include a tool result item: the item, or a list holding it.
    const stringify = JSON.stringify;
    let serialised = 0;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, replacer, space) => {
      const itemOrList = isOutputItem(value) || (Array.isArray(value) && value.some(isOutputItem));
      // The mock runs in this process too: its own serialisations (the cost model) do not count.
      if (itemOrList && !new Error().stack?.includes('/src/testing/')) serialised++;
      return stringify(value, replacer as Parameters<typeof stringify>[1], space);
    });
    try {
      const result = await generateText({
        model: provider('gpt-4.1-mini'),
        tools: {
          lookup: tool({
            inputSchema: jsonSchema<{ step: number }>({ type: 'object', properties: {} }),
            execute: async () => ({ facts: ['a', 'b'] }),
          }),
        },
        stopWhen: stepCountIs(5),
        prompt: 'Look it up #tools=3',
      });
      expect(result.steps).toHaveLength(4);
      // Every response was signed: a part of each step carries its digest.
      const digests = result.steps.map((step) =>
        step.content
          .map((part) =>
            'providerMetadata' in part ? part.providerMetadata?.openai?.chainDigest : undefined,
          )
          .find((digest) => digest !== undefined),
      );
      expect(digests).toEqual(Array(4).fill(expect.stringMatching(/^[A-Za-z0-9_-]{30}$/)));
    } finally {
      vi.restoreAllMocks();
      await provider.close();
    }
    const continuations = server.requests.slice(1);
    expect(continuations.every((r) => r.previousResponseId !== null)).toBe(true);
    // One tool result per continuation, serialised once: by the frame.
    expect(
      continuations.map((r) => r.input.map((item) => (item as { type?: unknown }).type)),
    ).toEqual([['function_call_output'], ['function_call_output'], ['function_call_output']]);
    expect(serialised).toBe(3);
  });

  it('hashes the input while the server works, and only the output once the response completes', async () => {
    const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
    const createHash = crypto.createHash;
    // The item texts the package hashes (the mock in this process hashes none).
    const hashed: string[] = [];
    vi.spyOn(crypto, 'createHash').mockImplementation((...args) => {
      const hash = createHash(...args);
      const update = hash.update.bind(hash);
      hash.update = ((data: unknown, ...rest: unknown[]) => {
        if (typeof data === 'string' && data.startsWith('{')) hashed.push(data);
        return (update as (...a: unknown[]) => typeof hash)(data, ...rest);
      }) as typeof hash.update;
      return hash;
    });
    const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
    const toolResult = (id: string) => ({
      role: 'tool' as const,
      content: [
        {
          type: 'tool-result' as const,
          toolCallId: id,
          toolName: 'lookup',
          output: { type: 'json' as const, value: { id } },
        },
      ],
    });
    const toolCall = (id: string) => ({
      role: 'assistant' as const,
      content: [{ type: 'tool-call' as const, toolCallId: id, toolName: 'lookup', input: {} }],
    });
    try {
      const model = provider('gpt-4.1-mini');
      const prompt = [
        { role: 'user' as const, content: [{ type: 'text' as const, text: 'Summarise.' }] },
        toolCall('call_1'),
        toolResult('call_1'),
        toolCall('call_2'),
        toolResult('call_2'),
      ];
      // doStream resolves once the first output event has come: the input items are hashed.
      const { stream } = await model.doStream({ prompt });
      const types = (texts: string[]) =>
        texts.map((text) => JSON.parse(text).type ?? JSON.parse(text).role);
      expect(types(hashed)).toEqual([
        'user',
        'function_call',
        'function_call_output',
        'function_call',
        'function_call_output',
      ]);
      const parts = await readAll(stream);
      expect(parts.at(-1)).toMatchObject({ type: 'finish' });
      // Afterwards only the answer's item (a reference to it: the response is stored); signed.
      expect(types(hashed.slice(5))).toEqual(['item_reference']);
      const digest = parts.find(
        (part) => 'providerMetadata' in part && part.providerMetadata?.openai?.chainDigest,
      );
      expect(digest).toBeDefined();
    } finally {
      await provider.close();
    }
  });
});

describe('the input chain hashed at the send', () => {
  const input = [
    { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
    { type: 'function_call_output', call_id: 'c1', output: '{"a":1}' },
  ] as unknown as InputItem[];
  const items = [...input, { type: 'item_reference', id: 'msg_1' }] as unknown as InputItem[];
  const request = {
    input,
    store: true,
    previousResponseId: undefined,
    settings: {},
    conversion: { providerOptionsName: 'openai' },
  } as unknown as ResponsesRequest;

  async function chainOf(inputChain: ReturnType<typeof hashInput>) {
    const digestKey = await deriveDigestKey('material');
    const parts = [{ type: 'text-end', id: 'msg_1' }] as StreamPart[];
    const call = { digestKey, request, inputChain };
    const signed = { items, covered: items };
    return signHead(call, 'resp_1', signed, { parts, continued: undefined, digestPart: 0 });
  }

  it('gives the chain that hashing every item at the end gives', async () => {
    const key = await deriveDigestKey('material');
    const early = hashInput({ digestKey: key, request }, undefined, new Map());
    expect(early).toBeDefined();
    expect(await chainOf(early)).toEqual(await chainOf(undefined));
  });

  it('is used only for the input and the head it was hashed for', async () => {
    const forged = (base: ChainHead | undefined, of = input) => ({
      input: of,
      base,
      chain: Promise.resolve(new Uint8Array(32).fill(7)),
    });
    const plain = await chainOf(undefined);
    // The same input and base: used (a different chain shows it).
    expect(await chainOf(forged(undefined))).not.toEqual(plain);
    // Another head, or another input array (a call rebuilt for a resend): hashed anew.
    expect(await chainOf(forged({ items: [] } as unknown as ChainHead))).toEqual(plain);
    expect(await chainOf(forged(undefined, [...input]))).toEqual(plain);
  });

  it('signs the items without the empty messages, and returns the chain of them all', async () => {
    const digestKey = await deriveDigestKey('material');
    const parts = [{ type: 'text-end', id: 'msg_1' }] as StreamPart[];
    const call = { digestKey, request };
    // `items` ends with a reference to an empty message, which ai@5 and ai@6 leave out.
    const signed = { items, covered: input };
    const settled = { parts, continued: undefined, digestPart: 0 };
    const chain = await signHead(call, 'resp_1', signed, settled);
    expect(chain).toEqual(await extendItemChain(EMPTY_CHAIN, items));
    const end = parts[0] as Extract<StreamPart, { type: 'text-end' }>;
    const digest = String(end.providerMetadata?.openai?.chainDigest);
    const check = async (of: readonly InputItem[]) =>
      checkDigest(digestKey, digest, {
        responseId: 'resp_1',
        settingsKey: contextKey({}),
        chain: await extendItemChain(EMPTY_CHAIN, of),
      });
    expect(await check(input)).toBeUndefined();
    expect(await check(items)).toBe('history-changed');
  });

  it('is not made for a response that gets no digest', async () => {
    const key = await deriveDigestKey('material');
    expect(hashInput({ digestKey: undefined, request }, undefined, new Map())).toBeUndefined();
    const unstored = { ...request, store: false } as ResponsesRequest;
    expect(hashInput({ digestKey: key, request: unstored }, undefined, new Map())).toBeUndefined();
  });
});
