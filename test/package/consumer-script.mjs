// Runs inside a temporary app that installed the packed tarball from npm's point of view, with
// its own `ai` major: a tool loop and a replay against the bundled mock server, the CommonJS
// builds required, and a summary printed as JSON for test/package/run.mjs to check.
//   ENTRY=ai-sdk-openai-ws/v4 AI_MAJOR=7 node consumer-script.mjs
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { generateText, stepCountIs, tool } from 'ai';
import { createMockResponsesServer, MOCK_API_KEY } from 'ai-sdk-openai-ws/testing';
import { z } from 'zod';

const entry = process.env.ENTRY;
const { createOpenAIWebSocket, getWebSocketMetadata } = await import(entry);

const server = await createMockResponsesServer();
const provider = createOpenAIWebSocket({ apiKey: MOCK_API_KEY, baseURL: server.url });
try {
  const lookup = tool({
    description: 'Looks a step up',
    inputSchema: z.object({ step: z.number() }),
    execute: async ({ step }) => ({ step, value: `result ${step}` }),
  });
  const loop = await generateText({
    model: provider('gpt-4.1-mini'),
    prompt: 'Collect three results. #tools=3',
    tools: { lookup },
    stopWhen: stepCountIs(8),
  });
  const records = server.requests.map((r) => ({
    transport: r.transport,
    previousResponseId: r.previousResponseId,
    duplicates: r.duplicates.length,
  }));

  // A recording that ships with /testing, by name: hosted web search with citations. The tool is
  // declared as each major declares provider tools (what @ai-sdk/openai's helper returns there).
  const webSearch =
    process.env.AI_MAJOR === '5'
      ? { type: 'provider-defined', id: 'openai.web_search', name: 'web_search', args: {} }
      : { type: 'provider', id: 'openai.web_search', args: {} };
  server.enqueue({ replay: 'openai-web-search-tool.1' });
  const replayed = await generateText({
    model: provider('gpt-5-mini'),
    prompt: 'What is new?',
    tools: { web_search: webSearch },
  });

  // The CommonJS builds of the same entries, as `require` sees them.
  const require = createRequire(import.meta.url);
  const cjs = require(entry);
  const cjsTesting = require('ai-sdk-openai-ws/testing');
  assert.equal(typeof cjs.createOpenAIWebSocket, 'function');
  assert.equal(typeof cjs.getWebSocketMetadata, 'function');
  const cjsServer = await cjsTesting.createMockResponsesServer();
  cjsServer.enqueue({ replay: 'openai-error.1' }); // a bundled recording, found from CommonJS
  await cjsServer.close();

  console.log(
    JSON.stringify({
      text: loop.text,
      steps: loop.steps.map((step) => getWebSocketMetadata(step)),
      records,
      replayedSources: replayed.sources.length,
      specificationVersion: provider('gpt-4.1-mini').specificationVersion,
    }),
  );
} finally {
  await provider.close();
  await server.close();
}
