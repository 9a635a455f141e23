// One instance of a chat app, as a Next.js route handler runs it: `POST /api/chat` takes the
// useChat body (`{ id, messages }` plus `store`), converts the UI messages, streams the answer
// back as a UI message stream. Each step's wire metadata goes out as message metadata. Started
// by multi-instance.test.ts (bundled with tsup, run with `fork`): it reports its port over IPC.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { convertToModelMessages, stepCountIs, streamText, tool, type UIMessage } from 'ai';
import { z } from 'zod';
import { createOpenAIWebSocket, getWebSocketMetadata } from '../../../src/v4';

type ChatBody = { id: string; messages: UIMessage[]; store?: boolean };
export type InstanceStep = {
  instance: string;
  inputMode: string;
  reason: string;
  requestBytes: number;
};

const provider = createOpenAIWebSocket({
  baseURL: process.env.MOCK_BASE_URL,
  apiKey: process.env.MOCK_API_KEY,
});
const lookup = tool({
  description: 'Looks a step up',
  inputSchema: z.object({ step: z.number() }),
  execute: async ({ step }) => ({ step, value: `result ${step}` }),
});

async function readBody(request: IncomingMessage): Promise<ChatBody> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as ChatBody;
}

const server = createServer(async (request, response) => {
  const body = await readBody(request);
  const steps: InstanceStep[] = [];
  const result = streamText({
    model: provider('gpt-4.1-mini'),
    instructions: 'Answer briefly.',
    messages: await convertToModelMessages(body.messages),
    tools: { lookup },
    stopWhen: stepCountIs(10),
    providerOptions: { openai: body.store === false ? { store: false } : {} },
  });
  result.pipeUIMessageStreamToResponse(response, {
    messageMetadata: ({ part }) => {
      if (part.type !== 'finish-step') return undefined;
      const ws = getWebSocketMetadata(part);
      steps.push({
        instance: String(process.env.INSTANCE),
        inputMode: String(ws?.inputMode),
        reason: String(ws?.reason),
        requestBytes: Number(ws?.requestBytes),
      });
      return { steps: [...steps] };
    },
  });
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => {
  server.close();
  void provider.close();
});
