import { InvalidArgumentError, UnsupportedFunctionalityError } from '@ai-sdk/provider';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { convertPrompt } from '../../src/convert/convert-prompt';
import type { JsonValue, Message, Prompt } from '../../src/types';

type Args = Parameters<typeof convertPrompt>[0];

function convert(prompt: Prompt, overrides: Partial<Args> = {}) {
  return convertPrompt({
    prompt,
    systemMessageMode: 'system',
    store: true,
    isReasoningModel: false,
    providerOptionsName: 'openai',
    ...overrides,
  });
}

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

afterEach(() => {
  vi.restoreAllMocks();
});

/** One message of every kind this converter handles, in a plausible conversation order. */
function everyKindOfMessage(): Message[] {
  return [
    { role: 'system', content: 'sys' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'file', data: 'aGVsbG8=', mediaType: 'image/png' },
        { type: 'file', data: new URL('https://x.test/a.pdf'), mediaType: 'application/pdf' },
        { type: 'file', data: 'file-abc', mediaType: 'application/pdf' },
      ],
    },
    {
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'r1',
          providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'e1' } },
        },
        {
          type: 'reasoning',
          text: 'r2',
          providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'e2' } },
        },
        { type: 'text', text: 'calling', providerOptions: { openai: { itemId: 'msg_1' } } },
        {
          type: 'tool-call',
          toolCallId: 'call_1',
          toolName: 'f',
          input: { a: 1 },
          providerOptions: { openai: { itemId: 'fc_1' } },
        },
        {
          type: 'tool-call',
          toolCallId: 'ws_1',
          toolName: 'web',
          input: {},
          providerExecuted: true,
          providerOptions: { openai: { itemId: 'ws_1' } },
        },
        {
          type: 'tool-result',
          toolCallId: 'ws_1',
          toolName: 'web',
          output: { type: 'json', value: {} },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call_1',
          toolName: 'f',
          output: { type: 'json', value: { ok: true } },
        },
        { type: 'tool-approval-response', approvalId: 'ap', approved: true },
      ],
    },
    {
      role: 'assistant',
      content: [{ type: 'text', text: 'done', providerOptions: { openai: { itemId: 'msg_2' } } }],
    },
    user('next'),
  ];
}

const variants: Array<Partial<Args>> = [
  { store: true, isReasoningModel: false },
  { store: true, isReasoningModel: true, systemMessageMode: 'developer' },
  { store: false, isReasoningModel: true, systemMessageMode: 'remove' },
  { store: false, isReasoningModel: false },
];

describe('convertPrompt properties', () => {
  it.each(variants)('is deterministic (%o)', async (variant) => {
    const messages = everyKindOfMessage();
    const first = await convert(messages, variant);
    const second = await convert(messages, variant);
    const fresh = await convert(everyKindOfMessage(), variant);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(JSON.stringify(fresh)).toBe(JSON.stringify(first));
    expect(first.input.length).toBeGreaterThan(4);
  });

  it.each(variants)('is prefix-stable for every message kind (%o)', async (variant) => {
    const messages = everyKindOfMessage();
    let previous = await convert([], variant);
    for (let n = 1; n <= messages.length; n++) {
      const current = await convert(messages.slice(0, n), variant);
      const prefix = current.input.slice(0, previous.input.length);
      expect(JSON.stringify(prefix)).toBe(JSON.stringify(previous.input));
      previous = current;
    }
  });

  it('is prefix-stable across a tool loop and a chat turn', async () => {
    const history: Message[] = [user('weather?')];
    const step1 = await convert(history, { isReasoningModel: true });
    const toolStep: Message[] = [
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'weather',
            output: { type: 'text', value: 'cold' },
          },
        ],
      },
    ];
    const step2 = await convert([...history, ...toolStep], { isReasoningModel: true });
    expect(step2.input.slice(0, step1.input.length)).toEqual(step1.input);
    expect(step2.input.slice(step1.input.length)).toEqual([
      { type: 'function_call', call_id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' },
      { type: 'function_call_output', call_id: 'c1', output: 'cold' },
    ]);
    const chat: Message[] = [
      { role: 'assistant', content: [{ type: 'text', text: 'It is cold.' }] },
      user('thanks'),
    ];
    const step3 = await convert([...history, ...toolStep, ...chat], { isReasoningModel: true });
    expect(step3.input.slice(0, step2.input.length)).toEqual(step2.input);
    expect(step3.input.slice(step2.input.length)).toEqual([
      { role: 'assistant', content: 'It is cold.' },
      { role: 'user', content: [{ type: 'input_text', text: 'thanks' }] },
    ]);
  });

  it('serialises json tool outputs and tool inputs once per value object', async () => {
    let serialisations = 0;
    // toJSON runs each time JSON.stringify meets the object: it counts serialisations.
    const rows = Array.from({ length: 1000 }, (_, i) => i);
    const big = {
      rows,
      toJSON() {
        serialisations++;
        return { rows };
      },
    } as unknown as JsonValue;
    let inputSerialisations = 0;
    const input = {
      toJSON: () => {
        inputSerialisations++;
        return { q: 1 };
      },
    };
    const prompt: Message[] = [
      user('x'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: { type: 'json', value: big },
          },
          {
            type: 'tool-result',
            toolCallId: 'd',
            toolName: 't',
            output: { type: 'error-json', value: big },
          },
        ],
      },
    ];
    const first = await convert(prompt);
    const second = await convert([...prompt, user('more')]);
    expect(serialisations).toBe(2); // once as json, once wrapped as { error }
    expect(inputSerialisations).toBe(1);
    expect(second.input.slice(0, first.input.length)).toEqual(first.input);
    expect(first.input[2]).toEqual({
      type: 'function_call_output',
      call_id: 'c',
      output: JSON.stringify({ rows }),
    });
  });

  it('encodes file bytes once per Uint8Array', async () => {
    const from = vi.spyOn(Buffer, 'from');
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const prompt: Message[] = [
      { role: 'user', content: [{ type: 'file', data: bytes, mediaType: 'image/png' }] },
    ];
    const first = await convert(prompt);
    const callsAfterFirst = from.mock.calls.length;
    const second = await convert(prompt);
    expect(from.mock.calls.length).toBe(callsAfterFirst);
    expect(second).toEqual(first);
    expect(first.input[0]).toEqual({
      role: 'user',
      content: [
        {
          type: 'input_image',
          image_url: `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`,
        },
      ],
    });
  });
});

