// Section: one chat served round robin by 2–4 app processes (a deployment of several instances
// behind a load balancer, no sticky sessions), this package vs @ai-sdk/openai over HTTP. Each
// process hosts a chat route; the section is the client and sends message k to process k mod P,
// with the whole history, as useChat does. Also: the client CPU a call spends when the instance
// must verify a digest (another instance produced the last answer) vs when it holds the chain.
// Self-contained: it renders its own Markdown (`result.markdown`); run.mjs appends it.
//
//   node bench/sections/multi-instance.mjs instance   (a chat process; started by the section)
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createOpenAI } from '@ai-sdk/openai';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { COST_MODEL, HISTORY_SIZES, RUNS } from '../lib/config.mjs';
import { importDist } from '../lib/dist.mjs';
import { syntheticHistory } from '../lib/model-loop.mjs';
import { progress, sectionMain } from '../lib/section.mjs';
import { startServer } from '../lib/server-client.mjs';
import { fixed, int, kb, median, ratio, sum, table } from '../lib/stats.mjs';
import { cpuMicros } from '../lib/step-timer.mjs';
import * as workload from '../lib/workload.mjs';

const PROCESS_COUNTS = [2, 3, 4];
const TURNS = 12;
const CONTENDERS = [
  { id: 'websocket', provider: 'websocket', label: 'ai-sdk-openai-ws' },
  { id: 'http', provider: 'http', label: '@ai-sdk/openai, HTTP, full history' },
  // Zero data retention: only the socket that holds a response can continue it.
  {
    id: 'websocket-zdr',
    provider: 'websocket',
    store: false,
    label: 'ai-sdk-openai-ws, store: false, round robin',
  },
  {
    id: 'websocket-zdr-sticky',
    provider: 'websocket',
    store: false,
    sticky: true,
    label: 'ai-sdk-openai-ws, store: false, sticky (one process per chat)',
  },
];
const { createOpenAIWebSocket } = await importDist('v4');

/**
 * Every third message asks for tool calls (2, 3, 4, 5 of them: distinct answers, so that the
 * mock's duplicate check never mistakes two equal answers for one item sent twice).
 */
const toolCalls = (turn) => (turn % 3 === 2 ? (turn + 1) / 3 + 1 : 0);
const message = (turn, run) =>
  `${workload.chatMessage(turn, run)}${toolCalls(turn) ? ` #tools=${toolCalls(turn)}` : ''}`;

const expectedAnswer = (turn, run) =>
  toolCalls(turn) ? `Done after ${toolCalls(turn)} tool calls.` : `Echo: ${message(turn, run)}`;
const MODEL_CALLS = Array.from({ length: TURNS }, (_, turn) => 1 + toolCalls(turn)).reduce(
  (a, b) => a + b,
);

function lookup() {
  return tool({
    description: workload.LOOKUP_DESCRIPTION,
    inputSchema: jsonSchema(workload.LOOKUP_SCHEMA),
    execute: async ({ step }) => workload.toolOutput(step),
  });
}

// ---------------------------------------------------------------------------------------------
// A chat process: POST / { messages } → { responseMessages, text }, one streamText per request.

async function runInstance() {
  const { CONTENDER, BASE_URL, STORE } = process.env;
  const ws = CONTENDER === 'websocket';
  const provider = ws
    ? createOpenAIWebSocket({ apiKey: 'test-key', baseURL: BASE_URL, transport: 'websocket' })
    : createOpenAI({ apiKey: 'test-key', baseURL: BASE_URL });
  const model = ws ? provider(workload.MODEL_ID) : provider.responses(workload.MODEL_ID);
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const result = streamText({
      model,
      instructions: workload.SYSTEM_PROMPT,
      messages: JSON.parse(body).messages,
      tools: { lookup: lookup() },
      stopWhen: stepCountIs(8),
      providerOptions: { openai: STORE === 'false' ? { store: false } : {} },
    });
    await result.consumeStream();
    const text = await result.text;
    response.end(JSON.stringify({ text, responseMessages: await result.responseMessages }));
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => {
    server.close();
    if (ws) void provider.close();
  });
}

