import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { collectContent } from '../../../src/model/events/collect-content';
import { generateParts } from '../../../src/model/events/generate-parts';
import type { Content, StreamPart } from '../../../src/types';
import { recordedTools } from '../../helpers/recorded-tools';
import {
  type Event,
  fixtureFiles,
  loadResponses,
  makeIds,
  runOurs,
  runReferenceGenerate,
  storeOf,
} from './map-events-fixtures';

type Item = Record<string, unknown>;

const completedCases = fixtureFiles().flatMap((file) =>
  loadResponses(file)
    .map((events, index) => ({
      file,
      index,
      events,
      terminal: events.at(-1) as Event,
      tools: recordedTools(file, events),
    }))
    .filter((c) => c.terminal.type === 'response.completed'),
);

/**
 * What our doGenerate collects for a finished response: the replay of its terminal event's
 * output (generate-parts.ts), or the streamed parts when the terminal event holds no output.
 */
function oursForGenerate(
  events: Event[],
  terminal: Event,
  tools: ReturnType<typeof recordedTools>,
) {
  const options = { providerOptionsName: 'openai', includeRawChunks: false, tools };
  const replayed = generateParts({ ...options, generateId: makeIds() }, terminal);
  return collectContent(replayed ?? runOurs(events, { tools }).parts);
}

describe('doGenerate content matches @ai-sdk/openai doGenerate for the same response', () => {
  it('has cases', () => {
    expect(completedCases.length).toBeGreaterThanOrEqual(36);
  });

  it.each(completedCases)('$file (response $index)', async ({ file, events, terminal, tools }) => {
    const ours = oursForGenerate(events, terminal, tools);
    const theirs = await runReferenceGenerate(terminal.response, storeOf(events), { tools });
    expect(ours.error).toBeUndefined();

    if (file.startsWith('issue-19067')) {
      // Hand-written fixture whose response.completed has `output: []`: doGenerate sees no
      // items, while the stream delivered the wrapper, expanded into two calls.
      expect(theirs.content).toEqual([]);
      expect(ours.content.map((part) => part.type)).toEqual(['tool-call', 'tool-call']);
      return;
    }

    // Text citations are V4-only: the V4 adapter adds them from the annotations.
    const reference = (theirs.content as unknown as Item[]).map(
      ({ citations: _citations, ...part }) => part,
    );
    expect(ours.content.map((part) => part.type)).toEqual(reference.map((part) => part.type));

    for (const [index, theirPart] of reference.entries()) {
      const ourPart = ours.content[index] as Content & Item;
      const { providerMetadata: ourMeta, ...ourRest } = ourPart as Item;
      const { providerMetadata: theirMeta, ...theirRest } = theirPart;
      if (ourRest.type === 'source') {
        ourRest.id = theirRest.id; // generated on both sides
      }
      expect(ourRest, `${file} #${index}`).toEqual(theirRest);

      const ourOpenai = (ourMeta as Record<string, Item> | undefined)?.openai ?? {};
      for (const [key, value] of Object.entries(
        (theirMeta as Record<string, Item> | undefined)?.openai ?? {},
      )) {
        expect(ourOpenai[key], `${file} #${index} ${key}`).toEqual(value);
      }
      if (['text', 'reasoning', 'tool-call'].includes(ourRest.type as string)) {
        expect(ourOpenai.responseId).toBe((terminal.response as Item).id);
      }
    }

    expect(ours.finishReason).toEqual(theirs.finishReason);
    expect(ours.usage).toEqual(theirs.usage);
    expect(ours.response).toEqual({
      id: theirs.response?.id,
      timestamp: theirs.response?.timestamp,
      modelId: theirs.response?.modelId,
    });
    for (const [key, value] of Object.entries(theirs.providerMetadata?.openai ?? {})) {
      expect(ours.providerMetadata?.openai?.[key], key).toEqual(value);
    }
  });
});