describe('convertPrompt items', () => {
  it('keeps each text leaf as given', async () => {
    const text = 'x'.repeat(10_000);
    const { input } = await convert([{ role: 'system', content: text }, user(text)]);
    expect(input[0].content).toBe(text);
    expect((input[1].content as Array<{ text: string }>)[0].text).toBe(text);
  });

  it('references stored assistant text, on reasoning models only after its reasoning', async () => {
    const message: Message = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'a', providerOptions: { openai: { itemId: 'msg_1' } } },
        { type: 'reasoning', text: 'r', providerOptions: { openai: { itemId: 'rs_1' } } },
        { type: 'text', text: 'b', providerOptions: { openai: { itemId: 'msg_2' } } },
        { type: 'text', text: 'b2', providerOptions: { openai: { itemId: 'msg_2' } } },
      ],
    };
    expect((await convert([message], { isReasoningModel: true })).input).toEqual([
      { role: 'assistant', content: 'a' },
      { type: 'item_reference', id: 'rs_1' },
      { type: 'item_reference', id: 'msg_2' },
    ]);
    expect((await convert([message], { isReasoningModel: false })).input).toEqual([
      { type: 'item_reference', id: 'msg_1' },
      { type: 'item_reference', id: 'rs_1' },
      { type: 'item_reference', id: 'msg_2' },
    ]);
  });

  it('merges reasoning parts of one item; without store sends them in full', async () => {
    const message: Message = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'one', providerOptions: { openai: { itemId: 'rs_1' } } },
        {
          type: 'reasoning',
          text: 'two',
          providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } },
        },
        { type: 'reasoning', text: 'lost', providerOptions: { openai: { itemId: 'rs_2' } } },
      ],
    };
    const { input, warnings } = await convert([message], { store: false, isReasoningModel: true });
    expect(input).toEqual([
      {
        type: 'reasoning',
        id: 'rs_1',
        encrypted_content: 'enc',
        summary: [
          { type: 'summary_text', text: 'one' },
          { type: 'summary_text', text: 'two' },
        ],
      },
    ]);
    expect(warnings).toEqual([
      { type: 'other', message: expect.stringContaining('without encrypted content') },
    ]);
  });

  it('skips reasoning without an item id or encrypted content, with a warning', async () => {
    const { input, warnings } = await convert([
      { role: 'assistant', content: [{ type: 'reasoning', text: 'foreign' }] },
    ]);
    expect(input).toEqual([]);
    expect(warnings[0]).toEqual({
      type: 'other',
      message: expect.stringContaining('Non-OpenAI reasoning parts are not supported'),
    });
  });

  it('rejects invalid reasoning provider options', async () => {
    const prompt: Message[] = [
      {
        role: 'assistant',
        content: [{ type: 'reasoning', text: 'r', providerOptions: { openai: { itemId: 42 } } }],
      },
    ];
    await expect(convert(prompt)).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('serialises tool call arguments like @ai-sdk/openai', async () => {
    const call = (input: unknown) =>
      convert([
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input }],
        },
      ]).then(({ input: items }) => items[0].arguments);
    expect(await call('{"a": 1}')).toBe('{"a": 1}');
    expect(await call('plain')).toBe('"plain"');
    expect(await call(undefined)).toBe('{}');
    expect(await call({ n: 10n })).toBe('{"n":"10"}');
  });

  it('sends provider-executed calls and results only by reference when stored', async () => {
    const message: Message = {
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'ci_1',
          toolName: 'code',
          input: {},
          providerExecuted: true,
          providerOptions: { openai: { itemId: 'ci_1' } },
        },
        {
          type: 'tool-result',
          toolCallId: 'ci_1',
          toolName: 'code',
          output: { type: 'json', value: { out: 1 } },
        },
      ],
    };
    expect((await convert([message])).input).toEqual([
      { type: 'item_reference', id: 'ci_1' },
      { type: 'item_reference', id: 'ci_1' },
    ]);
    const unstored = await convert([message], { store: false });
    expect(unstored.input).toEqual([]);
    expect(unstored.warnings).toEqual([
      {
        type: 'other',
        message: 'Results for OpenAI tool code are not sent to the API when store is false',
      },
    ]);
  });

  it('converts content tool outputs and warns about unknown entries', async () => {
    const { input, warnings } = await convert([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: {
              type: 'content',
              value: [
                { type: 'media', data: 'aGk=', mediaType: 'text/plain' },
                { type: 'image-file-id', fileId: { openai: 'file-img' } },
                { type: 'file-id', fileId: 'file-doc' },
                { type: 'file-url', url: 'https://x.test/a.png', mediaType: 'image/png' },
                { type: 'custom', data: 1 },
              ],
            },
          },
        ],
      },
    ]);
    expect(input[0].output).toEqual([
      { type: 'input_file', filename: 'data', file_data: 'data:text/plain;base64,aGk=' },
      { type: 'input_image', file_id: 'file-img' },
      { type: 'input_file', file_id: 'file-doc' },
      { type: 'input_image', image_url: 'https://x.test/a.png' },
    ]);
    expect(warnings).toEqual([
      { type: 'other', message: 'unsupported tool content part type: custom' },
    ]);
  });

  it('sends stored compaction items by reference, unstored in full', async () => {
    const part = {
      type: 'custom',
      kind: 'openai.compaction',
      providerOptions: { openai: { itemId: 'cmp_1', encryptedContent: 'ENC' } },
    };
    const prompt = [{ role: 'assistant', content: [part] }] as unknown as Prompt;
    expect((await convert(prompt)).input).toEqual([{ type: 'item_reference', id: 'cmp_1' }]);
    expect((await convert(prompt, { store: false })).input).toEqual([
      { type: 'compaction', id: 'cmp_1', encrypted_content: 'ENC' },
    ]);
  });

  it('throws clear errors for what it cannot send', async () => {
    const file = (mediaType: string, data: string | URL = 'aGk='): Message => ({
      role: 'user',
      content: [{ type: 'file', data, mediaType }],
    });
    await expect(convert([file('text/csv')])).rejects.toThrow(UnsupportedFunctionalityError);
    await expect(convert([file('text/csv')])).rejects.toThrow('file part media type text/csv');
    await expect(convert([file('image/*', 'AAAA')])).rejects.toThrow('could not be auto-detected');
    await expect(
      convert([{ role: 'user', content: [{ type: 'audio' }] } as unknown as Message]),
    ).rejects.toThrow(UnsupportedFunctionalityError);
    const update: Message = {
      role: 'system',
      content: '',
      providerOptions: { openai: { reasoningEffortUpdate: 'low' } },
    };
    await expect(
      convert([update], { configurationUpdateUnsupportedReason: 'not on this model' }),
    ).rejects.toThrow('not on this model');
    await expect(convert([{ ...update, content: 'text' }])).rejects.toThrow(
      'Message-level reasoningEffortUpdate requires empty system message content.',
    );
    const unknownPart = await convert([
      { role: 'assistant', content: [{ type: 'source' }] } as unknown as Message,
    ]);
    expect(unknownPart.warnings).toEqual([
      { type: 'other', message: 'unsupported assistant content part type: source' },
    ]);
  });

  it('reads part options under the given provider name', async () => {
    const { input } = await convert(
      [
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              text: 'a',
              providerOptions: { azure: { itemId: 'msg_1' }, openai: { itemId: 'msg_x' } },
            },
          ],
        },
      ],
      { providerOptionsName: 'azure' },
    );
    expect(input).toEqual([{ type: 'item_reference', id: 'msg_1' }]);
  });
});
