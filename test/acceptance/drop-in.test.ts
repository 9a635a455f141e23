/**
 * What an app written for `@ai-sdk/openai` relies on, through the real `ai` packages against the
 * mock: the response headers, logprobs in the result metadata, a user-supplied
 * `previousResponseId` meaning what it means there, and ai@5's `strictJsonSchema` for tools.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { generateText, jsonSchema, type LanguageModel, streamText, tool } from 'ai';
import * as ai5 from 'ai-v5';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIWebSocket as createRoot } from '../../src/index';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { createOpenAIWebSocket } from '../../src/v4';
import { wsMeta } from '../helpers/mock-provider';

let server: MockResponsesServer;
let provider: ReturnType<typeof createOpenAIWebSocket>;
beforeEach(async () => {
  server = await createMockResponsesServer();
  provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
});
afterEach(async () => {
  await provider.close();
  await server.close();
});

const reference = () => createOpenAI({ apiKey: MOCK_API_KEY, baseURL: server.url }).responses;

describe('response headers', () => {
  it("a WebSocket call reports its socket's upgrade response headers", async () => {
    const generated = await generateText({ model: provider('gpt-4.1-mini'), prompt: 'one' });
    expect(generated.response.headers?.['x-request-id']).toBe('req_upgrade_1');
    expect(generated.response.headers?.upgrade).toBe('websocket');
    // The conversation goes on, on the same socket: the same upgrade.
    const streamed = streamText({
      model: provider('gpt-4.1-mini'),
      messages: [
        { role: 'user', content: 'one' },
        ...generated.response.messages,
        { role: 'user', content: 'two' },
      ],
    });
    await streamed.consumeStream();
    expect((await streamed.response).headers?.['x-request-id']).toBe('req_upgrade_1');
    // Another conversation gets a socket of its own, with its own upgrade.
    const other = await generateText({ model: provider('gpt-4.1-mini'), prompt: 'three' });
    expect(other.response.headers?.['x-request-id']).toBe('req_upgrade_2');
  });
});

describe('logprobs', () => {
  const asked = { openai: { logprobs: true } };

  it.each([
    ['streamText', 'stream'],
    ['generateText', 'generate'],
  ] as const)(
    '%s: providerMetadata.openai.logprobs as @ai-sdk/openai gives them',
    async (_name, kind) => {
      const run = async (model: LanguageModel) => {
        if (kind === 'generate') {
          return (
            await generateText({ model, prompt: 'four words of text', providerOptions: asked })
          ).providerMetadata;
        }
        const result = streamText({ model, prompt: 'four words of text', providerOptions: asked });
        await result.consumeStream();
        return result.providerMetadata;
      };
      const ours = await run(provider('gpt-4.1-mini'));
      const theirs = await run(reference()('gpt-4.1-mini'));
      expect(theirs?.openai?.logprobs).toBeDefined();
      expect(ours?.openai?.logprobs).toEqual(theirs?.openai?.logprobs);
      // Asked for on the wire too.
      expect(server.requests[0].body).toMatchObject({
        include: ['message.output_text.logprobs'],
        top_logprobs: 20,
      });
    },
  );
});

describe('a user-supplied previousResponseId', () => {
  async function firstTurn() {
    const first = await generateText({ model: provider('gpt-4.1-mini'), prompt: 'Turn one' });
    return { first, id: first.response.id };
  }

  it('with only the new messages: sent as given, continuing that response', async () => {
    const { id } = await firstTurn();
    // Another provider instance: it knows nothing of the first turn (as after a restart).
    const other = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: server.url,
      pool: { maxSockets: 2 },
    });
    try {
      const second = await generateText({
        model: other('gpt-4.1-mini'),
        prompt: 'Turn two',
        providerOptions: { openai: { previousResponseId: id } },
      });
      const record = server.requests[1];
      expect(record.previousResponseId).toBe(id);
      expect(record.input).toEqual([
        { role: 'user', content: [{ type: 'input_text', text: 'Turn two' }] },
      ]);
      // The server had the whole conversation.
      expect(record.context).toHaveLength(3);
      expect(record.duplicates).toEqual([]);
      expect(wsMeta(second.providerMetadata)).toMatchObject({
        inputMode: 'delta',
        reason: 'previous-response-id',
      });
    } finally {
      await other.close();
    }
  });

  it('with the full history: planned as any call, a delta after what the server holds', async () => {
    const { first, id } = await firstTurn();
    const second = await generateText({
      model: provider('gpt-4.1-mini'),
      messages: [
        { role: 'user', content: 'Turn one' },
        ...first.responseMessages,
        { role: 'user', content: 'Turn two' },
      ],
      providerOptions: { openai: { previousResponseId: id } },
    });
    expect(server.requests[1].previousResponseId).toBe(id);
    expect(server.requests[1].input).toHaveLength(1);
    expect(server.requests[1].duplicates).toEqual([]);
    expect(wsMeta(second.providerMetadata)).toMatchObject({ reason: 'continuation' });
  });

  it('naming a response the server does not have: the error, not a resend without it', async () => {
    const error = await generateText({
      model: provider('gpt-4.1-mini'),
      prompt: 'Turn two',
      maxRetries: 0,
      providerOptions: { openai: { previousResponseId: 'resp_gone' } },
    }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toMatch(/resp_gone/);
    // One request: a resend with full input would have lost the conversation silently.
    expect(server.requests).toHaveLength(1);
  });
});

describe("ai@5's strictJsonSchema", () => {
  it('makes tools without a strict flag strict on the root entry (as @ai-sdk/openai 2 did)', async () => {
    const root = createRoot({ apiKey: MOCK_API_KEY, baseURL: server.url });
    try {
      const lookup = ai5.tool({
        inputSchema: ai5.jsonSchema({
          type: 'object',
          properties: {},
          additionalProperties: false,
        }),
        execute: async () => 'ok',
      });
      for (const strictJsonSchema of [true, false]) {
        await ai5.generateText({
          model: root('gpt-4.1-mini'),
          prompt: `strict ${strictJsonSchema}`,
          tools: { lookup },
          providerOptions: { openai: { strictJsonSchema } },
        });
        const tools = server.requests.at(-1)?.body.tools as Array<{ strict: boolean }>;
        expect(tools.map((t) => t.strict)).toEqual([strictJsonSchema]);
      }
    } finally {
      await root.close();
    }
  });

  it('is not applied to tools on ai@7 (as @ai-sdk/openai 4)', async () => {
    const lookup = tool({
      inputSchema: jsonSchema({ type: 'object', properties: {}, additionalProperties: false }),
      execute: async () => 'ok',
    });
    await generateText({
      model: provider('gpt-4.1-mini'),
      prompt: 'strict',
      tools: { lookup },
      providerOptions: { openai: { strictJsonSchema: true } },
    });
    expect((server.requests[0].body.tools as Array<{ strict: boolean }>)[0].strict).toBe(false);
  });
});
