import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openai } from '@ai-sdk/openai';
import { generateText } from 'ai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOpenAIWebSocket } from '../../src/index';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';

const RECORDING = 'openai-image-generation-tool.1';
/** Above the 64 MiB a Responses event used to be allowed (and the socket with it). */
const IMAGE_CHARS = 65 * 1024 * 1024;

let dir: string;
let server: MockResponsesServer;

beforeAll(async () => {
  // The recorded image generation, its image replaced by one of IMAGE_CHARS base64 characters in
  // `response.completed` (one frame; doGenerate reads its result from there). The streamed
  // `response.output_item.done` keeps the recorded image, to keep the test light.
  const recorded = readFileSync(
    resolve(import.meta.dirname, '../fixtures/openai-recorded', `${RECORDING}.chunks.txt`),
    'utf8',
  );
  const image = 'A'.repeat(IMAGE_CHARS);
  const events = recorded
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const event = JSON.parse(line);
      for (const item of event.response?.output ?? []) {
        if (item?.type === 'image_generation_call' && item.result != null) item.result = image;
      }
      return JSON.stringify(event);
    });
  dir = mkdtempSync(join(tmpdir(), 'large-events-'));
  writeFileSync(
    join(dir, `big-image${RECORDING.slice(RECORDING.indexOf('.'))}.chunks.txt`),
    events.join('\n'),
  );
  server = await createMockResponsesServer({ fixturesDir: dir });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a generated image above 64 MiB arrives whole over the socket', async () => {
  const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
  try {
    server.enqueue({ replay: 'big-image.1' });
    const result = await generateText({
      model: provider('gpt-5'),
      prompt: 'draw',
      tools: { image_generation: openai.tools.imageGeneration({}) },
      maxRetries: 0,
    });
    const images = result.staticToolResults.concat(result.toolResults as never[]);
    const output = images.find((r) => r.toolName === 'image_generation')?.output as {
      result: string;
    };
    expect(output.result.length).toBe(IMAGE_CHARS);
    expect(server.requests[0].transport).toBe('websocket');
    expect(server.sockets().opened).toBe(1);
  } finally {
    await provider.close();
  }
}, 60_000);
