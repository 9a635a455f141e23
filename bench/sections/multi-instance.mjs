// Several app instances, no sticky sessions (issue 13): one chat of 12 messages with tool steps
// served by 2, 3 or 4 app processes, as a deployment behind a round-robin load balancer serves
// it. Contenders: this package with store on (the API default), @ai-sdk/openai over HTTP (full
// history), and this package with `store: false`, round robin and sticky. Each instance is a
// client process of its own (contenders/multi-instance.mjs); the section plays the browser: it
// sends message k with the whole history to instance k mod P, as useChat does, and appends the
// answer. Also: the client CPU of a model call that must verify another instance's continuation
// digest, against one whose instance holds the chain.

import { pairsFor } from '../contenders/model-steps.mjs';
import { hrMs } from '../lib/clock.mjs';
import { MULTI_INSTANCE } from '../lib/config.mjs';
import { loopPrompt } from '../lib/model-loop.mjs';
import { renderMultiInstance, warmSteps } from '../lib/multi-instance-report.mjs';
import { continuationSources, countBy } from '../lib/request-records.mjs';
import { eachRun, sleep } from '../lib/section.mjs';
import { median } from '../lib/stats.mjs';
import { chatToolCalls, toolChatAnswer, toolChatMessage } from '../lib/workload.mjs';

const MODULE = 'multi-instance';
const { processes: PROCESS_COUNTS, turns: TURNS, maxSteps, warmUpChats, verify } = MULTI_INSTANCE;

export const CHAT_CONTENDERS = ['websocket', 'http-full', 'websocket-zdr', 'websocket-zdr-sticky'];
export const VERIFY_CONTENDERS = ['one-instance', 'two-instances'];
export const MODEL_CALLS = Array.from({ length: TURNS }, (_, t) => 1 + chatToolCalls(t)).reduce(
  (a, b) => a + b,
);

/** Which instance serves message `turn`: round robin, or always the first one (sticky). */
export const instanceFor = (turn, processes, sticky) => (sticky ? 0 : turn % processes);

/** One chat of TURNS messages over the first `processes` instances, each with a fresh provider. */
async function chat(clients, { contender, processes, url, run }) {
  const instances = clients.slice(0, processes);
  const sticky = contender === 'websocket-zdr-sticky';
  await Promise.all(instances.map((c) => c.run(MODULE, 'open', { contender, url })));
  let history = [];
  const answers = [];
  const start = hrMs();
  let end;
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      history = [...history, { role: 'user', content: toolChatMessage(turn, run) }];
      const instance = instances[instanceFor(turn, processes, sticky)];
      const answer = await instance.run(MODULE, 'turn', { messages: history, maxSteps });
      history = [...history, ...answer.responseMessages];
      answers.push(answer);
    }
    end = hrMs();
  } finally {
    await Promise.all(instances.map((c) => c.run(MODULE, 'close')));
  }
  return { answers, window: [start, end] };
}

/** One chat's record: what the instances said and what the server saw. */
function summariseChat({ answers, window }, { requests }, run) {
  const steps = answers.flatMap((a) => a.steps);
  const continuations = requests.length - 1;
  return {
    wallMs: window[1] - window[0],
    cpuUs: answers.reduce((n, a) => n + a.cpuUs, 0),
    correct: answers.at(-1)?.text === toolChatAnswer(TURNS - 1, run),
    calls: requests.length,
    sources: continuationSources(requests, continuations),
    requestBytes: requests.reduce((n, r) => n + r.bytes, 0),
    duplicates: requests.reduce((n, r) => n + r.duplicates, 0),
    completed: requests.every((r) => r.status === 'completed'),
    // Why this package sent a continuation in full, as the calls' metadata says.
    fullReasons: countBy(steps.slice(1).map((s) => (s.inputMode === 'full' ? s.reason : null))),
  };
}

async function measureChats(ctx, server) {
  return eachRun(
    ctx,
    CHAT_CONTENDERS,
    async ({ contender, run, clients }) => {
      const all = clients.length;
      // Warm-up: the same chat with the same routing on the cost-free mock (fast).
      const warmUp = [];
      for (let i = 0; i < warmUpChats; i++) {
        const done = await chat(clients, {
          contender,
          processes: all,
          url: server.warmUrl,
          run: -i - 1,
        });
        warmUp.push(done.window[1] - done.window[0]);
      }
      const chats = {};
      const windows = [];
      for (const processes of PROCESS_COUNTS) {
        await server.reset();
        // Let the client see the dropped connections (pooled HTTP keep-alive ones included).
        await sleep(50);
        const done = await chat(clients, { contender, processes, url: server.url, run });
        chats[processes] = summariseChat(done, await server.stats(), run);
        windows.push(done.window);
      }
      return { warmUp, chats, windows };
    },
    { processes: Math.max(...PROCESS_COUNTS), label: 'chats' },
  );
}

/** A tool loop at the model level from `verify.items` items, call i on instance i mod n. */
async function verifyLoop(clients, url, userText) {
  await Promise.all(clients.map((c) => c.run(MODULE, 'openModel', { url })));
  let prompt = loopPrompt(pairsFor(verify.items), userText);
  const steps = [];
  try {
    for (let i = 0; i < verify.steps; i++) {
      const instance = i % clients.length;
      const { messages, ...done } = await clients[instance].run(MODULE, 'step', { prompt });
      steps.push({ instance, ...done });
      prompt = [...prompt, ...messages];
    }
  } finally {
    await Promise.all(clients.map((c) => c.run(MODULE, 'closeModel')));
  }
  return steps;
}

async function measureVerification(ctx, server) {
  return eachRun(
    ctx,
    VERIFY_CONTENDERS,
    async ({ run, clients }) => {
      const n = clients.length;
      const warmUp = [];
      for (let i = 0; i < verify.warmUpLoops; i++) {
        const done = await verifyLoop(clients, server.warmUrl, `Warm-up ${i}. #tools=100000`);
        warmUp.push(median(warmSteps(done, n).map((s) => s.cpuUs)));
      }
      await server.reset();
      const steps = await verifyLoop(
        clients,
        server.url,
        `Verification run ${run}, ${verify.items} items. #tools=100000`,
      );
      const { requests } = await server.stats();
      return {
        instances: n,
        warmUp,
        steps: steps.map(({ window, ...s }) => s),
        duplicates: requests.reduce((m, r) => m + r.duplicates, 0),
        completed: requests.every((r) => r.status === 'completed'),
        windows: warmSteps(steps, n).map((s) => s.window),
      };
    },
    { processes: (contender) => (contender === 'two-instances' ? 2 : 1), label: 'verification' },
  );
}

export async function measure(ctx) {
  const server = await ctx.startServer({
    kind: 'mock',
    costModel: ctx.costModel,
    profile: 'loopback',
  });
  try {
    const chats = await measureChats(ctx, server);
    const verification = await measureVerification(ctx, server);
    return { config: MULTI_INSTANCE, modelCalls: MODEL_CALLS, chats, verification };
  } finally {
    await server.close();
  }
}

export const render = (result) => renderMultiInstance(result, { CHAT_CONTENDERS });

/** Issue 16 sets no target for this section; its figures are in its own tables. */
export const targets = () => [];
