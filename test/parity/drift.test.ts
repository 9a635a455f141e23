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
import { getModelCapabilities } from '../../src/model/request/model-capabilities';
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

// --- the model catalog: every row the reference lists, column for column -------------------------

/** The Responses-relevant columns of one row of the reference's language model matrix. */
type CatalogRow = {
  reasoningEfforts: string[] | undefined;
  samplingAtReasoningEffortNone: boolean;
  flexProcessing: boolean;
  priorityProcessing: boolean;
  promptCacheRetention: boolean;
  responsesLogprobsRequireNonReasoning: boolean;
  configurationUpdates: boolean;
  asyncTools: boolean;
  systemMessageMode: string;
};

const COLUMNS: (keyof CatalogRow)[] = [
  'reasoningEfforts',
  'samplingAtReasoningEffortNone',
  'flexProcessing',
  'priorityProcessing',
  'promptCacheRetention',
  'responsesLogprobsRequireNonReasoning',
  'configurationUpdates',
  'asyncTools',
  'systemMessageMode',
];

/** One object literal's columns: each `column: value,` line, the value read as JSON. */
function readRow(body: string, id: string): CatalogRow {
  const row: Record<string, unknown> = {};
  for (const column of COLUMNS) {
    const match = new RegExp(`\\b${column}: ([^\\n]*),\\n`).exec(body);
    expect(match, `${column} of ${id}`).not.toBeNull();
    const value = (match as RegExpExecArray)[1].replace(/'/g, '"');
    row[column] = value === 'undefined' ? undefined : JSON.parse(value);
  }
  return row as CatalogRow;
}

function catalogRows() {
  const text = upstreamSource('openai-model-catalog.ts');
  const start = text.indexOf('export const openaiModelDefinitions = {');
  expect(start).toBeGreaterThan(-1);
  const table = text.slice(start, text.indexOf('\n} as const', start));
  const listed = [...table.matchAll(/^ {2}'([^']+)': \{\n([\s\S]*?)^ {2}\},/gm)].map(
    ([, id, body]) => [id, readRow(body, id)] as const,
  );
  const generic = (name: string) => {
    const at = text.indexOf(`const ${name}: OpenAILanguageModelRow = {`);
    expect(at, name).toBeGreaterThan(-1);
    return readRow(text.slice(at, text.indexOf('\n};', at) + 1), name);
  };
  return { listed, unknown: generic('unknownModel'), reasoning: generic('unknownReasoningModel') };
}

function asRow(modelId: string): CatalogRow {
  const c = getModelCapabilities(modelId);
  return {
    reasoningEfforts: c.reasoningEfforts && [...c.reasoningEfforts],
    samplingAtReasoningEffortNone: c.samplingWithEffortNone,
    flexProcessing: c.supportsFlexProcessing,
    priorityProcessing: c.supportsPriorityProcessing,
    promptCacheRetention: c.supportsPromptCacheRetention,
    responsesLogprobsRequireNonReasoning: c.logprobsRequireNonReasoning,
    configurationUpdates: c.supportsConfigurationUpdates,
    asyncTools: c.supportsAsyncToolCalling,
    systemMessageMode: c.systemMessageMode,
  };
}

describe('the model catalog of @ai-sdk/openai', () => {
  const { listed, unknown, reasoning } = catalogRows();

  it('reads its rows (78 in 4.0.126)', () => {
    expect(listed.length).toBeGreaterThanOrEqual(78);
  });

  it.each(listed)('%s has the same row here', (id, row) => {
    expect(asRow(id)).toEqual(row);
    expect(getModelCapabilities(id).isReasoningModel).toBe(row.reasoningEfforts !== undefined);
  });

  it.each([
    ['gpt-7', reasoning],
    ['gpt-5.9-nova', reasoning],
    ['o3', reasoning],
    ['o9-mini', reasoning],
    ['gpt-5-chat-preview', unknown],
    ['gpt-4-turbo', unknown],
    ['ft:gpt-4o:acme::abc', unknown],
    ['my-custom-model', unknown],
  ])('the unlisted %s gets the generic row', (id, row) => {
    expect(asRow(id)).toEqual(row);
  });

  it('a dated snapshot of a listed model has its row; a listed snapshot its own', () => {
    expect(asRow('gpt-5.4-2031-01-01')).toEqual(asRow('gpt-5.4'));
    expect(asRow('gpt-5-nano-2025-08-07').priorityProcessing).toBe(false);
    expect(asRow('gpt-5-nano').priorityProcessing).toBe(true);
  });
});
