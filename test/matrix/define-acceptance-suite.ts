import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { inputTypes, wsMeta } from '../helpers/mock-provider';
import type { AiMajor } from './ai-majors';
import type { Entry, EntryProvider } from './entries';
import { useMatrixServer } from './matrix-server';
import {
  USE_GLOBAL_WEBSOCKET,
  type WebSocketSetting,
  webSocketSetting,
} from './web-socket-setting';

export type MatrixCell = {
  /** The `ai` major driving the calls. */
  major: AiMajor;
  /** The package entry whose models it gets. */
  entry: Entry;
  /** Whether this major accepts the entry's spec natively (no compatibility warning). */
  native: boolean;
};

/**
 * The acceptance suite every cell of the compatibility matrix runs: the same user-level
 * behaviour (tool loop with deltas, a chat across calls, streaming, structured output, hosted
 * search sources and citations, abort) through one `ai` major and one package entry, plus the
 * warning check: none for a native pair, the compatibility warning for V2 on ai@6/7.
 */
export function defineAcceptanceSuite({ major, entry, native }: MatrixCell): void {
  const { ai } = major;

  const mode = native ? 'native' : 'compatibility mode';
  const transport = USE_GLOBAL_WEBSOCKET ? `global WebSocket, Node ${process.versions.node}` : 'ws';
  describe(`ai@${major.major} × ${entry.path} (${entry.spec}, ${mode}, ${transport})`, () => {
    const env = useMatrixServer();
    let provider: EntryProvider;
    let socket: WebSocketSetting;

    beforeEach(() => {
      env.warnings.clear();
      socket = webSocketSetting();
      provider = entry.createProvider({
        apiKey: MOCK_API_KEY,
        baseURL: env.server.url,
        webSocket: socket.webSocket,
      });
    });
    afterEach(async () => {
      await provider.close();
      // Every test resolves a model through the AI SDK, so every test sees (or not) the warning.
      const compatibility = env.warnings.compatibility();
      if (native) expect(compatibility).toEqual([]);
      else {
        // One per call; each names the spec version, so the user knows what to change.
        expect(compatibility.length).toBeGreaterThan(0);
        for (const message of compatibility)
          expect(message).toMatch(/specificationVersion.*v2 specification/);
      }
    });

    const lookup = () =>
      ai.tool({
        description: 'Looks a step up',
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }: { step: number }) => ({ step, value: `result ${step}` }),
      });

    it('runs a tool loop as one full frame then deltas on one socket', async () => {
      const model = provider('gpt-4.1-mini');
      expect(model.specificationVersion).toBe(entry.spec);
      const result = await ai.generateText({
        model,
        system: 'You are a careful agent.',
        prompt: 'Work through the steps. #tools=3',
        tools: { lookup: lookup() },
        stopWhen: ai.stepCountIs(6),
      });

      expect(result.text).toBe('Done after 3 tool calls.');
      expect(result.steps).toHaveLength(4);
      const records = env.server.requests;
      expect(records).toHaveLength(4);
      expect(new Set(records.map((r) => r.socketId)).size).toBe(1);
      expect(records[0].previousResponseId).toBeNull();
      for (let i = 1; i < records.length; i++) {
        expect(records[i].previousResponseId).toBe(records[i - 1].responseId);
        expect(inputTypes(records[i])).toEqual(['function_call_output']);
      }
      for (const record of records) expect(record.duplicates).toEqual([]);
      const metas = result.steps.map((step) => wsMeta(step.providerMetadata));
      expect(metas[0]).toMatchObject({
        transport: 'websocket',
        inputMode: 'full',
        reason: 'new-conversation',
      });
      for (const meta of metas.slice(1))
        expect(meta).toMatchObject({ inputMode: 'delta', socketReused: true });
      if (USE_GLOBAL_WEBSOCKET) {
        // The runtime's own WebSocket carried the whole loop: one socket, built by the global class.
        expect(typeof WebSocket).toBe('function');
        expect(socket.constructed()).toBe(1);
      }
    });

    it('chains a chat across calls, tool steps included, by response id', async () => {
      const model = provider('gpt-4.1-mini');
      const tools = { lookup: lookup() };
      const messages: unknown[] = [];
      const replies: string[] = [];
      for (const text of ['Look two things up. #tools=2', 'Tell me more', 'Thanks']) {
        messages.push({ role: 'user', content: text });
        const result = ai.streamText({
          model,
          system: 'Be brief.',
          messages,
          tools,
          stopWhen: ai.stepCountIs(4),
        });
        replies.push(await result.text);
        // All steps' messages: with only the last step, the tool calls would drop out of the history.
        messages.push(...(await major.responseMessages(result)));
      }

      expect(replies).toEqual(['Done after 2 tool calls.', 'Echo: Tell me more', 'Echo: Thanks']);
      const records = env.server.requests;
      expect(records).toHaveLength(5);
      expect(new Set(records.map((r) => r.socketId)).size).toBe(1);
      expect(records.map((r) => r.previousResponseId)).toEqual([
        null,
        ...records.slice(0, -1).map((r) => r.responseId),
      ]);
      expect(records.slice(1).map(inputTypes)).toEqual([
        ['function_call_output'],
        ['function_call_output'],
        ['message:user'],
        ['message:user'],
      ]);
      for (const record of records) expect(record.duplicates).toEqual([]);
    });

    it('continues by delta when the model leaves out a tool schema default, on any instance', async () => {
      // The AI SDK hands the input back as the schema parsed it: {"q":"ws","limit":10}.
      const search = ai.tool({
        inputSchema: z.object({ q: z.string(), limit: z.number().default(10) }),
        execute: async ({ q, limit }: { q: string; limit: number }) => `${limit} results for ${q}`,
      });
      const other = entry.createProvider({
        apiKey: MOCK_API_KEY,
        baseURL: env.server.url,
        webSocket: socket.webSocket,
        pool: { maxSockets: 78 },
      });
      const call = { toolCalls: [{ name: 'search', arguments: { q: 'ws' } }] };
      env.server.enqueue(call, call, { text: 'Done.' }, call, { text: 'Done again.' });
      const reasons = (steps: Array<{ providerMetadata?: unknown }>) =>
        steps.map((step) => wsMeta(step.providerMetadata).reason);
      try {
        const messages: unknown[] = [{ role: 'user', content: 'Search twice.' }];
        const generated = await ai.generateText({
          model: provider('gpt-4.1-mini'),
          messages,
          tools: { search },
          stopWhen: ai.stepCountIs(5),
        });
        expect(reasons(generated.steps)).toEqual([
          'new-conversation',
          'continuation',
          'continuation',
        ]);
        messages.push(...(await major.responseMessages(generated)), {
          role: 'user',
          content: 'Once more.',
        });
        const streamed = ai.streamText({
          model: other('gpt-4.1-mini'),
          messages,
          tools: { search },
          stopWhen: ai.stepCountIs(5),
        });
        expect(await streamed.text).toBe('Done again.');
        expect(reasons(await streamed.steps)).toEqual(['continuation-from-store', 'continuation']);
      } finally {
        await other.close();
      }
      for (const record of env.server.requests) expect(record.duplicates).toEqual([]);
      expect(env.server.requests.slice(1).map(inputTypes)).toEqual([
        ['function_call_output'],
        ['function_call_output'],
        ['message:user'],
        ['function_call_output'],
      ]);
    });

    it('continues the chat on another instance as a delta from the store, through UI messages', async () => {
      // Another pool and chain store: a second instance of the app, as far as the chain goes.
      const other = entry.createProvider({
        apiKey: MOCK_API_KEY,
        baseURL: env.server.url,
        webSocket: socket.webSocket,
        pool: { maxSockets: 77 },
      });
      const ui: unknown[] = [];
      const say = async (instance: EntryProvider, text: string) => {
        ui.push({ id: `u${ui.length}`, role: 'user', parts: [{ type: 'text', text }] });
        const result = ai.streamText({
          model: instance('gpt-4.1-mini'),
          messages: await ai.convertToModelMessages(ui),
          tools: { lookup: lookup() },
          stopWhen: ai.stepCountIs(4),
        });
        let answer: unknown;
        for await (const message of ai.readUIMessageStream({ stream: result.toUIMessageStream() }))
          answer = message;
        // As a client keeps it: JSON.
        ui.push(JSON.parse(JSON.stringify(answer)));
        return (await result.steps).map((step) => wsMeta(step.providerMetadata).reason);
      };
      try {
        expect(await say(provider, 'Look it up. #tools=1')).toEqual([
          'new-conversation',
          'continuation',
        ]);
        expect(await say(other, 'And once more. #tools=1')).toEqual([
          'continuation-from-store',
          'continuation',
        ]);
        // generateText (doGenerate) carries the digest too: back and forth once more.
        const generate = async (instance: EntryProvider, history: unknown[], text: string) => {
          const messages = [...history, { role: 'user', content: text }];
          const result = await ai.generateText({
            model: instance('gpt-4.1-mini'),
            messages,
            tools: { lookup: lookup() },
          });
          expect(wsMeta(result.providerMetadata).reason).toBe('continuation-from-store');
          return [...messages, ...(await major.responseMessages(result))];
        };
        const history = await generate(provider, await ai.convertToModelMessages(ui), 'Third');
        await generate(other, JSON.parse(JSON.stringify(history)), 'Fourth');
      } finally {
        await other.close();
      }
      const records = env.server.requests;
      expect(records).toHaveLength(6);
      expect(records.slice(1).map((r) => r.previousResponseId)).toEqual(
        records.slice(0, -1).map((r) => r.responseId),
      );
      expect(records[2].parentSource).toBe('store');
      for (const record of records) expect(record.duplicates).toEqual([]);
    });

    it('streams text, tool calls, usage and metadata', async () => {
      const result = ai.streamText({
        model: provider('gpt-4.1-mini'),
        prompt: 'Use the tool once. #tools=1',
        tools: { lookup: lookup() },
        stopWhen: ai.stepCountIs(3),
      });
      const types: string[] = [];
      for await (const part of result.fullStream) types.push(part.type);

      expect(await result.text).toBe('Done after 1 tool calls.');
      expect(await result.finishReason).toBe('stop');
      for (const type of [
        'start-step',
        'tool-call',
        'tool-result',
        'finish-step',
        'text-delta',
        'finish',
      ]) {
        expect(types).toContain(type);
      }
      expect(types.indexOf('tool-result')).toBeLessThan(types.indexOf('text-delta'));
      expect(types).not.toContain('error');
      const usage = await result.totalUsage;
      expect(usage.inputTokens).toBeGreaterThan(0);
      expect(usage.outputTokens).toBeGreaterThan(0);
      expect(wsMeta(await result.providerMetadata)).toMatchObject({
        transport: 'websocket',
        inputMode: 'delta',
      });
    });

    it('returns structured output through a JSON schema', async () => {
      const schema = z.object({ city: z.string(), population: z.number() });
      const result = await ai.generateText({
        model: provider('gpt-4.1-mini'),
        prompt: 'Describe a city.',
        ...major.structuredOutput(schema),
      });

      expect(major.structuredResult(result)).toEqual({
        city: expect.any(String),
        population: expect.any(Number),
      });
      const body = env.server.requests[0].body as {
        text?: { format?: { type?: string; schema?: unknown } };
      };
      expect(body.text?.format).toMatchObject({ type: 'json_schema', schema: { type: 'object' } });
    });

    it(`reports the sources a hosted search cites${entry.spec === 'v4' ? ', and the text citations V4 carries' : ''}`, async () => {
      env.server.enqueue({ replay: 'openai-web-search-tool.1' });
      const result = await ai.generateText({
        model: provider('gpt-5-mini'),
        prompt: 'Search the news.',
        tools: { web_search: major.webSearchTool() },
      });

      // Each major's provider-tool shape reaches the wire as the hosted tool.
      expect(env.server.requests[0].body.tools).toEqual([
        expect.objectContaining({ type: 'web_search' }),
      ]);
      expect(result.sources.length).toBeGreaterThan(0);
      expect(result.sources.every((source) => source.sourceType === 'url')).toBe(true);
      const text = result.content.filter((part) => part.type === 'text');
      expect(text).toHaveLength(1);
      if (entry.spec === 'v4') {
        // The recording's 12 url_citation annotations, each tied to its span of the answer.
        expect(text[0].citations).toHaveLength(12);
        expect(text[0].citations?.[0]).toMatchObject({
          source: { type: 'source', sourceType: 'url', url: expect.stringMatching(/^https:/) },
          startIndex: expect.any(Number),
          endIndex: expect.any(Number),
        });
      } else {
        expect(text[0].citations).toBeUndefined();
      }
    });

    describe('abort', () => {
      let slow: MockResponsesServer;
      let slowProvider: EntryProvider;
      beforeEach(async () => {
        // Spaced events, so the abort lands while the response is still streaming.
        slow = await createMockResponsesServer({ costModel: { perEventMs: 15 } });
        slowProvider = entry.createProvider({
          apiKey: MOCK_API_KEY,
          baseURL: slow.url,
          webSocket: socket.webSocket,
        });
      });
      afterEach(async () => {
        await slowProvider.close();
        await slow.close();
      });

      it('stops mid-stream, closes that socket, and the retry starts clean', async () => {
        const model = slowProvider('gpt-4.1-mini');
        const controller = new AbortController();
        const aborted = ai.streamText({
          model,
          prompt: 'A long answer, please.',
          abortSignal: controller.signal,
          onError: () => {},
        });
        const types: string[] = [];
        for await (const part of aborted.fullStream) {
          types.push(part.type);
          if (part.type === 'text-delta') controller.abort();
        }

        expect(types).toContain('text-delta');
        expect(types).not.toContain('finish');
        // No cancel event exists: the provider closes the socket, and the server sees it cut short.
        await expect.poll(() => slow.requests[0]?.status).toBe('interrupted');
        await expect.poll(() => slow.sockets().open).toBe(0);

        const retry = await ai.generateText({ model, prompt: 'A long answer, please.' });
        expect(retry.text).toBe('Echo: A long answer, please.');
        const [first, second] = slow.requests;
        expect(second.socketId).not.toBe(first.socketId);
        expect(second.previousResponseId).toBeNull();
        expect(second.duplicates).toEqual([]);
      });
    });
  });
}
