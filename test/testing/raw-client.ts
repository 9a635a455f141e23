import WebSocket from 'ws';
import { MOCK_API_KEY } from '../../src/testing';

// biome-ignore lint/suspicious/noExplicitAny: events are loosely typed JSON in these tests
export type Event = Record<string, any>;

const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** The events of one turn, and how the turn ended. */
export type Turn = { events: Event[]; closed: { code: number } | null };

/**
 * A deliberately small WebSocket client written against the protocol text, not against this
 * project's provider: what the mock must satisfy.
 */
export class RawClient {
  private readonly frames: Event[] = [];
  /** Every frame in arrival order, kept after readers take theirs (see `sentBefore`). */
  private readonly arrivals: Event[] = [];
  /** Readers waiting for a frame (one per lane being read). */
  private readonly waiters = new Set<() => void>();
  closed: { code: number; reason: string } | null = null;
  readonly closedPromise: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = String(data);
      let frame: Event;
      try {
        frame = JSON.parse(text);
      } catch {
        frame = { type: '<malformed>', raw: text };
      }
      this.frames.push(frame);
      this.arrivals.push(frame);
      this.wake();
    });
    this.closedPromise = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closed = { code, reason: String(reason) };
        this.wake();
        resolve(this.closed);
      });
    });
    ws.on('error', () => {});
  }

  private wake(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const waiter of waiters) waiter();
  }

  send(body: Record<string, unknown> | string): void {
    this.ws.send(
      typeof body === 'string' ? body : JSON.stringify({ type: 'response.create', ...body }),
    );
  }

  /**
   * Next frame (of one lane, when `lane` is given: a `stream_id`, or `null` for the default
   * lane's frames, which carry none), or `null` once the socket closed and no such frame is
   * left. Frames of other lanes stay buffered for their own readers.
   */
  async next(lane?: string | null): Promise<Event | null> {
    const matches = (frame: Event) => lane === undefined || (frame.stream_id ?? null) === lane;
    for (;;) {
      const index = this.frames.findIndex(matches);
      if (index >= 0) return this.frames.splice(index, 1)[0];
      if (this.closed) return null;
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
  }

  /**
   * Frames (of one lane, see `next`) until a terminal event, a request error (an `error` with
   * `status`), or the close.
   */
  async collect(lane?: string | null): Promise<Turn> {
    const events: Event[] = [];
    for (;;) {
      const event = await this.next(lane);
      if (event === null) return { events, closed: this.closed };
      events.push(event);
      if (TERMINAL.has(event.type) || (event.type === 'error' && 'status' in event)) {
        return { events, closed: null };
      }
    }
  }

  /**
   * Whether the server sent frame `a` before frame `b` (both as read from this client): frames of
   * one socket arrive in the order they were sent, so this orders server actions without a clock.
   */
  sentBefore(a: Event, b: Event): boolean {
    const at = this.arrivals.indexOf(a);
    return at >= 0 && at < this.arrivals.indexOf(b);
  }

  /** Send one `response.create` and collect its turn. */
  async turn(body: Record<string, unknown>): Promise<Turn> {
    this.send(body);
    return this.collect();
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closedPromise;
  }
}

export async function connect(url: string, apiKey = MOCK_API_KEY): Promise<RawClient> {
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${apiKey}` } });
  const client = new RawClient(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return client;
}

/** Try an upgrade; report the HTTP status and body of a refusal. */
export async function tryUpgrade(
  url: string,
  headers: Record<string, string>,
): Promise<{ opened: true } | { opened: false; status: number; body: string }> {
  const ws = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.once('close', () => resolve({ opened: true }));
      ws.close();
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => {
        ws.terminate();
        resolve({ opened: false, status: res.statusCode ?? 0, body });
      });
    });
    ws.once('error', (error) => {
      if (ws.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

export const textOf = (events: Event[]): string =>
  events
    .filter((e) => e.type === 'response.output_text.delta')
    .map((e) => e.delta)
    .join('');

export const terminalOf = (events: Event[]): Event | undefined =>
  events.find((e) => TERMINAL.has(e.type));

export const userMessage = (text: string) => ({ role: 'user', content: text });

/** Wait until `condition` holds (polling), failing after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline)
      throw new Error(`until: condition not met in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
