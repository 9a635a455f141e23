import { generateText, type ModelMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { type MockSetup, startMock, wsMeta } from '../helpers/mock-provider';

let mock: MockSetup | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

describe('the HTTP fallback continues what the app names (previousResponseId)', () => {
  it('sends previous_response_id with the new messages, as @ai-sdk/openai does', async () => {
    mock = await startMock({ webSocket: null });
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'My name is Ada.' });
    // The app chains by hand: only the new message, and the response it continues.
    const second = await generateText({
      model,
      prompt: 'What is my name?',
      providerOptions: { openai: { previousResponseId: first.response.id } },
    });
    const [, record] = mock.server.requests;
    expect(record.transport).toBe('http');
    expect(record.previousResponseId).toBe(first.response.id);
    expect(record.parentSource).toBe('store');
    // The server ran on the whole conversation, not on the new message alone.
    expect(record.context).toHaveLength(3);
    expect(wsMeta(second.providerMetadata)).toMatchObject({
      transport: 'http',
      inputMode: 'delta',
      reason: 'websocket-unavailable',
    });
  });

  it('leaves it out when the prompt holds the whole history it continues', async () => {
    mock = await startMock({ webSocket: null });
    const model = mock.provider('gpt-4.1-mini');
    const first = await generateText({ model, prompt: 'Turn one' });
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Turn one' },
      ...first.responseMessages,
      { role: 'user', content: 'Turn two' },
    ];
    await generateText({
      model,
      messages,
      providerOptions: { openai: { previousResponseId: first.response.id } },
    });
    const [, record] = mock.server.requests;
    // Full input over HTTP: naming the parent too would give the server its history twice.
    expect(record.previousResponseId).toBeNull();
    expect(record.duplicates).toEqual([]);
    expect(record.context).toHaveLength(3);
  });
});
