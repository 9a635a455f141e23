/**
 * The token counts V2's flat usage cannot hold reach an ai@5 user in the result's metadata,
 * `providerMetadata.openai.usage`, as `@ai-sdk/openai` 2 gives them (found by
 * test/parity/era-response-differential.test.ts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, streamText } from 'ai-v5';
import { describe, expect, it } from 'vitest';
import * as entry from '../../src/index';
import { messageStarted, response } from '../parity/hand-made-streams';
import { useSpecServer } from './spec-server';

const start = useSpecServer();

/** A short answer whose usage reports cache writes and orchestration tokens. */
function replayWithUsage(usage: Record<string, unknown>): string {
  const message = {
    type: 'message',
    id: 'msg_1',
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text: 'Hel', annotations: [] }],
  };
  const events = [
    ...messageStarted('Hel'),
    { type: 'response.output_item.done', output_index: 0, item: message },
    {
      type: 'response.completed',
      response: response({ status: 'completed', output: [message], usage }),
    },
  ].map((event, index) => JSON.stringify({ ...event, sequence_number: index }));
  const file = join(mkdtempSync(join(tmpdir(), 'v2-usage-')), 'usage.chunks.txt');
  writeFileSync(file, events.join('\n'));
  return file;
}

const USAGE = {
  input_tokens: 20,
  input_tokens_details: {
    cached_tokens: 4,
    cache_write_tokens: 6,
    orchestration_input_tokens: 3,
    orchestration_input_cached_tokens: 1,
  },
  output_tokens: 5,
  output_tokens_details: { reasoning_tokens: 0, orchestration_output_tokens: 2 },
  total_tokens: 25,
};

const EXPECTED = {
  cacheWriteTokens: 6,
  orchestrationInputTokens: 3,
  orchestrationInputCachedTokens: 1,
  orchestrationOutputTokens: 2,
};

describe('root entry (ai@5): usage V2 has no field for', () => {
  it('is in providerMetadata.openai.usage of generateText and streamText', async () => {
    const { provider, server } = await start(entry);
    const replay = replayWithUsage(USAGE);
    server.enqueue({ replay });
    const generated = await generateText({ model: provider('gpt-5.1'), prompt: 'hi' });
    expect(generated.usage).toMatchObject({ inputTokens: 20, cachedInputTokens: 4 });
    expect(generated.providerMetadata?.openai?.usage).toEqual(EXPECTED);

    server.enqueue({ replay });
    const streamed = streamText({ model: provider('gpt-5.1'), prompt: 'hi' });
    expect((await streamed.providerMetadata)?.openai?.usage).toEqual(EXPECTED);
    expect((await streamed.providerMetadata)?.openai?.responseId).toBe('resp_hand_1');
  });

  it('is left out when the server reports none of those counts', async () => {
    const { provider, server } = await start(entry);
    server.enqueue({
      replay: replayWithUsage({ input_tokens: 1, output_tokens: 1, total_tokens: 2 }),
    });
    const generated = await generateText({ model: provider('gpt-5.1'), prompt: 'hi' });
    expect(generated.providerMetadata?.openai).not.toHaveProperty('usage');
  });
});
