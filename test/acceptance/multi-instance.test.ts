import { type ChildProcess, fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMockResponsesServer,
  MOCK_API_KEY,
  type MockResponsesServer,
} from '../../src/testing';
import { contextTexts } from '../helpers/instances';
import type { InstanceStep } from './multi-instance/chat-instance';

/*
 * One useChat conversation served by three Node processes behind a round-robin "proxy" (the test
 * sends message k to instance k mod 3), through the UI-message route a Next.js app uses:
 * toUIMessageStreamResponse → UI messages as the client keeps them → convertToModelMessages.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const OUT_DIR = join(ROOT, 'test-output/multi-instance');
const INSTANCES = 3;

type Instance = { child: ChildProcess; url: string; name: string };

let server: MockResponsesServer;
let instances: Instance[] = [];

async function startInstance(name: string): Promise<Instance> {
  const child = fork(join(OUT_DIR, 'chat-instance.js'), [], {
    env: { ...process.env, MOCK_BASE_URL: server.url, MOCK_API_KEY, INSTANCE: name },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolvePort, rejectPort) => {
    child.once('message', (message) => resolvePort((message as { port: number }).port));
    child.once('exit', (code) => rejectPort(new Error(`instance ${name} exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}/api/chat`, name };
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = new Promise((resolveExit) => instance.child.once('exit', resolveExit));
  instance.child.kill();
  await exited;
}

beforeAll(async () => {
  await build({
    entry: { 'chat-instance': join(ROOT, 'test/acceptance/multi-instance/chat-instance.ts') },
    outDir: OUT_DIR,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    skipNodeModulesBundle: true,
    silent: true,
    config: false,
    dts: false,
  });
  server = await createMockResponsesServer();
  instances = await Promise.all(
    Array.from({ length: INSTANCES }, (_, i) => startInstance(`instance-${i}`)),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  await server?.close();
});

type Metadata = { steps: InstanceStep[] };

/** One message sent as useChat sends it (its default transport), the answer read as it reads it. */
async function send(
  instance: Instance,
  chatId: string,
  messages: UIMessage<Metadata>[],
  store: boolean,
) {
  const transport = new DefaultChatTransport<UIMessage<Metadata>>({
    api: instance.url,
    body: { store },
  });
  const stream = await transport.sendMessages({
    chatId,
    messages,
    trigger: 'submit-message',
    messageId: undefined,
    abortSignal: undefined,
  });
  let answer: UIMessage<Metadata> | undefined;
  for await (const message of readUIMessageStream<UIMessage<Metadata>>({ stream }))
    answer = message;
  if (!answer) throw new Error('no answer');
  // The client keeps its messages as JSON (local storage, a database): only JSON survives.
  return JSON.parse(JSON.stringify(answer)) as UIMessage<Metadata>;
}

const QUESTIONS = [
  'Plan the trip #tools=2',
  'What about trains?',
  'Check the prices #tools=3',
  'And the hotels?',
  'Compare both #tools=1',
  'Thanks, summarise',
];
const ANSWERS = [
  'Done after 2 tool calls.',
  'Echo: What about trains?',
  'Done after 3 tool calls.',
  'Echo: And the hotels?',
  'Done after 1 tool calls.',
  'Echo: Thanks, summarise',
];

/** The conversation, round robin; returns the messages and the steps of each answer. */
async function converse(chatId: string, store: boolean, tag: string) {
  const messages: UIMessage<Metadata>[] = [];
  const steps: InstanceStep[][] = [];
  for (const [k, question] of QUESTIONS.entries()) {
    messages.push({
      id: `${chatId}-u${k}`,
      role: 'user',
      parts: [{ type: 'text', text: `${question} ${tag}` }],
    });
    const answer = await send(instances[k % INSTANCES], chatId, messages, store);
    messages.push(answer);
    steps.push(answer.metadata?.steps ?? []);
  }
  return { messages, steps };
}

