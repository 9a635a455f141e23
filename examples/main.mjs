// The product in one screen (`npm run example`): a tool loop of several steps, then a chat
// continued over separate calls. Each line is one model call: how it went over the wire, the
// bytes it sent, and the bytes it would have sent with the full history.
import { setup } from './_setup.mjs';
import { agentLoop } from './agent-loop.mjs';
import { chat } from './stream-text.mjs';

const backend = await setup();
try {
  console.log(
    `ai-sdk-openai-ws: OpenAI's Responses API over one WebSocket, using ${backend.where}.\n`,
  );
  await agentLoop(backend);
  console.log();
  await chat(backend);
  console.log(`\n${backend.summary()}`);
} finally {
  await backend.close();
}
