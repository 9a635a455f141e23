// A Responses endpoint that answers every request with the same long text stream, paced: the
// events leave at a fixed rate, each in its own write, so that each reaches the client in its own
// socket read (the way a real model's tokens arrive). WebSocket mode (one frame per event) and
// HTTP + SSE (one `event:`/`data:` block per event) send the same frames. The rate comes from the
// request itself: `#rate=<events per second>` anywhere in it (0 or absent: as fast as it can).
//
// Sub-millisecond gaps cannot come from timers (they fire on whole milliseconds), so a gap
// shorter than 2 ms is waited out with `Atomics.wait`, which blocks this process without burning
// CPU. This process serves one stream at a time, so blocking it delays nothing else.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
const nowMs = () => performance.now();

function rateOf(text) {
  const match = /#rate=(\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

/**
 * Sends `frames` one per macrotask, the i-th no earlier than `i / rate` seconds after the first.
 * Just before the last one goes out, `onLast` gets the achieved rate (events per second between
 * the first and the last send): a client that reacts to the last event finds it recorded.
 */
function pace(frames, rate, send, onLast) {
  const interval = rate > 0 ? 1000 / rate : 0;
  const t0 = nowMs();
  let i = 0;
  const step = () => {
    const wait = t0 + i * interval - nowMs();
    if (wait > 2) {
      setTimeout(step, wait - 1);
      return;
    }
    if (wait > 0) Atomics.wait(sleepCell, 0, 0, wait);
    if (i === frames.length - 1) {
      const span = nowMs() - t0;
      onLast(span > 0 ? (i * 1000) / span : Number.POSITIVE_INFINITY);
    }
    send(frames[i], i);
    i++;
    // Yield, so this write is flushed on its own before the next one is made.
    if (i < frames.length) setImmediate(step);
  };
  step();
}

/**
 * @param {{ framesFor(id: string): string[] }} stream from `buildPacedStream`
 * @returns {Promise<{ url: string, wsUrl: string, stats(): object, close(): Promise<void> }>}
 */
export async function createPacedServer(stream) {
  let responses = 0;
  const achieved = [];
  const types = stream.framesFor('resp_types').map((frame) => JSON.parse(frame).type);
  /** Streams the frames through `send`; `end` runs after the last one. */
  const serve = (requestText, send, end = () => {}) => {
    responses++;
    const rate = rateOf(requestText);
    const frames = stream.framesFor(`resp_paced_${responses}`);
    pace(
      frames,
      rate,
      (frame, i) => {
        send(frame, i);
        if (i === frames.length - 1) end();
      },
      (rateAchieved) => achieved.push({ rate, achieved: rateAchieved }),
    );
  };

  const http = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url.endsWith('/responses')) {
      res.writeHead(404).end();
      return;
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      res.flushHeaders();
      serve(
        Buffer.concat(chunks).toString('utf8'),
        (frame, i) => res.write(`event: ${types[i]}\ndata: ${frame}\n\n`),
        () => res.end(),
      );
    });
  });
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  http.on('upgrade', (req, socket, head) => {
    if (!req.url.endsWith('/responses')) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => {
        serve(data.toString('utf8'), (frame) => ws.send(frame));
      });
    });
  });
  await new Promise((resolveListen) => http.listen(0, '127.0.0.1', resolveListen));
  const { port } = http.address();
  return {
    url: `http://127.0.0.1:${port}/v1`,
    wsUrl: `ws://127.0.0.1:${port}/v1/responses`,
    stats: () => ({ responses, achieved: [...achieved] }),
    reset: () => {
      achieved.length = 0;
    },
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      http.closeAllConnections();
      await new Promise((resolveClose) => http.close(resolveClose));
    },
  };
}
