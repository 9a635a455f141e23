// End-to-end test of examples/next-app in a real browser:
//   node test/e2e/run.mjs
// Finds Chromium (CHROME_PATH, PATH, the usual places; installs Debian's with apt-get where
// none is found and apt-get exists), builds the library, installs and builds the app,
// starts the mock Responses server here (to read its records) and `next start` on 127.0.0.1,
// then drives chromium with playwright-core. E2E_SKIP_PREPARE=1 reuses the last builds.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser } from './browser.mjs';
import {
  readToolCalls,
  readWireSteps,
  sendChatMessage,
  TIMEOUT_MS,
  waitForAssistantAnswer,
} from './page-helpers.mjs';
import { buildApp, buildLibrary, findOrInstallChromium, installApp } from './prepare.mjs';
import { freePort, startProcess, stopwatch, waitForHttp } from './processes.mjs';
import { assertToolLoop, fullContextBytes, messageText } from './records.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const appDir = join(root, 'examples/next-app');
const outDir = join(root, 'test-output/e2e');
const { timings, timed } = stopwatch();
const pageErrors = [];
let server;
let next;
let browser;
let page;
let baseUrl;
let chromium;

before(async () => {
  await mkdir(outDir, { recursive: true });
  // The app must talk to our mock, never to OpenAI, whatever the caller's environment holds.
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  delete env.OPENAI_API_KEY;
  chromium = await timed('chromium', () => findOrInstallChromium({ outDir }));
  if (process.env.E2E_SKIP_PREPARE !== '1') {
    await timed('library build', () => buildLibrary({ root, outDir }));
    await timed('app npm ci', () => installApp({ appDir, outDir }));
    await timed('app next build', () => buildApp({ appDir, outDir, env }));
  }
  const { createMockResponsesServer } = await import(
    pathToFileURL(join(root, 'dist/testing.js')).href
  );
  server = await createMockResponsesServer();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  await timed('next start', async () => {
    next = startProcess(
      process.execPath,
      [
        join(appDir, 'node_modules/next/dist/bin/next'),
        'start',
        '-H',
        '127.0.0.1',
        '-p',
        String(port),
      ],
      {
        cwd: appDir,
        env: { ...env, MOCK_BASE_URL: server.url },
        logFile: join(outDir, 'next-start.log'),
      },
    );
    await waitForHttp(`${baseUrl}/`, { process: next });
  });
  browser = await timed('browser launch', () => launchBrowser(appDir, chromium));
  page = await browser.context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${baseUrl}/`);
});

after(async () => {
  await browser?.close();
  await next?.stop();
  await server?.close();
  console.log(`e2e timings (ms): ${JSON.stringify(timings)}`);
});

test('useChat against the Node route: two messages with tool steps, the second as deltas on the reused socket', async () => {
  const start = server.requests.length;
  await timed('chat message 1', async () => {
    await sendChatMessage(page, 'Find three facts about WebSockets #tools=3');
    await waitForAssistantAnswer(page, 0, 'Done after 3 tool calls.');
  });
  await timed('chat message 2', async () => {
    await sendChatMessage(page, 'Now three more facts about deltas #tools=3');
    await waitForAssistantAnswer(page, 1, 'Done after 3 tool calls.');
  });
  const answers = page.getByTestId('message-assistant');
  assert.equal(await answers.count(), 2);

  // What the user sees: tool steps and, per step, how the call went over the wire.
  assert.equal((await readToolCalls(answers.nth(0))).length, 3);
  assert.equal((await readToolCalls(answers.nth(1))).length, 3);
  const steps1 = await readWireSteps(answers.nth(0));
  const steps2 = await readWireSteps(answers.nth(1));
  assert.deepEqual(
    steps1.map((s) => s.inputMode),
    ['full', 'delta', 'delta', 'delta'],
  );
  assert.deepEqual(
    steps2.map((s) => s.inputMode),
    ['delta', 'delta', 'delta', 'delta'],
  );
  assert.ok([...steps1, ...steps2].every((s) => s.transport === 'websocket'));
  assert.ok(
    steps2.every((s) => s.socketReused),
    'message 2 used the socket of message 1',
  );

  // What the server received: message 1 is one tool loop, message 2 continues it.
  const records = server.requests.slice(start);
  assert.equal(records.length, 8);
  const [first, second] = [records.slice(0, 4), records.slice(4)];
  assertToolLoop(first, { steps: 4, label: 'message 1' });
  assertToolLoop(second, { steps: 4, label: 'message 2' });
  assert.equal(first[0].previousResponseId, null);
  const opening = second[0];
  assert.equal(opening.previousResponseId, first[3].responseId, 'message 2 chains from message 1');
  assert.equal(opening.parentSource, 'socket-cache');
  assert.equal(opening.socketId, first[3].socketId, 'message 2 went out on the same socket');
  assert.equal(opening.input.length, 1, 'message 2 sent only the new user message');
  assert.match(messageText(opening.input[0]), /three more facts about deltas #tools=3/);

  // The bytes the UI shows are the bytes the server received.
  assert.deepEqual(
    [...steps1, ...steps2].map((s) => s.requestBytes),
    records.map((r) => r.bytes),
  );
  const full = fullContextBytes(opening);
  assert.ok(opening.bytes < full, `delta ${opening.bytes} B < full context ${full} B`);
  console.log(
    `message 2 opening request: ${opening.bytes} bytes as a delta; the full context is ${full} bytes`,
  );
});

test('server action: generateText with tool steps', async () => {
  const start = server.requests.length;
  const section = page.getByTestId('agent-action');
  await section.getByLabel('Agent task').fill('Plan a trip in two lookups #tools=2');
  await section.getByRole('button', { name: 'Run agent' }).click();
  await section.getByTestId('agent-text').filter({ hasText: 'Done after 2 tool calls.' }).waitFor();
  const steps = await readWireSteps(section);
  assert.deepEqual(
    steps.map((s) => s.inputMode),
    ['full', 'delta', 'delta'],
  );
  const records = server.requests.slice(start);
  assertToolLoop(records, { steps: 3, label: 'server action' });
  assert.equal(records[0].previousResponseId, null, 'a new conversation starts with full input');
});

test('calling the provider in the edge runtime or in a browser gives a clear error', async () => {
  const start = server.requests.length;
  const section = page.getByTestId('runtime-checks');
  await section.getByRole('button', { name: 'Call the provider in the edge runtime' }).click();
  await section.getByRole('button', { name: 'Call the provider in this browser' }).click();
  const edge = section.getByTestId('edge-error');
  const browserError = section.getByTestId('browser-error');
  await edge.waitFor();
  await browserError.waitFor();
  assert.match(
    await edge.textContent(),
    /No WebSocket that can send an Authorization header is available in the edge runtime/,
  );
  assert.match(await edge.textContent(), /runtime = 'nodejs'/);
  assert.match(
    await browserError.textContent(),
    /No WebSocket that can send an Authorization header is available in a browser/,
  );
  assert.equal(server.requests.length, start, 'nothing reached the server');
  await page.screenshot({ path: join(outDir, 'next-app.png'), fullPage: true });
});

test('the edge route forwards to the Node route', async () => {
  const start = server.requests.length;
  await page.goto(`${baseUrl}/?via=edge`);
  const forwarded = page.waitForResponse((response) => response.url().endsWith('/api/edge-chat'));
  await sendChatMessage(page, 'Two facts through the edge route #tools=2');
  const response = await forwarded;
  assert.equal(response.headers()['x-served-via'], 'edge-to-node');
  const answer = await waitForAssistantAnswer(page, 0, 'Done after 2 tool calls.');
  const steps = await readWireSteps(answer);
  assert.deepEqual(
    steps.map((s) => s.inputMode),
    ['full', 'delta', 'delta'],
  );
  assertToolLoop(server.requests.slice(start), { steps: 3, label: 'edge chat' });
  await page.screenshot({ path: join(outDir, 'next-app-edge.png'), fullPage: true });
});

test('the browser saw no uncaught page errors', () => {
  assert.deepEqual(pageErrors, []);
});
