import type { LanguageModelV4Prompt } from '@ai-sdk/provider-v4';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionPool } from '../../src/pool/session-pool';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import * as v4 from '../../src/v4';
import { sharedRegistry } from '../helpers/pool-of';

/*
 * Lanes on, many conversations per socket, while sockets age out under them (`maxSocketAgeMs`):
 * the pool's maps (its sockets by scope, the head → lane index) stay within what its open sockets
 * can hold, and shrink back to nothing once the sockets have aged out and gone idle.
 */

const LANES = 4;
const CONVERSATIONS = 80;
const STEPS = 3;

let server: MockResponsesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const user = (text: string) => ({
  role: 'user' as const,
  content: [{ type: 'text' as const, text }],
});

describe(`lanes on: ${CONVERSATIONS} conversations of ${STEPS} steps while sockets age out`, () => {
  it('the head index never holds more than the open lanes, and the maps empty once idle', async () => {
    server = await createMockResponsesServer();
    const provider = v4.createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: server.url,
      pool: { lanes: LANES, maxSockets: 4, maxSocketAgeMs: 300, idleTimeoutMs: 400 },
    });
    const model = provider('gpt-4.1-mini');
    // The model took its pool from the registry: the entry asked for last.
    const { pool } = [...sharedRegistry().values()].at(-1) as { pool: SessionPool };
    let indexedPastLanes = 0;
    const conversation = async (name: string) => {
      const prompt: LanguageModelV4Prompt = [user(name)];
      for (let step = 0; step < STEPS; step++) {
        const result = await model.doGenerate({ prompt });
        const content = result.content.flatMap((part) =>
          part.type === 'text'
            ? [{ type: 'text' as const, text: part.text, providerOptions: part.providerMetadata }]
            : [],
        );
        prompt.push({ role: 'assistant', content }, user(`${name} step ${step}`));
        const { indexedHeads } = pool.sizes();
        if (indexedHeads > pool.stats().open * LANES) indexedPastLanes++;
      }
    };
    try {
      for (let batch = 0; batch < CONVERSATIONS; batch += 20) {
        await Promise.all(Array.from({ length: 20 }, (_, i) => conversation(`c${batch + i}`)));
      }
      expect(indexedPastLanes).toBe(0);
      // More sockets than maxSockets over the run: they aged out and were replaced.
      expect(server.sockets().opened).toBeGreaterThan(4);
      await vi.waitFor(() => expect(pool.sizes()).toEqual({ scopes: 0, indexedHeads: 0 }), {
        timeout: 5_000,
      });
      expect(pool.stats()).toMatchObject({ open: 0, inFlight: 0 });
      await vi.waitFor(() => expect(server?.sockets().open).toBe(0));
    } finally {
      await provider.close();
    }
  });
});
