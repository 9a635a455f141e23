import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRequest } from '../../../../src/model/request/build-request';
import * as preparing from '../../../../src/model/request/tools/prepare-function-tool';
import type { FunctionTool, Message, Prompt } from '../../../../src/types';

vi.mock('../../../../src/model/request/tools/prepare-function-tool', async (importOriginal) => {
  const original = await importOriginal<typeof preparing>();
  return { ...original, prepareFunctionTool: vi.fn(original.prepareFunctionTool) };
});

const prepareFunctionTool = vi.mocked(preparing.prepareFunctionTool);

afterEach(() => {
  prepareFunctionTool.mockClear();
});

// A fresh schema object per tool and call, as the AI SDK makes for zod tools on every step.
const tools = (): FunctionTool[] =>
  ['alpha', 'beta', 'gamma'].map((name) => ({
    type: 'function',
    name,
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  }));

const called = (id: string): Message => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName: 'alpha', input: { q: 'x' } }],
});

const result = (id: string, additionalTools?: object[]): Message => ({
  role: 'tool',
  content: [
    {
      type: 'tool-result',
      toolCallId: id,
      toolName: 'alpha',
      output: { type: 'text', value: 'ok' },
      ...(additionalTools && { providerOptions: { openai: { additionalTools } } }),
    },
  ],
});

const entry = (name: string) => ({ type: 'function', name, parameters: { type: 'object' } });

describe('the tools a history may load', () => {
  it('are not resolved for a prompt that loads none: each tool is prepared once per call', async () => {
    const prompt: Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      called('c1'),
      result('c1'),
    ];
    const request = await buildRequest({ modelId: 'gpt-5.4', options: { prompt, tools: tools() } });
    expect(request.settings.tools).toHaveLength(3);
    expect(prepareFunctionTool).toHaveBeenCalledTimes(3);
    expect(request.conversionState.loading).toBeUndefined();
  });

  it('are resolved once per call, however many entries ask', async () => {
    const prompt: Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      called('c1'),
      result('c1', [entry('beta')]),
      called('c2'),
      result('c2', [entry('gamma'), entry('beta')]),
    ];
    const request = await buildRequest({ modelId: 'gpt-5.4', options: { prompt, tools: tools() } });
    const loaded = request.input.filter((item) => item.type === 'additional_tools');
    expect(loaded.map((item) => (item.tools as { name: string }[]).map((t) => t.name))).toEqual([
      ['beta'],
      ['gamma', 'beta'],
    ]);
    // Three for the request's tools, three for the loadable ones: not three per entry.
    expect(prepareFunctionTool).toHaveBeenCalledTimes(6);
    expect(request.conversionState.loading?.toolsKey).toContain('"gamma"');
  });
});
