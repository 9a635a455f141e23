// Section 1: the four contenders on the same workloads and the same mock server (in a child
// process, cost model on). Every run starts cold: the server forgets its state and drops every
// connection, and each contender is created afresh and closed afterwards. Contenders take turns
// within each round, so drift in machine load spreads over all of them.
import { COST_MODEL, RUNS } from '../lib/config.mjs';
import { CONTENDERS, createContender } from '../lib/contenders.mjs';
import { progress, sectionMain, sleep } from '../lib/section.mjs';
import { startServer } from '../lib/server-client.mjs';
import { AGENT_WORKLOADS, CHAT_TURNS } from '../lib/workload.mjs';

const WORKLOADS = [
  ...AGENT_WORKLOADS.map((toolCalls) => ({
    id: `agent-${toolCalls}`,
    kind: 'agent',
    size: toolCalls,
  })),
  { id: `chat-${CHAT_TURNS}`, kind: 'chat', size: CHAT_TURNS },
];

function expectedText(workload, run) {
  return workload.kind === 'agent'
    ? `Done after ${workload.size} tool calls.`
    : `Echo: Run ${run}, message ${workload.size}:`;
}

async function runOnce(server, contenderId, workload, run) {
  await server.reset();
  // Let clients see the dropped connections before the run starts.
  await sleep(20);
  const contender = createContender(contenderId, server);
  let outcome;
  try {
    outcome =
      workload.kind === 'agent'
        ? await contender.agentLoop(workload.size, run)
        : await contender.chat(workload.size, run);
  } finally {
    await contender.close();
  }
  const stats = await server.stats();
  return {
    contender: contenderId,
    workload: workload.id,
    run,
    wallMs: outcome.wallMs,
    correct: outcome.text.startsWith(expectedText(workload, run)),
    steps: outcome.steps,
    requests: stats.requests,
    connections: stats.connections,
    bytesUp: stats.bytesUp,
    bytesDown: stats.bytesDown,
  };
}

sectionMain(async () => {
  const server = await startServer(COST_MODEL);
  const results = [];
  try {
    // Warm-up: JIT, module init and first-connection costs stay out of the measured runs.
    for (const { id } of CONTENDERS) {
      await runOnce(server, id, { id: 'warm-agent', kind: 'agent', size: 3 }, 0);
      await runOnce(server, id, { id: 'warm-chat', kind: 'chat', size: 3 }, 0);
    }
    for (let run = 1; run <= RUNS; run++) {
      for (const workload of WORKLOADS) {
        // Rotate the order each round so no contender always runs first.
        const order = CONTENDERS.map((_, i) => CONTENDERS[(i + run) % CONTENDERS.length].id);
        for (const id of order) results.push(await runOnce(server, id, workload, run));
      }
      progress(`end-to-end: round ${run}/${RUNS} done`);
    }
  } finally {
    await server.close();
  }
  return { workloads: WORKLOADS, results };
});