function startInstance(contender, baseURL) {
  const child = fork(import.meta.filename, ['instance'], {
    env: {
      ...process.env,
      CONTENDER: contender.provider,
      STORE: String(contender.store ?? true),
      BASE_URL: baseURL,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolveStart, rejectStart) => {
    child.once('message', ({ port }) => resolveStart({ child, url: `http://127.0.0.1:${port}/` }));
    child.once('exit', (code) => rejectStart(new Error(`chat process exited (${code})`)));
  });
}

function stopInstance({ child }) {
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.disconnect();
  return exited;
}

/** One chat of TURNS messages over `processes` chat processes, started cold. */
async function runChat(server, contender, processes, run) {
  const route = (turn) => (contender.sticky ? 0 : turn % processes);
  await server.reset();
  const instances = await Promise.all(
    Array.from({ length: processes }, () => startInstance(contender, server.url)),
  );
  let history = [];
  let text = '';
  const started = performance.now();
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      history = [...history, { role: 'user', content: message(turn, run) }];
      const response = await fetch(instances[route(turn)].url, {
        method: 'POST',
        body: JSON.stringify({ messages: history }),
      });
      const answer = await response.json();
      history = [...history, ...answer.responseMessages];
      text = answer.text;
    }
  } finally {
    await Promise.all(instances.map(stopInstance));
  }
  const wallMs = performance.now() - started;
  const { requests } = await server.stats();
  return {
    contender: contender.id,
    processes,
    run,
    wallMs,
    correct: text === expectedAnswer(TURNS - 1, run),
    calls: requests.length,
    // Every call but the very first continues the conversation.
    hits: requests.slice(1).filter((r) => r.previousResponseId !== null).length,
    fromStore: requests.filter((r) => r.parentSource === 'store').length,
    requestBytes: sum(requests.map((r) => r.bytes)),
    duplicates: sum(requests.map((r) => r.duplicates)),
  };
}

// ---------------------------------------------------------------------------------------------
// Client CPU per call at the model level (no AI SDK, no chat process): one instance holding the
// chain vs two instances taking turns (each call verifies the other's digest, hashing only what
// came after its own last call), from a history of 10, 100 and 500 items.

async function callModel(model, prompt, tools) {
  const cpu = cpuMicros();
  const { stream } = await model.doStream({ prompt, tools });
  const calls = [];
  let websocket;
  for await (const part of stream) {
    if (part.type === 'tool-call') calls.push(part);
    if (part.type === 'error') throw part.error;
    if (part.type === 'finish') websocket = part.providerMetadata?.openai?.websocket;
  }
  return { cpuUs: cpuMicros() - cpu, calls, websocket };
}

async function verificationCost(server, items, instances) {
  const providers = Array.from({ length: instances }, (_, i) =>
    createOpenAIWebSocket({
      apiKey: 'test-key',
      baseURL: server.url,
      transport: 'websocket',
      pool: { maxSockets: 10 + i },
    }),
  );
  const tools = [
    {
      type: 'function',
      name: 'lookup',
      description: workload.LOOKUP_DESCRIPTION,
      inputSchema: workload.LOOKUP_SCHEMA,
    },
  ];
  let prompt = [
    { role: 'system', content: workload.SYSTEM_PROMPT },
    { role: 'user', content: [{ type: 'text', text: `Verification, ${items} items #tools=1000` }] },
    ...syntheticHistory(Math.max(0, Math.round((items - 2) / 2))),
  ];
  const steps = [];
  try {
    for (let step = 0; step < 12; step++) {
      const model = providers[step % instances](workload.MODEL_ID);
      const call = await callModel(model, prompt, tools);
      steps.push({ cpuUs: call.cpuUs, reason: call.websocket?.reason });
      const [part] = call.calls;
      prompt = [
        ...prompt,
        {
          role: 'assistant',
          content: [
            {
              type: 'tool-call',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: JSON.parse(part.input),
              providerOptions: part.providerMetadata,
            },
          ],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              output: { type: 'json', value: workload.toolOutput(step) },
            },
          ],
        },
      ];
    }
  } finally {
    for (const provider of providers) await provider.close();
  }
  // Skip the first calls: full input, then each instance's first (cold) call.
  const measured = steps.slice(instances + 1);
  return {
    items,
    instances,
    cpuMs: median(measured.map((s) => s.cpuUs / 1000)),
    reasons: [...new Set(measured.map((s) => s.reason))],
    // The second instance's first call verifies the whole history, from no chain at all.
    firstCall:
      instances > 1 ? { cpuMs: steps[1].cpuUs / 1000, reason: steps[1].reason } : undefined,
  };
}

