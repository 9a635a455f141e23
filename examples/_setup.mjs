// Shared by the examples: a model against OpenAI when OPENAI_API_KEY is set, otherwise against
// the package's bundled mock server on 127.0.0.1 (no key, no network), and one printed line per
// model call. They run with this repository's `ai` (ai@7), so they import the entry native to
// it: `ai-sdk-openai-ws/v4` (for ai@6 it would be '/v3', for ai@5 the root entry).
import { pathToFileURL } from 'node:url';
import { wrapLanguageModel } from 'ai';
import { createMockResponsesServer, MOCK_API_KEY } from 'ai-sdk-openai-ws/testing';
import { createOpenAIWebSocket, getWebSocketMetadata } from 'ai-sdk-openai-ws/v4';

/**
 * Runs the example parts with one backend when the file at `url` is the script node was asked to
 * run (and not when another example imports it): a header, the parts, the totals.
 */
export async function runWhenMain(url, ...parts) {
  if (url !== pathToFileURL(process.argv[1]).href) return;
  const backend = await setup();
  try {
    console.log(
      `ai-sdk-openai-ws: OpenAI's Responses API over one WebSocket, using ${backend.where}.`,
    );
    for (const part of parts) {
      console.log();
      await part(backend);
    }
    console.log(`\n${backend.summary()}`);
  } finally {
    await backend.close();
  }
}

const COLUMNS = [
  ['', 7],
  ['transport', 9],
  ['input', 5],
  ['reason', 23],
  ['sent', 9],
  ['full history', 12],
];
const row = (cells) =>
  `  ${cells.map((cell, i) => (i >= 4 ? cell.padStart(COLUMNS[i][1]) : cell.padEnd(COLUMNS[i][1]))).join(' ')}`;
const bytes = (n) => `${n.toLocaleString('en-US')} B`;

/**
 * The backend of an example: `model()` (OpenAI's or the mock's), `line(label, step)` for a
 * finished step or call, and the totals. Each call also works out what it would have uploaded
 * with the whole history (see `fullHistoryMeter`), the number printed beside what it did send.
 */
export async function setup() {
  const mock = process.env.OPENAI_API_KEY ? undefined : await createMockResponsesServer();
  const provider = createOpenAIWebSocket(mock && { apiKey: MOCK_API_KEY, baseURL: mock.url });
  const modelId = (!mock && process.env.OPENAI_MODEL) || 'gpt-4.1-mini';
  const meter = fullHistoryMeter();
  const totals = { calls: 0, sent: 0, full: 0 };
  return {
    usesMock: mock !== undefined,
    where: mock
      ? `the bundled mock server at ${mock.url} (set OPENAI_API_KEY to use OpenAI)`
      : `OpenAI, model ${modelId}`,
    model: () => wrapLanguageModel({ model: provider(modelId), middleware: meter.middleware }),
    header: row(COLUMNS.map(([title]) => title)),
    line(label, step) {
      const ws = getWebSocketMetadata(step);
      const full = meter.next();
      if (!ws) return row([label, '(no websocket metadata)']);
      totals.calls += 1;
      totals.sent += ws.requestBytes;
      totals.full += full;
      const cells = [ws.transport, ws.inputMode, ws.reason, bytes(ws.requestBytes), bytes(full)];
      return row([label, ...cells]);
    },
    summary: () =>
      `${totals.calls} calls sent ${bytes(totals.sent)}; sending the full history each time would ` +
      `have been ${bytes(totals.full)} (${(totals.full / Math.max(1, totals.sent)).toFixed(1)}x).`,
    async close() {
      await provider.close();
      await meter.close();
      await mock?.close();
    },
  };
}

/**
 * What each call would have uploaded if no server held its history: the provider's own request
 * with the full input, as its HTTP transport (and `@ai-sdk/openai`) sends it. A second provider
 * builds that request for the same call options and hands it to a `fetch` that only measures
 * it, so nothing is sent anywhere and the call itself goes on unchanged.
 */
function fullHistoryMeter() {
  const sizes = [];
  const measuring = createOpenAIWebSocket({
    apiKey: 'never-sent',
    webSocket: null, // no socket: every call takes the HTTP way, with its full input
    fetch: async (_url, init) => {
      // The same body as a socket frame (`type` in, `stream` out), to compare like with like.
      const { stream, ...body } = JSON.parse(String(init?.body));
      sizes.push(Buffer.byteLength(JSON.stringify({ type: 'response.create', ...body })));
      return new Response('{"error":{"message":"measured, not sent"}}', { status: 418 });
    },
  });
  return {
    middleware: {
      specificationVersion: 'v4',
      async transformParams({ params, model }) {
        await measuring(model.modelId)
          .doStream(params)
          .catch(() => {});
        return params;
      },
    },
    next: () => sizes.shift() ?? 0,
    close: () => measuring.close(),
  };
}
