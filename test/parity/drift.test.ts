/**
 * Parity cannot drift silently: when a newer `@ai-sdk/openai` (the devDependency) adds a provider
 * tool, a Responses provider option, a message-level option or a function-tool option, these
 * tests fail until this package handles it — sends it (the tool table, the options schema), and
 * the request corpus exercises it against the reference. The type-level checks in
 * option-types.ts fail `npm run typecheck` the same way when an option's accepted values widen.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { describe, expect, it } from 'vitest';
import { PROVIDER_TOOL_IDS } from '../../src/model/provider-tools';
import { prepareProviderTool } from '../../src/model/request/tools/prepare-provider-tool';
import type { ProviderTool } from '../../src/types';
import { corpus, optionsCovered, toolIdsCovered } from './request-corpus';

// --- run time: the reference's own tool factories and option schemas --------------------------

const upstreamSource = (file: string) => {
  const entry = createRequire(import.meta.url).resolve('@ai-sdk/openai');
  return readFileSync(join(dirname(entry), '..', 'src', file), 'utf8');
};

/** The top-level keys of the `z.object({...})` an exported schema of the options file declares. */
function schemaKeys(schemaName: string): string[] {
  const text = upstreamSource('responses/openai-responses-language-model-options.ts');
  const start = text.indexOf(`export const ${schemaName} =`);
  expect(start, `${schemaName} in @ai-sdk/openai`).toBeGreaterThan(-1);
  const body = text.slice(start, text.indexOf('\n);', start));
  return [...body.matchAll(/^ {6}(\w+):/gm)].map((match) => match[1]);
}

const upstreamToolIds = Object.values(createOpenAI({ apiKey: 'k' }).tools).map(
  (factory) => (factory as (args: object) => { id: string })({}).id,
);

describe('provider tools of @ai-sdk/openai', () => {
  it('reads them from the reference (13 in 4.0.118)', () => {
    expect(upstreamToolIds.length).toBeGreaterThanOrEqual(13);
  });

  it.each(upstreamToolIds)('%s is one this package sends', async (id) => {
    expect(PROVIDER_TOOL_IDS).toContain(id);
    // The corpus declares it (so the differential compares its request) and it is prepared.
    expect(toolIdsCovered()).toContain(id);
    const declared = corpus
      .flatMap((c) => c.options.tools ?? [])
      .find((tool): tool is ProviderTool => tool.type === 'provider' && tool.id === id);
    const prepared = await prepareProviderTool(declared as ProviderTool, {
      supportsAsyncToolCalling: true,
      warnings: [],
    });
    expect(prepared?.type).toEqual(expect.any(String));
  });

  it('this package knows no tool the reference lacks', () => {
    expect([...PROVIDER_TOOL_IDS].sort()).toEqual([...upstreamToolIds].sort());
  });
});

describe('Responses provider options of @ai-sdk/openai', () => {
  const keys = schemaKeys('openaiLanguageModelResponsesOptionsSchema');

  it('reads them from the reference (31 in 4.0.118)', () => {
    expect(keys.length).toBeGreaterThanOrEqual(31);
  });

  it.each(keys)('%s is set by a call of the request corpus', (key) => {
    expect(optionsCovered()).toContain(key);
  });

  it('message-level options are the ones this package reads', () => {
    expect(schemaKeys('openaiResponsesSystemMessageOptionsSchema').sort()).toEqual(
      ['additionalTools', 'reasoningEffortUpdate', 'textFormatUpdate'].sort(),
    );
    expect(schemaKeys('openaiResponsesToolResultOptionsSchema')).toEqual(['additionalTools']);
  });
});
