/**
 * The request this package builds must be the request `@ai-sdk/openai` sends for the same call
 * (it is a drop-in replacement). Each call of the request corpus (test/parity/request-corpus.ts)
 * runs through both and compares input items and settings byte for byte (key order included)
 * and the warnings; test/parity/request-differential.test.ts checks the same calls' frames on
 * the wire. Deliberate differences are asserted explicitly at the end, each with the reason.
 */
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../src/model/request/build-request';
import type { CallOptions, FunctionTool, Message } from '../../src/types';
import { corpus, parallelHistory } from '../parity/request-corpus';
import { runUpstream } from './upstream-openai';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function compare(modelId: string, options: CallOptions) {
  const [upstream, ours] = await Promise.all([
    runUpstream(modelId, options),
    buildRequest({ modelId, options }),
  ]);
  const { input, previous_response_id, ...upstreamSettings } = upstream.body;
  expect(JSON.stringify(ours.input)).toBe(JSON.stringify(input));
  expect(JSON.stringify(ours.settings)).toBe(JSON.stringify(upstreamSettings));
  expect(ours.previousResponseId).toBe(previous_response_id);
  expect(ours.warnings).toEqual(upstream.warnings);
  return { upstream, ours };
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

const weatherTool: FunctionTool = {
  type: 'function',
  name: 'weather',
  description: 'Get the weather',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};
describe('the request corpus: same request as @ai-sdk/openai, key for key', () => {
  it.each(corpus)('$name ($modelId)', async ({ modelId, options, throws }) => {
    if (throws !== undefined) {
      const [upstream, ours] = await Promise.allSettled([
        runUpstream(modelId, options),
        buildRequest({ modelId, options }),
      ]);
      expect(upstream.status).toBe('rejected');
      expect(ours.status).toBe('rejected');
      const reason = (settled: PromiseSettledResult<unknown>) =>
        (settled as PromiseRejectedResult).reason as Error;
      expect(reason(ours).message).toBe(reason(upstream).message);
      expect(reason(ours).message).toContain(throws);
      expect(reason(ours).name).toBe(reason(upstream).name);
      return;
    }
    await compare(modelId, options);
  });
});

describe('the parallel wrapper', () => {
  it('is folded back into one call and one joined output when the server holds it', async () => {
    const { ours } = await compare('gpt-4o', {
      prompt: parallelHistory,
      tools: [weatherTool],
      providerOptions: { openai: { previousResponseId: 'r' } },
    });
    expect(ours.input.slice(1)).toEqual([
      { type: 'function_call', call_id: 'call_p', name: 'parallel', arguments: '{"tool_uses":[]}' },
      {
        type: 'function_call_output',
        call_id: 'call_p',
        output: [
          { type: 'input_text', text: '{"t":1}' },
          { type: 'input_text', text: '\nwarm', prompt_cache_breakpoint: { type: 'explicit' } },
        ],
      },
    ]);
  });
});

describe('deliberate differences from @ai-sdk/openai', () => {
  it('provider tools neither package knows are dropped with a warning (upstream drops them silently)', async () => {
    const options: CallOptions = {
      prompt: [user('x')],
      tools: [weatherTool, { type: 'provider', id: 'acme.thing', name: 't', args: {} }],
    };
    const [upstream, ours] = await Promise.all([
      runUpstream('gpt-4o', options),
      buildRequest({ modelId: 'gpt-4o', options }),
    ]);
    expect(ours.settings.tools).toEqual(upstream.body.tools);
    expect(upstream.warnings).toEqual([]);
    expect(ours.warnings).toEqual([
      { type: 'unsupported', feature: 'provider-defined tool acme.thing' },
    ]);
  });

  it('assistant file parts are skipped with a warning (upstream skips them silently)', async () => {
    const options: CallOptions = {
      prompt: [
        user('x'),
        {
          role: 'assistant',
          content: [{ type: 'file', data: PNG_BASE64, mediaType: 'image/png' }],
        },
      ],
    };
    const [upstream, ours] = await Promise.all([
      runUpstream('gpt-4o', options),
      buildRequest({ modelId: 'gpt-4o', options }),
    ]);
    expect(ours.input).toEqual(upstream.body.input);
    expect(upstream.warnings).toEqual([]);
    expect(ours.warnings).toEqual([
      { type: 'other', message: expect.stringContaining('assistant file parts') },
    ]);
  });

  it('a user-supplied previousResponseId is returned, not put into the settings', async () => {
    const options: CallOptions = {
      prompt: [user('x')],
      providerOptions: { openai: { previousResponseId: 'resp_9', conversationId: 'my-conv' } },
    };
    const ours = await buildRequest({ modelId: 'gpt-4o', options });
    // The turn planner decides previous_response_id itself; conversationId is this package's own.
    expect(ours.settings).not.toHaveProperty('previous_response_id');
    expect(ours.settings).not.toHaveProperty('conversation_id');
    expect(ours.previousResponseId).toBe('resp_9');
    expect(ours.conversationId).toBe('my-conv');
  });
});
