import { generateText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import { MOCK_API_KEY } from '../../src/testing';
import { type MockSetup, startMock } from './mock-provider';
import { poolOf } from './pool-of';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('poolOf', () => {
  // A CI run on Node 22 failed with "expected one pool for <url>, found 2": a new mock server got
  // the port of an earlier test's, whose registry entry (other pool settings) was still there.
  it('finds the setup’s own pool when other pools share its base URL', async () => {
    mock = await startMock({ pool: { maxSockets: 1 } });
    const other = createOpenAIWebSocket({
      apiKey: MOCK_API_KEY,
      baseURL: mock.server.url,
      pool: { maxSockets: 3 },
    });
    try {
      await generateText({ model: other('gpt-4.1-mini'), prompt: 'other' });
      await generateText({ model: mock.provider('gpt-4.1-mini'), prompt: 'own' });
      expect(poolOf(mock).settings.maxSockets).toBe(1);
    } finally {
      await other.close();
    }
  });
});
