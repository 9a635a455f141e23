import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useMockServer } from './use-mock-server';

/*
 * The error faults must send what the real server sent in the recordings, not a paraphrase of
 * the API reference: a client tested against the mock meets these exact shapes in production.
 */
const mock = useMockServer();
const recorded = (name: string) => `test/fixtures/openai-recorded/${name}`;
const recordedLines = readFileSync(recorded('openai-error.1.chunks.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));
const recordedError = recordedLines[2];
const recordedHttpBody = JSON.parse(readFileSync(recorded('openai-error.1.json'), 'utf8'));
const quota = { code: 'insufficient_quota', message: recordedError.error.message };

describe('error faults match the recordings', () => {
  it('sends the mid-stream error frame in the recorded nested shape', async () => {
    const client = await mock.open();
    mock.server.fault({ type: 'error-event', shape: 'mid-stream', ...quota });
    const turn = await client.turn({ model: 'gpt-5-nano', input: 'x' });
    expect(turn.events.map((e) => e.type)).toEqual(recordedLines.map((e) => e.type));
    expect(turn.events[2]).toEqual(recordedError);
    expect(turn.events[3].response.error).toEqual(recordedLines[3].response.error);
  });

  it('answers an insufficient_quota request error over HTTP with the recorded body', async () => {
    mock.server.fault({ type: 'error-event', transport: 'http', ...quota });
    const res = await fetch(`${mock.server.url}/responses`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-5-nano', input: 'x' }),
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual(recordedHttpBody);
  });

  it('keeps the null code of a recorded server error', async () => {
    const [nullCode] = readFileSync(recorded('openai-error-null-code.1.chunks.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
    const client = await mock.open();
    mock.server.fault({
      type: 'error-event',
      shape: 'mid-stream',
      code: null,
      status: 500,
      message: nullCode.error.message,
    });
    const turn = await client.turn({ model: 'gpt-5-nano', input: 'x' });
    expect(turn.events[2]).toEqual(nullCode);
  });
});

describe('response objects match the recordings', () => {
  // A real 2026 response (OpenAI, function tools): the fields every recent recording carries.
  const completed = readFileSync(recorded('openai-client-tool-search.1.chunks.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .find((event) => event.type === 'response.completed').response;

  it('sends every top-level field of a recorded response object, with its defaults', async () => {
    const client = await mock.open();
    const turn = await client.turn({ model: 'gpt-5.4', input: 'x' });
    for (const event of [turn.events[0], turn.events.at(-1)]) {
      expect(Object.keys(event?.response).sort()).toEqual(Object.keys(completed).sort());
      expect(event?.response).toMatchObject({
        frequency_penalty: 0,
        presence_penalty: 0,
        prompt_cache_retention: null,
      });
    }
  });

  it('echoes the prompt cache retention and penalties a request sets', async () => {
    const client = await mock.open();
    const turn = await client.turn({
      model: 'gpt-5.4',
      input: 'x',
      prompt_cache_retention: '24h',
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
    });
    expect(turn.events.at(-1)?.response).toMatchObject({
      prompt_cache_retention: '24h',
      frequency_penalty: 0.5,
      presence_penalty: -0.5,
    });
  });
});
