/**
 * The two era exceptions in how a call names its tools, which the era differentials sidestep by
 * declaring tools as each era's users did (eras.ts), stated here on their own: the root entry
 * reports a hosted tool's calls under the caller's key where `@ai-sdk/openai` 2 uses the wire
 * name (TOOL_NAMES), and `/v3` sends a custom tool under its key where `@ai-sdk/openai` 3 uses
 * `customTool({ name })` (CUSTOM_TOOL_NAME).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { fixtureDir } from '../model/events/map-events-fixtures';
import { type Era, eras } from './eras';
import { type Json, readAll } from './replay';

let server: MockResponsesServer;

beforeAll(async () => {
  server = await createMockResponsesServer({ fixturesDir: fixtureDir });
});
afterAll(() => server.close());

const [v2, v3] = eras as [Era, Era];
const prompt = [{ role: 'user', content: [{ type: 'text', text: 'replay' }] }];

describe('TOOL_NAMES (root entry vs @ai-sdk/openai 2)', () => {
  it("reports a hosted tool's calls under the caller's key; 2 under the wire name", async () => {
    const provider = v2.create({ apiKey: MOCK_API_KEY, baseURL: server.url });
    try {
      const tools = [
        { type: 'provider-defined', id: 'openai.code_interpreter', name: 'runPython', args: {} },
      ];
      const names = async (model: ReturnType<Era['reference']>) => {
        server.enqueue({ replay: 'openai-code-interpreter-tool.1' });
        const { stream } = await model.doStream({ prompt, tools } as never);
        const parts = await readAll(stream);
        return new Set(
          parts.filter((p: Json) => p.type === 'tool-call').map((p: Json) => p.toolName),
        );
      };
      expect(await names(provider('gpt-5'))).toEqual(new Set(['runPython']));
      expect(await names(v2.reference(server.url, 'gpt-5'))).toEqual(new Set(['code_interpreter']));
    } finally {
      await provider.close();
    }
  });
});

describe('CUSTOM_TOOL_NAME (/v3 vs @ai-sdk/openai 3)', () => {
  it('sends a custom tool under its key; 3 under customTool({ name })', async () => {
    const provider = v3.create({ apiKey: MOCK_API_KEY, baseURL: server.url });
    try {
      const tools = [
        { type: 'provider', id: 'openai.custom', name: 'sql', args: { name: 'write_sql' } },
      ];
      const sentName = async (model: ReturnType<Era['reference']>) => {
        const before = server.requests.length;
        await model.doGenerate({ prompt, tools } as never);
        const body = server.requests[before]?.body as { tools?: Json[] } | undefined;
        return body?.tools?.[0]?.name;
      };
      expect(await sentName(provider('gpt-5'))).toBe('sql');
      expect(await sentName(v3.reference(server.url, 'gpt-5'))).toBe('write_sql');
    } finally {
      await provider.close();
    }
  });
});
