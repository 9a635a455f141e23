// The product in one screen (`npm run example`): a tool loop of several steps, then a chat
// continued over separate calls. Each line is one model call: how it went over the wire, the
// bytes it sent, and the bytes it would have sent with the full history.
import { runWhenMain } from './_setup.mjs';
import { agentLoop } from './agent-loop.mjs';
import { chat } from './stream-text.mjs';

await runWhenMain(import.meta.url, agentLoop, chat);
