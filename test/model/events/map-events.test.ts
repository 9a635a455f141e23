import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import type { StreamPart } from '../../../src/types';
import { recordedTools } from '../../helpers/recorded-tools';
import {
  compareParts,
  type Event,
  fixtureFiles,
  loadResponses,
  runOurs,
  runReference,
} from './map-events-fixtures';

const cases = fixtureFiles().flatMap((file) =>
  loadResponses(file).map((events, index) => ({
    file,
    index,
    events,
    tools: recordedTools(file, events),
  })),
);

describe('ResponseEventMapper matches @ai-sdk/openai on every recorded fixture', () => {
  it('covers every fixture file', () => {
    expect(new Set(cases.map((c) => c.file)).size).toBe(39);
    expect(cases).toHaveLength(43);
  });

  it('the comparison itself detects a changed delta and a missing metadata key', async () => {
    const [events] = loadResponses('openai-issue-14428-denied-tool-approval.chunks.txt');
    const reference = await runReference(events);
    const changed = runOurs(events).parts.map((part) =>
      part.type === 'text-delta' ? { ...part, delta: `${part.delta}!` } : part,
    );
    expect(() => compareParts(changed, reference.parts ?? [], 'changed')).toThrow();
    const stripped = runOurs(events).parts.map((part) =>
      part.type === 'text-end' ? { ...part, providerMetadata: { openai: {} } } : part,
    );
    expect(() => compareParts(stripped, reference.parts ?? [], 'stripped')).toThrow();
  });

  it.each(cases)('$file (response $index)', async ({ file, index, events, tools }) => {
    const { parts: ours, mapper } = runOurs(events, { tools });
    const reference = await runReference(events, { tools });
    const label = `${file}[${index}]`;

    if (reference.thrown !== undefined) {
      // @ai-sdk/openai throws from doStream when the failure comes before any output; a
      // stream mapper cannot throw, so we yield the same APICallError as the one error part,
      // then the finish part.
      expect(APICallError.isInstance(reference.thrown), label).toBe(true);
      const thrown = reference.thrown as APICallError;
      const errors = ours.filter((part) => part.type === 'error');
      expect(errors, label).toHaveLength(1);
      const error = (errors[0] as { error: APICallError }).error;
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error.message).toBe(thrown.message);
      expect(error.statusCode).toBe(thrown.statusCode);
      expect(error.isRetryable).toBe(thrown.isRetryable);
      expect(ours.at(-1)?.type).toBe('finish');
      expect((ours.at(-1) as { finishReason: { unified: string } }).finishReason.unified).toBe(
        'error',
      );
      return;
    }

    expect(reference.parts, label).toBeDefined();
    compareParts(ours, reference.parts ?? [], label);
    expect(mapper.finished || file.includes('8562')).toBe(true);
  });
});

describe('additions of this package', () => {
  it.each(cases)(
    'every text, reasoning and tool-call part and the finish carry responseId ($file $index)',
    ({ events }) => {
      const { parts, mapper } = runOurs(events);
      const responseId = (events.find((e) => e.type === 'response.created') as Event | undefined)
        ?.response as { id: string } | undefined;
      const carrying = parts.filter((part) =>
        [
          'text-start',
          'text-end',
          'reasoning-start',
          'reasoning-end',
          'tool-call',
          'finish',
        ].includes(part.type),
      );
      for (const part of carrying) {
        const metadata = (part as { providerMetadata?: Record<string, Record<string, unknown>> })
          .providerMetadata;
        // The finish reports null without a response id, as @ai-sdk/openai does.
        const expected = part.type === 'finish' ? (responseId?.id ?? null) : responseId?.id;
        expect(metadata?.openai?.responseId, part.type).toBe(expected);
        expect(mapper.responseId).toBe(responseId?.id);
      }
    },
  );

  it('gives text and reasoning parts and client tool calls their item id', () => {
    const [events] = loadResponses('openai-reasoning-encrypted-content.1.chunks.txt');
    const { parts } = runOurs(events);
    const call = parts.find((part) => part.type === 'tool-call') as {
      providerMetadata: Record<string, Record<string, unknown>>;
    };
    expect(call.providerMetadata.openai).toMatchObject({
      itemId: expect.stringMatching(/^fc_/),
      responseId: expect.stringMatching(/^resp_/),
    });
    const reasoningEnd = parts.find((part) => part.type === 'reasoning-end') as {
      providerMetadata: Record<string, Record<string, unknown>>;
    };
    expect(reasoningEnd.providerMetadata.openai).toMatchObject({
      itemId: expect.stringMatching(/^rs_/),
      responseId: expect.stringMatching(/^resp_/),
    });
  });

  it('gives a reasoning end the final encrypted_content of output_item.done, not the one of .added', () => {
    const [events] = loadResponses('openai-reasoning-encrypted-content-gpt-5-4-split.1.chunks.txt');
    const added = events.find((e) => e.type === 'response.output_item.added') as unknown as {
      item: { encrypted_content: string };
    };
    const done = events.find((e) => e.type === 'response.output_item.done') as unknown as {
      item: { encrypted_content: string };
    };
    expect(added.item.encrypted_content).not.toBe(done.item.encrypted_content);
    const { parts } = runOurs(events);
    const ends = parts.filter((part) => part.type === 'reasoning-end') as Array<{
      providerMetadata: Record<string, Record<string, unknown>>;
    }>;
    expect(ends.at(-1)?.providerMetadata.openai.reasoningEncryptedContent).toBe(
      done.item.encrypted_content,
    );
  });

  it('puts responseId, serviceTier and usage on the finish part', () => {
    const [events] = loadResponses('issue-19493-gpt-5.1-tool-call.chunks.txt');
    const { parts } = runOurs(events);
    const finish = parts.at(-1) as Extract<StreamPart, { type: 'finish' }>;
    expect(finish.type).toBe('finish');
    expect(finish.finishReason).toEqual({ unified: 'tool-calls', raw: undefined });
    expect(finish.providerMetadata?.openai).toMatchObject({
      responseId: expect.stringMatching(/^resp_/),
      serviceTier: 'default',
    });
    expect(finish.usage.inputTokens.total).toBeGreaterThan(0);
  });
});