describe('collectContent', () => {
  const meta = (values: Record<string, unknown>) => ({ openai: values });

  it('joins deltas per block, in start order, and merges start and end metadata', () => {
    const parts: StreamPart[] = [
      { type: 'response-metadata', id: 'resp_1', modelId: 'm' },
      {
        type: 'reasoning-start',
        id: 'rs:0',
        providerMetadata: meta({ itemId: 'rs', reasoningEncryptedContent: 'old' }),
      },
      {
        type: 'text-start',
        id: 'msg',
        providerMetadata: meta({ itemId: 'msg', phase: 'final_answer' }),
      },
      { type: 'reasoning-delta', id: 'rs:0', delta: 'th' },
      { type: 'text-delta', id: 'msg', delta: 'Hel' },
      { type: 'reasoning-delta', id: 'rs:0', delta: 'ink' },
      { type: 'reasoning-end', id: 'rs:0', providerMetadata: meta({ itemId: 'rs' }) },
      {
        type: 'reasoning-start',
        id: 'rs:1',
        providerMetadata: meta({ itemId: 'rs', reasoningEncryptedContent: 'old' }),
      },
      {
        type: 'reasoning-end',
        id: 'rs:1',
        providerMetadata: meta({ itemId: 'rs', reasoningEncryptedContent: 'final' }),
      },
      { type: 'text-delta', id: 'msg', delta: 'lo' },
      { type: 'text-end', id: 'msg', providerMetadata: meta({ itemId: 'msg', annotations: [] }) },
      {
        type: 'finish',
        finishReason: { unified: 'stop', raw: undefined },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: undefined },
          outputTokens: { total: 2, text: 2, reasoning: 0 },
        },
        providerMetadata: meta({ responseId: 'resp_1' }),
      },
    ];
    const before = JSON.stringify(parts);
    const result = collectContent(parts);
    expect(result.content).toEqual([
      {
        type: 'reasoning',
        text: 'think',
        providerMetadata: meta({ itemId: 'rs', reasoningEncryptedContent: 'final' }),
      },
      {
        type: 'text',
        text: 'Hello',
        providerMetadata: meta({ itemId: 'msg', phase: 'final_answer', annotations: [] }),
      },
      // Every block of a reasoning item gets the item's final encrypted content.
      {
        type: 'reasoning',
        text: '',
        providerMetadata: meta({ itemId: 'rs', reasoningEncryptedContent: 'final' }),
      },
    ]);
    expect(result.finishReason).toEqual({ unified: 'stop', raw: undefined });
    expect(result.usage.outputTokens.total).toBe(2);
    expect(result.providerMetadata).toEqual(meta({ responseId: 'resp_1' }));
    expect(result.response).toEqual({ id: 'resp_1', modelId: 'm' });
    expect(result.error).toBeUndefined();
    // The emitted parts are left untouched.
    expect(JSON.stringify(parts)).toBe(before);
  });

  it('reports the first error part and an unknown finish when the stream had none', () => {
    const first = new APICallError({ message: 'a', url: 'u', requestBodyValues: {} });
    const result = collectContent([
      { type: 'error', error: first },
      { type: 'error', error: new Error('b') },
    ]);
    expect(result.error).toBe(first);
    expect(result.finishReason).toEqual({ unified: 'other', raw: undefined });
    expect(result.usage.inputTokens.total).toBeUndefined();
    expect(result.providerMetadata).toBeUndefined();
    expect(result.content).toEqual([]);
  });

  it('keeps tool calls, results, approval requests and sources in stream order', () => {
    const parts: StreamPart[] = [
      { type: 'tool-input-start', id: 'c1', toolName: 't' },
      { type: 'tool-input-delta', id: 'c1', delta: '{}' },
      { type: 'tool-input-end', id: 'c1' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 't', input: '{}' },
      { type: 'tool-result', toolCallId: 'c1', toolName: 't', result: { ok: true } },
      { type: 'source', sourceType: 'url', id: 's', url: 'https://x' },
      { type: 'tool-approval-request', approvalId: 'a', toolCallId: 'c1' },
    ];
    expect(collectContent(parts).content).toEqual(parts.slice(3));
  });

  it('the error of a failed response comes back as `error`', () => {
    const [events] = loadResponses('openai-response-failed-only.1.chunks.txt');
    const result = collectContent(runOurs(events).parts);
    expect(APICallError.isInstance(result.error)).toBe(true);
    expect(result.finishReason.unified).toBe('error');
    expect(result.response.id).toBe('resp_test_failed_001');
  });
});
