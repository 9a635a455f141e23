import type { ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { httpErrorBody, type MockError, mockErrors, requestErrorEvent } from './mock-errors';

/**
 * Where the events of one request go. The request pipeline is transport-neutral; a sink turns
 * its events into WebSocket frames, SSE events, or one JSON body.
 */
export interface EventSink {
  readonly transport: 'websocket' | 'http';
  /** False once the peer is gone or the stream was cut. */
  isOpen(): boolean;
  /** Send one event; `raw` (a recorded line) is sent verbatim instead of re-serialising. */
  sendEvent(event: Record<string, unknown>, raw?: string): void;
  /** Send one frame/event that is not valid JSON. */
  sendMalformed(): void;
  /** Reject the request before any response exists. */
  sendRequestError(error: MockError): void;
  /** The response is over; `final` is the last `response` object (for non-streaming HTTP). */
  finish(final: Record<string, unknown> | null): void;
  /** Cut the stream: a clean close (WebSocket close frame, SSE end) or a TCP reset. */
  cut(mode: 'close' | 'terminate', closeCode: number): void;
}

const MALFORMED = '{"type":"response.output_text.delta","delta":"trunc';

/**
 * Frames of one lane of a socket. On a named lane (`streamId` a string) every event and error
 * echoes `stream_id`, so that a client reading several lanes can route them; a recorded line is
 * kept byte for byte with the field appended.
 */
export function webSocketSink(ws: WebSocket, streamId?: string): EventSink {
  const open = () => ws.readyState === ws.OPEN;
  const tag = streamId === undefined ? '' : `,"stream_id":${JSON.stringify(streamId)}}`;
  return {
    transport: 'websocket',
    isOpen: open,
    sendEvent: (event, raw) => {
      if (!open()) return;
      if (streamId === undefined) ws.send(raw ?? JSON.stringify(event));
      else if (raw !== undefined) ws.send(raw.trimEnd().replace(/\}$/, tag));
      else ws.send(JSON.stringify({ ...event, stream_id: streamId }));
    },
    sendMalformed: () => {
      if (open()) ws.send(MALFORMED);
    },
    sendRequestError: (error) => {
      if (open()) ws.send(JSON.stringify(requestErrorEvent(error, streamId)));
    },
    finish: () => {},
    cut: (mode, closeCode) => {
      if (mode === 'terminate') ws.terminate();
      else if (open()) ws.close(closeCode);
    },
  };
}

/** Whether a response can still be written: not ended, not destroyed, not cut, peer present. */
function httpOpen(res: ServerResponse): () => boolean {
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  return () => !closed && !res.writableEnded && !res.destroyed && res.socket?.writable !== false;
}

/** `stream: true`: `event: <type>\ndata: <json>\n\n` per event, as the real API streams. */
export function sseSink(res: ServerResponse): EventSink {
  const open = httpOpen(res);
  const start = () => {
    if (!res.headersSent) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
    }
  };
  return {
    transport: 'http',
    isOpen: open,
    sendEvent: (event, raw) => {
      if (!open()) return;
      start();
      res.write(`event: ${String(event.type)}\ndata: ${raw ?? JSON.stringify(event)}\n\n`);
    },
    sendMalformed: () => {
      if (!open()) return;
      start();
      res.write(`data: ${MALFORMED}\n\n`);
    },
    sendRequestError: (error) => sendHttpError(res, error),
    finish: () => {
      if (!open()) return;
      start();
      res.end();
    },
    cut: (mode) => cutHttp(res, mode),
  };
}

/** `stream` absent or false: one JSON body with the final response object. */
export function jsonSink(res: ServerResponse): EventSink {
  const open = httpOpen(res);
  return {
    transport: 'http',
    isOpen: open,
    sendEvent: () => {},
    sendMalformed: () => {
      if (!open()) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(MALFORMED);
    },
    sendRequestError: (error) => sendHttpError(res, error),
    finish: (final) => {
      if (!open()) return;
      const error = final?.error as { code?: unknown; message?: unknown } | null | undefined;
      if (final?.status === 'failed' && error) {
        // A non-streaming request that fails returns an HTTP error, not a failed response.
        sendHttpError(
          res,
          mockErrors.custom(String(error.code ?? 'server_error'), {
            message: String(error.message),
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(final ?? {}));
    },
    cut: (mode) => cutHttp(res, mode),
  };
}

export function sendHttpError(res: ServerResponse, error: MockError): void {
  if (res.writableEnded || res.destroyed) return;
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(error.status, { 'content-type': 'application/json', ...error.headers });
  res.end(JSON.stringify(httpErrorBody(error)));
}

function cutHttp(res: ServerResponse, mode: 'close' | 'terminate'): void {
  if (!res.headersSent) {
    // Nothing sent yet: drop the connection without any response.
    res.socket?.destroy();
    return;
  }
  if (mode === 'close') {
    // A clean end of the body: the stream simply stops before its terminal event.
    res.end();
    return;
  }
  // Flush what was written, then end the connection without the final chunk: the client sees
  // the body break off. (destroy() would discard the unflushed events.)
  res.socket?.end();
}
