/** Pool settings (the `pool` setting); every field optional for the user. */
export type PoolSettings = {
  /** Most sockets open at once in this pool (all credential scopes together). */
  maxSockets: number;
  /** Most idle sockets kept; beyond that the least recently used idle ones are closed. */
  maxIdleSockets: number;
  /** An idle socket is closed after this long unused. */
  idleTimeoutMs: number;
  /** A socket is not handed out once this old (OpenAI closes sockets at 60 minutes). */
  maxSocketAgeMs: number;
  /** Idle and busy sockets are pinged this often; one that misses a pong is dropped. 0 = off. */
  pingIntervalMs: number;
  /** Deadline for the WebSocket upgrade. */
  connectTimeoutMs: number;
  /** Deadline for the first server event after a `response.create` frame. */
  firstEventTimeoutMs: number;
  /**
   * Longest silence between two events of a response before the call fails. Generous: long
   * reasoning can be silent for minutes, but a server that goes quiet for good must not hang a call.
   */
  eventTimeoutMs: number;
  /** How long a call may wait for a socket when `maxSockets` are busy. */
  queueTimeoutMs: number;
  /** Most calls waiting for a socket; one more fails at once. */
  maxQueuedCalls: number;
  /**
   * Named lanes (`stream_id`) used per socket, 1–32: that many conversations share one socket,
   * each with its own cached chain, up to 16 responses in flight. 0 (the default): one response
   * and one chain per socket, for servers and gateways that do not speak lanes.
   */
  lanes: number;
};

/** The server runs at most this many responses at once per connection, across its lanes. */
export const MAX_IN_FLIGHT_PER_SOCKET = 16;
/** The server accepts at most this many named lanes per connection. */
export const MAX_LANES_PER_SOCKET = 32;

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  maxSockets: 100,
  maxIdleSockets: 32,
  idleTimeoutMs: 5 * 60_000,
  // 5 minutes of margin before the server's 60-minute limit: a long turn must still fit.
  maxSocketAgeMs: 55 * 60_000,
  // Idle proxies drop quiet sockets after 60-100 s; the server sends no keepalive of its own.
  pingIntervalMs: 30_000,
  connectTimeoutMs: 10_000,
  firstEventTimeoutMs: 30_000,
  eventTimeoutMs: 10 * 60_000,
  queueTimeoutMs: 30_000,
  maxQueuedCalls: 1_000,
  lanes: 0,
};

export function resolvePoolSettings(settings: Partial<PoolSettings> | undefined): PoolSettings {
  const resolved = { ...DEFAULT_POOL_SETTINGS };
  for (const [key, value] of Object.entries(settings ?? {})) {
    if (value !== undefined) (resolved as Record<string, number>)[key] = value;
  }
  return resolved;
}
