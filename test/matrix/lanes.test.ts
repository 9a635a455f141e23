import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockRequestRecord,
  type MockResponsesServer,
} from '../../src/testing';
import { userTexts } from '../helpers/instances';
import { wsMeta } from '../helpers/mock-provider';
import { AI5, AI7, type AiMajor, type GenerateResult } from './ai-majors';
import { type Entry, ROOT, V4 } from './entries';
import { webSocketSetting } from './web-socket-setting';

const CONVERSATIONS = 20;
const TURNS = 3;

/**
 * Many conversations on few sockets, through the real `ai` package: with `pool.lanes` on, every
 * conversation keeps its own lane, so every continuation is a delta from that lane's cache.
 */
function defineLanesSuite(major: AiMajor, entry: Entry) {
  describe(`lanes: ai@${major.major} × ${entry.path}`, () => {
    let server: MockResponsesServer;
    beforeAll(async () => {
      server = await createMockResponsesServer();
    });
    afterAll(async () => {
      await server?.close();
    });

    it(`${CONVERSATIONS} concurrent conversations × ${TURNS} turns with tool calls on { lanes: 32, maxSockets: 2 }`, async () => {
      const { ai } = major;
      const provider = entry.createProvider({
        apiKey: MOCK_API_KEY,
        baseURL: server.url,
        pool: { lanes: 32, maxSockets: 2 },
        // Node 22/24 legs: the runtime's global WebSocket carries the lanes.
        webSocket: webSocketSetting().webSocket,
      });
      const lookup = ai.tool({
        inputSchema: z.object({ step: z.number() }),
        execute: async ({ step }: { step: number }) => `value ${step}`,
      });
      const model = provider('gpt-4.1-mini');
      const stepsOf: GenerateResult['steps'][] = [];

      const conversation = async (c: number) => {
        const messages: unknown[] = [];
        const steps: GenerateResult['steps'] = [];
        for (let t = 0; t < TURNS; t++) {
          messages.push({ role: 'user', content: `conversation ${c} turn ${t} #tools=1` });
          const options = { model, messages, tools: { lookup }, stopWhen: ai.stepCountIs(4) };
          // Both entry points of the AI SDK: the middle turn streams.
          const result = t === 1 ? ai.streamText(options) : await ai.generateText(options);
          expect(await result.text).toBe('Done after 1 tool calls.');
          const finished =
            t === 1
              ? await (result as unknown as { steps: PromiseLike<unknown> }).steps
              : (result as GenerateResult).steps;
          steps.push(...(finished as GenerateResult['steps']));
          messages.push(...(await major.responseMessages(result)));
        }
        stepsOf[c] = steps;
      };
      try {
        await Promise.all(Array.from({ length: CONVERSATIONS }, (_, c) => conversation(c)));
      } finally {
        await provider.close();
      }

      const records = server.requests;
      expect(server.sockets().opened).toBeLessThanOrEqual(2);
      expect(records).toHaveLength(CONVERSATIONS * TURNS * 2);
      const byResponse = new Map(records.map((record) => [record.responseId, record]));
      for (const [c, steps] of stepsOf.entries()) {
        const metas = steps.map((step) => wsMeta(step.providerMetadata));
        expect(metas[0]).toMatchObject({ inputMode: 'full', reason: 'new-conversation' });
        // One lane for the whole conversation; every later call a delta from its cache.
        expect(new Set(metas.map((meta) => meta.lane)).size).toBe(1);
        expect(metas[0].lane).toMatch(/^lane-([1-9]|[12][0-9]|3[0-2])$/);
        for (const meta of metas.slice(1)) {
          expect(meta).toMatchObject({ inputMode: 'delta', reason: 'continuation', retries: 0 });
        }
        for (const step of steps) {
          const id = (step.providerMetadata as { openai: { responseId: string } }).openai
            .responseId;
          const record = byResponse.get(id);
          // No cross-talk: each response the call got ran on this conversation's context only.
          expect(record?.streamId).toBe(metas[0].lane);
          expect(
            userTexts(record as MockRequestRecord).every((text) =>
              text.startsWith(`conversation ${c} `),
            ),
          ).toBe(true);
        }
      }
      const continuations = records.filter((record) => record.previousResponseId !== null);
      expect(continuations).toHaveLength(CONVERSATIONS * (TURNS * 2 - 1));
      for (const record of continuations) {
        expect(record).toMatchObject({ parentSource: 'socket-cache', forked: false });
      }
      expect(records.flatMap((record) => record.duplicates)).toEqual([]);
      expect(Math.max(...records.map((record) => record.inFlight))).toBeLessThanOrEqual(16);
      expect(records.filter((record) => record.queuedFor !== null)).toEqual([]);
    });
  });
}

defineLanesSuite(AI7, V4);
defineLanesSuite(AI5, ROOT);