// ---------------------------------------------------------------------------------------------

function render({ chats, cost, runs }) {
  const pick = (contender, processes) =>
    chats.filter((r) => r.contender === contender && r.processes === processes);
  const rows = [];
  for (const processes of PROCESS_COUNTS) {
    const httpWall = median(pick('http', processes).map((r) => r.wallMs));
    for (const { id, label } of CONTENDERS) {
      const results = pick(id, processes);
      const calls = sum(results.map((r) => r.calls));
      const hits = sum(results.map((r) => r.hits));
      const continuations = calls - results.length;
      const wall = median(results.map((r) => r.wallMs));
      rows.push([
        String(processes),
        label,
        `${fixed((hits / continuations) * 100, 1)} % (${hits} of ${continuations})`,
        String(sum(results.map((r) => r.fromStore))),
        int(sum(results.map((r) => r.requestBytes)) / (results.length * TURNS)),
        kb(median(results.map((r) => r.requestBytes))),
        `${fixed(wall / 1000, 2)} s`,
        ratio(httpWall, wall),
        `${results.filter((r) => r.correct).length}/${results.length}, ${sum(results.map((r) => r.duplicates))}`,
      ]);
    }
  }
  const costRows = HISTORY_SIZES.map((items) => {
    const one = cost.find((c) => c.items === items && c.instances === 1);
    const two = cost.find((c) => c.items === items && c.instances === 2);
    return [
      String(items),
      `${fixed(one.cpuMs, 2)} (${one.reasons.join(', ')})`,
      `${fixed(two.cpuMs, 2)} (${two.reasons.join(', ')})`,
      `${fixed(two.firstCall.cpuMs, 2)} (${two.firstCall.reason})`,
    ];
  });
  return [
    '## Several instances, no sticky sessions',
    '',
    `One chat of ${TURNS} messages (every third with tool calls, ${MODEL_CALLS} model calls in all) served round robin by 2–4 chat processes, each started cold: message k goes to process k mod P with the whole history, as useChat sends it. Runs per row: ${runs}. A continuation is a delta when it carries \`previous_response_id\`; "from the store" counts the deltas whose parent the server reloaded from storage (another process made it). Request bytes are the \`response.create\` frames or HTTP bodies the server received.`,
    '',
    table(
      [
        'processes',
        'contender',
        'delta hit rate',
        'deltas from the store',
        'request bytes / message (mean)',
        'request bytes / chat (median)',
        'end to end (median)',
        'speed-up vs HTTP',
        'right answers, duplicates',
      ],
      rows,
    ),
    '',
    "Client CPU per model call, driven at the model level without the AI SDK (median of the calls after warm-up; a single call for the last column), with the call's reason: one instance that holds the chain, vs two instances taking turns, where every call names a response the other instance made and is verified by its digest, hashing only the items added since the instance's own last call. The last column is a cold instance's first call, which converts and hashes the whole history once (it also opens its socket).",
    '',
    table(
      [
        'history items',
        'one instance (ms)',
        'two instances, alternating (ms)',
        "second instance's first call: verifies the whole history (ms)",
      ],
      costRows,
    ),
    '',
  ].join('\n');
}

async function main() {
  const server = await startServer(COST_MODEL);
  const runs = Math.min(RUNS, 3);
  const chats = [];
  const cost = [];
  try {
    for (const contender of CONTENDERS) await runChat(server, contender, 2, 0);
    for (let run = 1; run <= runs; run++) {
      for (const processes of PROCESS_COUNTS) {
        for (const contender of CONTENDERS) {
          chats.push(await runChat(server, contender, processes, run));
        }
      }
      progress(`multi-instance: round ${run}/${runs} done`);
    }
    for (const items of HISTORY_SIZES) {
      for (const instances of [1, 2]) {
        await server.reset();
        cost.push(await verificationCost(server, items, instances));
      }
    }
  } finally {
    await server.close();
  }
  return { chats, cost, markdown: render({ chats, cost, runs }) };
}

if (process.argv[2] === 'instance') await runInstance();
else sectionMain(main);
