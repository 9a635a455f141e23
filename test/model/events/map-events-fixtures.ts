/**
 * Shared by the map-events / collect-content tests: the recorded fixtures, our mapper, and
 * `@ai-sdk/openai`'s Responses model fed the same events (the reference we must match).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenAIResponsesLanguageModel } from '@ai-sdk/openai/internal';
import { expect } from 'vitest';
import { ResponseEventMapper } from '../../../src/model/events/map-events';
import type { FunctionTool, ProviderTool, StreamPart } from '../../../src/types';

export const fixtureDir = join(import.meta.dirname, '../../fixtures/openai-recorded');

export function fixtureFiles(): string[] {
  return readdirSync(fixtureDir)
    .filter((name) => name.endsWith('.chunks.txt'))
    .sort();
}

export type Event = Record<string, unknown> & { type: string };

/** The events of a fixture, one group per response (split at each response.created). */
export function loadResponses(file: string): Event[][] {
  const events = readFileSync(join(fixtureDir, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Event);
  const groups: Event[][] = [];
  for (const event of events) {
    if (event.type === 'response.created' || groups.length === 0) groups.push([]);
    groups[groups.length - 1].push(event);
  }
  return groups;
}

const fn = (name: string): FunctionTool => ({
  type: 'function',
  name,
  inputSchema: { type: 'object', properties: {}, additionalProperties: true },
});

/**
 * Tools declared for every fixture: the functions the recordings call, plus web search under a
 * caller-chosen name so the provider-tool name mapping is exercised.
 */
export const fixtureTools: Array<FunctionTool | ProviderTool> = [
  fn('get_weather'),
  fn('add'),
  fn('multiply'),
  fn('weather'),
  fn('cityAttractions'),
  { type: 'provider', id: 'openai.web_search', name: 'webSearch', args: {} },
];

/** `store` as the server echoed it in response.created (undefined when trimmed away). */
export function storeOf(events: Event[]): boolean | undefined {
  const created = events.find((event) => event.type === 'response.created');
  const store = (created?.response as { store?: unknown } | undefined)?.store;
  return typeof store === 'boolean' ? store : undefined;
}

/**
 * A fresh id sequence. Each side of a comparison gets its own, so both generate the same ids in
 * the same order (source ids, MCP approval call ids) exactly when they generate them alike.
 */
export const makeIds = () => {
  let counter = 0;
  return () => `id-${counter++}`;
};

export function runOurs(
  events: unknown[],
  options: Partial<ConstructorParameters<typeof ResponseEventMapper>[0]> = {},
): { parts: StreamPart[]; mapper: ResponseEventMapper } {
  const mapper = new ResponseEventMapper({
    providerOptionsName: 'openai',
    includeRawChunks: false,
    tools: fixtureTools,
    generateId: makeIds(),
    ...options,
  });
  const parts = events.flatMap((event) => mapper.map(event));
  parts.push(...mapper.end());
  return { parts, mapper };
}

function sseResponse(events: unknown[]): Response {
  const body = events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function jsonResponse(value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** `@ai-sdk/openai`'s Responses model answered by `response`, with the given id generator. */
function referenceModel(response: () => Response, generateId: () => string = makeIds()) {
  return new OpenAIResponsesLanguageModel('gpt-5', {
    provider: 'openai.responses',
    url: ({ path }) => `http://api.test/v1${path}`,
    headers: () => ({ authorization: 'Bearer k' }),
    fetch: async () => response(),
    generateId,
    fileIdPrefixes: ['file-'],
  });
}

type ReferenceOptions = { logprobs?: boolean; tools?: Array<FunctionTool | ProviderTool> };

function referenceCall(store: boolean | undefined, options: ReferenceOptions = {}) {
  return {
    prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }],
    includeRawChunks: false,
    // Our tool types are structurally the V4 ones.
    tools: (options.tools ?? fixtureTools) as never,
    providerOptions: {
      openai: {
        ...(store !== undefined && { store }),
        ...(options.logprobs && { logprobs: true }),
      },
    },
  };
}

/** `@ai-sdk/openai` doStream over the same events: its parts, or the error doStream threw. */
export async function runReference(
  events: unknown[],
  options: ReferenceOptions = {},
): Promise<
  | { parts: Array<Record<string, unknown>>; thrown?: undefined }
  | { parts?: undefined; thrown: unknown }
> {
  const model = referenceModel(() => sseResponse(events));
  try {
    const result = await model.doStream(referenceCall(storeOf(events as Event[]), options));
    const parts: Array<Record<string, unknown>> = [];
    const reader = result.stream.getReader();
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value as unknown as Record<string, unknown>);
    }
    return { parts };
  } catch (error) {
    return { thrown: error };
  }
}

/** `@ai-sdk/openai` doGenerate given a response object as the JSON body. */
export async function runReferenceGenerate(
  response: unknown,
  store: boolean | undefined,
  options: ReferenceOptions = {},
) {
  const model = referenceModel(() => jsonResponse(response));
  return model.doGenerate(referenceCall(store, options));
}

type Part = Record<string, unknown>;

/**
 * Brings @ai-sdk/openai's V4 parts to the V3 shape of our neutral parts. Every change is a
 * difference of spec, not of mapping:
 * - 'stream-start' is emitted by our model, not by the event mapper;
 * - `citations` on text-end are V4-only (the V4 adapter adds them from the annotations).
 * The finish reason 'interrupted' (no terminal event) is kept: the neutral type has it and the
 * V2/V3 adapters turn it into 'other'.
 */
export function normalizeReference(parts: Part[]): Part[] {
  return parts
    .filter((part) => part.type !== 'stream-start')
    .map((part) => {
      const { citations: _citations, ...rest } = part;
      return rest;
    });
}

/** Source ids are generated on both sides; their value is not part of the mapping. */
function withoutGeneratedIds(part: Part): Part {
  return part.type === 'source' ? { ...part, id: '<generated>' } : part;
}

/** Every metadata key @ai-sdk/openai sets is present with the same value; ours may add keys. */
function expectMetadataSuperset(ours: unknown, reference: unknown, where: string) {
  if (reference === undefined) return;
  const oursByProvider = (ours ?? {}) as Record<string, Record<string, unknown>>;
  for (const [provider, values] of Object.entries(
    reference as Record<string, Record<string, unknown>>,
  )) {
    for (const [key, value] of Object.entries(values)) {
      expect(
        oursByProvider[provider]?.[key],
        `${where}: providerMetadata.${provider}.${key}`,
      ).toEqual(value);
    }
  }
}

export function compareParts(ours: StreamPart[], referenceParts: Part[], label: string) {
  const reference = normalizeReference(referenceParts);
  expect(
    ours.map((part) => part.type),
    `${label}: part types`,
  ).toEqual(reference.map((part) => part.type));
  for (const [index, referencePart] of reference.entries()) {
    const { providerMetadata: ourMetadata, ...ourRest } = withoutGeneratedIds(ours[index] as Part);
    const { providerMetadata: referenceMetadata, ...referenceRest } =
      withoutGeneratedIds(referencePart);
    const where = `${label} #${index} ${String(referencePart.type)}`;
    expect(ourRest, where).toEqual(referenceRest);
    expectMetadataSuperset(ourMetadata, referenceMetadata, where);
  }
}
