import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY } from '../../src/testing';
import { BUNDLED_RECORDINGS, RECORDING_SUFFIX } from '../../src/testing/recordings';
import { createOpenAIWebSocket } from '../../src/v4';
import { fixtureDir, loadResponses } from '../model/events/map-events-fixtures';
import { terminalOf } from './raw-client';
import { useMockServer } from './use-mock-server';

const FIXTURES = fixtureDir;
const recorded = (file: string) => loadResponses(file).flat();

// No fixturesDir: what a user who installed the package gets.
const mock = useMockServer();

describe('recordings that ship with /testing', () => {
  it('every bundled name is a streamed recording of the repository', () => {
    const files = new Set(readdirSync(FIXTURES));
    for (const name of BUNDLED_RECORDINGS) expect(files).toContain(`${name}${RECORDING_SUFFIX}`);
    expect(new Set(BUNDLED_RECORDINGS).size).toBe(BUNDLED_RECORDINGS.length);
  });

  it('replays by name without any fixturesDir, through a provider', async () => {
    mock.server.enqueue({ replay: 'openai-web-search-tool.1' });
    const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: mock.server.url });
    try {
      const result = await generateText({ model: provider('gpt-5-mini'), prompt: 'news?' });
      const done = recorded('openai-web-search-tool.1.chunks.txt').filter(
        (event) => event.type === 'response.output_text.done',
      );
      expect(result.text).toBe(done.at(-1)?.text);
      expect(result.sources.length).toBeGreaterThan(0);
    } finally {
      await provider.close();
    }
  });

  it('a recording the package does not ship needs fixturesDir or a path', () => {
    expect(() => mock.server.enqueue({ replay: 'openai-compaction.1' })).toThrow(
      /'openai-compaction.1': it is not a bundled recording\. Pass a path/,
    );
  });
});

describe('replaying a file of your own', () => {
  it('takes a path relative to the working directory', async () => {
    const path = relative(process.cwd(), join(FIXTURES, 'openai-compaction.1.chunks.txt'));
    expect(path).toContain('/');
    mock.server.enqueue({ replay: path });
    const client = await mock.open();
    const { events } = await client.turn({ model: 'm', input: 'x' });
    expect(events).toEqual(recorded('openai-compaction.1.chunks.txt'));
  });

  it('takes an absolute path, with any file name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'own-recording-'));
    try {
      const path = join(dir, 'hello.jsonl');
      const lines = [
        { type: 'response.created', sequence_number: 0, response: { id: 'resp_own', output: [] } },
        {
          type: 'response.completed',
          sequence_number: 1,
          response: { id: 'resp_own', status: 'completed', output: [] },
        },
      ];
      writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n'));
      mock.server.enqueue({ replay: path });
      const client = await mock.open();
      const { events } = await client.turn({ model: 'm', input: 'x' });
      expect(terminalOf(events)?.response.id).toBe('resp_own');
      expect(mock.server.requests[0]).toMatchObject({ responseId: 'resp_own' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a path that does not exist fails at enqueue, naming the path', () => {
    expect(() => mock.server.enqueue({ replay: './no/such/recording.chunks.txt' })).toThrow(
      /no file at .*no\/such\/recording\.chunks\.txt/,
    );
  });
});
