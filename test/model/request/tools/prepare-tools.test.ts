import { describe, expect, it } from 'vitest';
import { prepareTools } from '../../../../src/model/request/tools/prepare-tools';
import type { FunctionTool, ProviderTool } from '../../../../src/types';

const schema = { type: 'object', properties: { a: { type: 'string' } } };
const fn = (name: string, strict?: boolean): FunctionTool => ({
  type: 'function',
  name,
  inputSchema: schema,
  ...(strict !== undefined && { strict }),
});
const web: ProviderTool = { type: 'provider', id: 'openai.web_search', name: 'search', args: {} };

describe('prepareTools', () => {
  it('omits tools and tool choice when there are no tools', async () => {
    expect(await prepareTools({ tools: [], toolChoice: { type: 'auto' } })).toMatchObject({
      tools: undefined,
      toolChoice: undefined,
      warnings: [],
    });
  });

  it('takes strict from the tool, else false (ai@5 tools get it in the V2 adapter)', async () => {
    const result = await prepareTools({
      tools: [fn('a'), fn('b', true), fn('c', false)],
      toolChoice: undefined,
    });
    expect(result.tools?.map((tool) => tool.strict)).toEqual([false, true, false]);
  });

  it('passes the same normalised schema object on every call', async () => {
    const tools = [fn('a')];
    const first = await prepareTools({ tools, toolChoice: undefined });
    const second = await prepareTools({ tools, toolChoice: undefined });
    expect(second.tools?.[0].parameters).toBe(first.tools?.[0].parameters);
    expect(first.tools?.[0]).toEqual({
      type: 'function',
      name: 'a',
      parameters: schema,
      strict: false,
    });
  });

  it('maps a forced provider tool to its type and a function tool by name', async () => {
    const tools = [fn('f'), web];
    expect(
      (await prepareTools({ tools, toolChoice: { type: 'tool', toolName: 'search' } })).toolChoice,
    ).toEqual({
      type: 'web_search',
    });
    expect(
      (await prepareTools({ tools, toolChoice: { type: 'tool', toolName: 'f' } })).toolChoice,
    ).toEqual({
      type: 'function',
      name: 'f',
    });
  });

  it('leaves provider tools no package knows out with a warning', async () => {
    const result = await prepareTools({
      tools: [{ type: 'provider', id: 'acme.thing', name: 'm', args: {} }, fn('f')],
      toolChoice: undefined,
    });
    expect(result.tools?.map((tool) => tool.name)).toEqual(['f']);
    expect(result.warnings).toEqual([
      { type: 'unsupported', feature: 'provider-defined tool acme.thing' },
    ]);
  });

  it('rejects invalid provider tool arguments', async () => {
    await expect(
      prepareTools({
        tools: [{ ...web, args: { searchContextSize: 'huge' } }],
        toolChoice: undefined,
      }),
    ).rejects.toThrow();
  });

  it('builds allowed_tools from allowedTools, overriding the tool choice', async () => {
    const result = await prepareTools({
      tools: [fn('f'), web],
      toolChoice: { type: 'required' },
      allowedTools: { toolNames: ['search', 'f', 'missing'] },
    });
    expect(result.toolChoice).toEqual({
      type: 'allowed_tools',
      mode: 'auto',
      tools: [
        { type: 'web_search' },
        { type: 'function', name: 'f' },
        { type: 'function', name: 'missing' },
      ],
    });
    expect(result.warnings).toEqual([
      expect.objectContaining({ feature: 'allowedTools entry "missing"' }),
    ]);
  });
});
