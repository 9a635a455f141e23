// Runs in one contender's own process (end-to-end section): an agent loop or a chat through
// ai@7's streamText (or, for the floor, the same workload by hand), each run on a freshly created
// provider so connection setup is inside the run. Wall time and process CPU cover the whole run,
// the same window for every contender.
import { cpuMicros, hrMs } from '../lib/clock.mjs';
import { agentPrompt, chatMessage } from '../lib/workload.mjs';
import { createAiSdkContender } from './ai-sdk.mjs';
import { runFloorChat, runFloorLoop } from './floor.mjs';

function workloadFor(contender, url) {
  if (contender === 'floor') {
    return {
      agentLoop: (toolCalls, run) => runFloorLoop(url, { userText: agentPrompt(toolCalls, run) }),
      chat: (turns, run) => runFloorChat(url, { turns, userText: (i) => chatMessage(i, run) }),
      close: async () => {},
    };
  }
  return createAiSdkContender(contender, url);
}

async function timed(contender, url, work) {
  const subject = await workloadFor(contender, url);
  const start = hrMs();
  const cpuStart = cpuMicros();
  let outcome;
  try {
    outcome = await work(subject);
  } finally {
    await subject.close();
  }
  const cpuUs = cpuMicros() - cpuStart;
  const end = hrMs();
  return {
    wallMs: end - start,
    cpuUs,
    text: outcome.text,
    steps: outcome.steps.map((s) => ({
      startHr: s.startHr,
      ttftMs: s.ttftMs,
      durationMs: s.durationMs,
      inputMode: s.metadata?.inputMode ?? null,
    })),
    window: [start, end],
  };
}

export const agentLoop = ({ contender, url, toolCalls, run }) =>
  timed(contender, url, (subject) => subject.agentLoop(toolCalls, run));

export const chat = ({ contender, url, turns, run }) =>
  timed(contender, url, (subject) => subject.chat(turns, run));

/**
 * Warm-up on the cost-free mock: the same code paths, without the waiting. Returns the client
 * CPU per step (ms) of each agent loop and per call of each chat, to show both curves flattening.
 */
export async function warmUp({ contender, url, agentLoops, toolCalls, chats, turns }) {
  const perCall = (done) => done.cpuUs / 1000 / done.steps.length;
  const agent = [];
  for (let i = 0; i < agentLoops; i++) {
    agent.push(perCall(await agentLoop({ contender, url, toolCalls, run: -i - 1 })));
  }
  const perChatCall = [];
  for (let i = 0; i < chats; i++) {
    perChatCall.push(perCall(await chat({ contender, url, turns, run: -i - 1 })));
  }
  return { agent, chat: perChatCall };
}
