import type { IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import { withoutSecrets } from '../util/secret-headers';
import { type RefusalBody, readRefusalBody } from './refusal-body';

/**
 * A WebSocket constructor that can send headers on the upgrade request: the `ws` package, or a
 * WHATWG-style one that accepts `{ headers }` as its second argument (Node 22's global).
 */
export type WebSocketConstructor = new (
  url: string,
  // `ws` takes an options object; WHATWG constructors declare `protocols` here but Node 22's
  // accepts `{ headers }` too. `any` lets both be passed without a cast.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  options?: any,
) => unknown;

type SocketListener = {
  /** The upgrade succeeded; `headers` are its response headers (only `ws` gives them). */
  open(headers: Record<string, string> | undefined): void;
  message(text: string): void;
  /**
   * The upgrade was answered with a non-101 HTTP status (only `ws` can tell which), with these
   * response headers, secrets removed (they travel with the error), and this body, still being
   * read: the socket stays up until the listener terminates it.
   */
  rejected(status: number, headers: Record<string, string>, body: RefusalBody): void;
  close(code: number, reason: string): void;
  error(error: Error): void;
  pong(): void;
};

/**
 * One uniform face over `ws` and WHATWG sockets, so the connection logic is written once.
 * `ws` gives more (upgrade status, ping/pong, unref); WHATWG sockets degrade gracefully.
 */
export interface SocketHandle {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  /** Drop the TCP connection at once (no closing handshake). */
  terminate(): void;
  /** Sends a ping; false when the socket kind has no ping. */
  ping(): boolean;
  /** Whether the socket keeps the Node.js process alive. */
  setRef(ref: boolean): void;
}

export type OpenSocketOptions = {
  url: string;
  headers: Record<string, string>;
  webSocket: WebSocketConstructor | undefined;
  /** Largest incoming message accepted. */
  maxPayload: number;
  listener: SocketListener;
};

export function openSocket(options: OpenSocketOptions): SocketHandle {
  const ctor = options.webSocket ?? (WebSocket as unknown as WebSocketConstructor);
  if (ctor === (WebSocket as unknown as WebSocketConstructor)) return openWs(options);
  return openWhatwg(ctor, options);
}

function openWs({ url, headers, maxPayload, listener }: OpenSocketOptions): SocketHandle {
  const socket = new WebSocket(url, {
    headers,
    // A credentialed socket must never follow a redirect to another host.
    followRedirects: false,
    perMessageDeflate: false,
    maxPayload,
  });
  // Set before anything else can fire: an unsolicited server error on an idle socket must
  // never become an unhandled 'error' event (it would crash the process).
  let refused = false;
  // After a refusal, errors are those of reading its body (or of the terminate that ends it):
  // the refusal is the failure to report, with whatever body came.
  socket.on('error', (error) => {
    if (!refused) listener.error(error);
  });
  socket.on('unexpected-response', (_request, response) => {
    refused = true;
    const headers = withoutSecrets(flatHeaders(response.headers));
    listener.rejected(response.statusCode ?? 0, headers, readRefusalBody(response));
  });
  let upgradeHeaders: Record<string, string> | undefined;
  // 'upgrade' comes just before 'open', with the 101 response.
  socket.on('upgrade', (response) => {
    upgradeHeaders = flatHeaders(response.headers);
  });
  socket.on('open', () => listener.open(upgradeHeaders));
  socket.on('message', (data, isBinary) => {
    if (isBinary) return listener.error(new Error('unexpected binary frame'));
    listener.message(typeof data === 'string' ? data : data.toString());
  });
  socket.on('close', (code, reason) => {
    if (!refused) listener.close(code, reason.toString());
  });
  socket.on('pong', () => listener.pong());

  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    terminate: () => socket.terminate(),
    ping: () => {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.ping();
      return true;
    },
    setRef: (ref) => {
      // `_socket` is the net.Socket underneath; it exists once the upgrade succeeded.
      const tcp = (socket as unknown as { _socket?: { ref(): void; unref(): void } })._socket;
      if (tcp) ref ? tcp.ref() : tcp.unref();
    },
  };
}

/** Node's response headers as one string per name. */
function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

type WhatwgSocket = {
  readyState: number;
  send(text: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: unknown) => void): void;
};

function openWhatwg(ctor: WebSocketConstructor, options: OpenSocketOptions): SocketHandle {
  const { url, headers, listener } = options;
  const socket = new ctor(url, { headers }) as WhatwgSocket;
  socket.addEventListener('open', () => listener.open(undefined));
  socket.addEventListener('message', (event) => {
    const data = (event as { data: unknown }).data;
    if (typeof data === 'string') listener.message(data);
    else listener.error(new Error('unexpected binary frame'));
  });
  socket.addEventListener('error', (event) => {
    const error = (event as { error?: unknown }).error;
    listener.error(error instanceof Error ? error : new Error('WebSocket error'));
  });
  socket.addEventListener('close', (event) => {
    const { code, reason } = event as { code?: number; reason?: string };
    listener.close(code ?? 1006, reason ?? '');
  });

  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    // WHATWG sockets have no abrupt close; a normal close is the closest we can do.
    terminate: () => {
      try {
        socket.close();
      } catch {
        // already closing
      }
    },
    ping: () => false,
    setRef: () => {},
  };
}
