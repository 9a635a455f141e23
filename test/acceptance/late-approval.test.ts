/**
 * An MCP approval answered late, on the same instance: the app leaves the request open, the
 * conversation goes on, and the answer comes after a later response. Whether the delta that
 * carries it also references the request depends on what the server holds: a response that
 * continued the asking one by delta holds its request, one that went out in full does not (the
 * AI SDK drops approval requests from the prompt, so a full input never carries them).
 */
import { generateText, type ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import type { MockRequestRecord } from '../../src/testing';
import { useInstances } from '../helpers/instances';
import { approvalRequest, approvalTools } from '../helpers/mcp-approvals';
import { wsMeta } from '../helpers/mock-provider';

const setup = useInstances();
const { records } = setup;

/** The ids of the approval requests in the context a request ran on. */
const heldRequests = (record: MockRequestRecord) =>
  record.context.flatMap((item) => {
    const { type, id } = item as { type?: string; id?: string };
    return type === 'mcp_approval_request' ? [id] : [];
  });

const answer = (approvalId: string): ModelMessage =>
  ({
    role: 'tool',
    content: [
      { type: 'tool-approval-response', approvalId, approved: false, providerExecuted: true },
    ],
  }) as ModelMessage;

/**
 * Asks for an approval, lets the app send another message before answering it (with `between`
 * as that call's options), then answers it with the same options. Returns the answer's call.
 */
async function answerLate(between: { providerOptions?: { openai: { truncation: 'auto' } } }) {
  setup.server.enqueue({ toolCalls: [approvalRequest] });
  const model = setup.instance()('gpt-5');
  const tools = approvalTools();
  const messages: ModelMessage[] = [{ role: 'user', content: 'Shorten https://ai-sdk.dev' }];
  const asking = await generateText({ model, messages, tools });
  const asked = asking.content.find((part) => part.type === 'tool-approval-request');
  const approvalId = (asked as { approvalId: string }).approvalId;
  messages.push(...asking.responseMessages, { role: 'user', content: 'Any other ideas?' });
  const later = await generateText({ model, messages, tools, ...between });
  setup.server.enqueue({ text: 'I did not create the link.' });
  messages.push(...later.responseMessages, answer(approvalId));
  const answered = await generateText({ model, messages, tools, ...between });
  expect(answered.text).toBe('I did not create the link.');
  return { approvalId, later, answered };
}

describe('an MCP approval answered after a later response, on the same instance', () => {
  it('after a delta: the server holds the request, the answer goes without a reference', async () => {
    const { approvalId, later, answered } = await answerLate({});
    expect(wsMeta(later.providerMetadata)).toMatchObject({ inputMode: 'delta' });
    expect(wsMeta(answered.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation',
    });
    const all = records();
    expect(all).toHaveLength(3);
    expect(all[2].previousResponseId).toBe(all[1].responseId);
    expect(all[2].input).toEqual([
      { type: 'mcp_approval_response', approval_request_id: approvalId, approve: false },
    ]);
    expect(all[2].duplicates).toEqual([]);
    // The server holds the request once: the asking response's own output.
    expect(heldRequests(all[2])).toEqual([approvalId]);
  });

  it('after a response in full: the server lacks the request, the answer references it', async () => {
    // Other context settings send the later call in full; the answer continues it by delta.
    const { approvalId, later, answered } = await answerLate({
      providerOptions: { openai: { truncation: 'auto' } },
    });
    expect(wsMeta(later.providerMetadata)).toMatchObject({
      inputMode: 'full',
      reason: 'settings-changed',
    });
    expect(wsMeta(answered.providerMetadata)).toMatchObject({
      inputMode: 'delta',
      reason: 'continuation',
    });
    const all = records();
    expect(all).toHaveLength(3);
    expect(heldRequests(all[1])).toEqual([]);
    expect(all[2].previousResponseId).toBe(all[1].responseId);
    expect(all[2].input).toEqual([
      { type: 'item_reference', id: approvalId },
      { type: 'mcp_approval_response', approval_request_id: approvalId, approve: false },
    ]);
    expect(all[2].duplicates).toEqual([]);
    expect(heldRequests(all[2])).toEqual([approvalId]);
  });
});