/** The message texts the server must hold at the last call: instructions, then each turn. */
function conversationTexts(tag: string): string[] {
  const texts = ['Answer briefly.'];
  QUESTIONS.forEach((question, k) => {
    texts.push(`${question} ${tag}`);
    if (k < QUESTIONS.length - 1) texts.push(answerText(ANSWERS[k], tag));
  });
  return texts;
}

const answerText = (answer: string, tag: string) =>
  answer.startsWith('Echo: ') ? `${answer} ${tag}` : answer;

const textOf = (message: UIMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('one conversation served by three processes, round robin', () => {
  it('with store (the default): every call after the first is a delta, from the socket or the store', async () => {
    const first = server.requests.length;
    const { messages, steps } = await converse('chat-stored', true, '[stored]');

    expect(messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(
      ANSWERS.map((answer) => answerText(answer, '[stored]')),
    );
    expect(steps.map((turn) => turn.map((s) => s.instance))).toEqual(
      steps.map((turn, k) => turn.map(() => `instance-${k % INSTANCES}`)),
    );
    const reasons = steps.map((turn) => turn.map((s) => s.reason));
    expect(reasons).toEqual([
      ['new-conversation', 'continuation', 'continuation'],
      ['continuation-from-store'],
      ['continuation-from-store', 'continuation', 'continuation', 'continuation'],
      ['continuation-from-store'],
      ['continuation-from-store', 'continuation'],
      ['continuation-from-store'],
    ]);

    // The server's side: one linear chain, nothing sent twice, the whole conversation held.
    const records = server.requests.slice(first);
    expect(records).toHaveLength(reasons.flat().length);
    for (let i = 1; i < records.length; i++) {
      expect(records[i].previousResponseId).toBe(records[i - 1].responseId);
      expect(records[i].duplicates).toEqual([]);
    }
    expect(contextTexts(records[records.length - 1])).toEqual(conversationTexts('[stored]'));

    // A restart: a new process instead of instance 0, and the conversation goes on as a delta.
    await stopInstance(instances[0]);
    instances[0] = await startInstance('instance-0-restarted');
    messages.push({
      id: 'chat-stored-u6',
      role: 'user',
      parts: [{ type: 'text', text: 'One more [stored]' }],
    });
    const after = await send(instances[0], 'chat-stored', messages, true);
    expect(textOf(after)).toBe('Echo: One more [stored]');
    expect(after.metadata?.steps.map((s) => [s.instance, s.inputMode, s.reason])).toEqual([
      ['instance-0-restarted', 'delta', 'continuation-from-store'],
    ]);
    const last = server.requests[server.requests.length - 1];
    expect(last.previousResponseId).toBe(records[records.length - 1].responseId);
    expect(last.duplicates).toEqual([]);
  });

  it('with store: false: full input across processes, deltas within one', async () => {
    const first = server.requests.length;
    const { messages, steps } = await converse('chat-private', false, '[private]');

    expect(messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(
      ANSWERS.map((answer) => answerText(answer, '[private]')),
    );
    // A process that never held the conversation sends it in full. One that did continues its
    // own latest response, still on its socket, and sends everything after it.
    expect(steps.map((turn) => turn.map((s) => `${s.inputMode} ${s.reason}`))).toEqual([
      ['full new-conversation', 'delta continuation', 'delta continuation'],
      ['full not-stored'],
      ['full not-stored', 'delta continuation', 'delta continuation', 'delta continuation'],
      ['delta continuation'],
      ['delta continuation', 'delta continuation'],
      ['delta continuation'],
    ]);
    const records = server.requests.slice(first);
    const ownLatest = [3, 4, 8].map((i) => records[i - 1].responseId);
    expect([8, 9, 11].map((i) => records[i].previousResponseId)).toEqual(ownLatest);
    for (const record of records) {
      expect(record.duplicates).toEqual([]);
      expect(record.parentSource).not.toBe('store');
    }
    expect(contextTexts(records[records.length - 1])).toEqual(conversationTexts('[private]'));
  });
});
