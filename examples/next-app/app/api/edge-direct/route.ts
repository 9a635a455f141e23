import { generateText } from 'ai';
import { createOpenAIWebSocket } from 'ai-sdk-openai-ws/v4';

// What NOT to do, kept as a tested example: calling the provider inside the edge runtime. Edge
// has no WebSocket that can send an Authorization header, so the provider refuses with an error
// that says what to do. With transport 'auto' (the default) it would quietly use HTTP instead;
// 'websocket' makes the limitation visible.
export const runtime = 'edge';

export async function POST(): Promise<Response> {
  const provider = createOpenAIWebSocket({
    transport: 'websocket',
    // Never used: the provider refuses before any connection is attempted.
    apiKey: 'not-used-in-this-demo',
    baseURL: 'http://127.0.0.1:9/v1',
  });
  try {
    await generateText({
      model: provider('gpt-4.1-mini'),
      prompt: 'Hello from the edge',
      maxRetries: 0,
    });
    return Response.json({ ok: true, error: null });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return Response.json({ ok: false, runtime: 'edge', error: message });
  }
}
