import { convertToModelMessages, stepCountIs, streamText, type UIMessage } from 'ai';
import { getBackend } from '../../../lib/backend';
import { INSTRUCTIONS, lookup } from '../../../lib/lookup-tool';
import { type ChatMetadata, toWireStep, type WireStep } from '../../../lib/wire-step';

// The provider holds pooled WebSockets opened with the `ws` package, which needs Node.js
// (an Authorization header on the upgrade request). Edge routes forward here instead.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type ChatRequest = { id?: unknown; messages?: unknown };

export async function POST(request: Request): Promise<Response> {
  const { id, messages } = (await request.json()) as ChatRequest;
  if (typeof id !== 'string' || !Array.isArray(messages)) {
    return Response.json({ error: 'expected { id, messages }' }, { status: 400 });
  }
  const backend = await getBackend();
  const uiMessages = messages as UIMessage<ChatMetadata>[];
  const steps: WireStep[] = [];

  const result = streamText({
    model: backend.provider(backend.modelId),
    instructions: INSTRUCTIONS,
    // useChat sends the whole conversation every time; the provider finds what the socket
    // already holds and sends only the new items.
    messages: await convertToModelMessages(uiMessages),
    tools: { lookup },
    stopWhen: stepCountIs(10),
    // The chat id keys the conversation explicitly. Without it the provider still recognises
    // the conversation from the response ids that the AI SDK carries in the messages' metadata.
    providerOptions: { openai: { conversationId: id } },
    abortSignal: request.signal,
  });

  return result.toUIMessageStreamResponse({
    // Per-step wire metadata goes to the browser as message metadata. It is resent whole at
    // each step because message metadata replaces arrays rather than appending to them.
    messageMetadata: ({ part }): ChatMetadata | undefined => {
      if (part.type !== 'finish-step') return undefined;
      const step = toWireStep(steps.length + 1, part.providerMetadata, part.finishReason);
      if (step) steps.push(step);
      return { steps: [...steps] };
    },
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });
}
