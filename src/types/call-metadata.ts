/** `providerMetadata.openai.websocket` on every finish: how the call travelled, and why. */
export type WebSocketCallMetadata = {
  transport: 'websocket' | 'http';
  inputMode: 'delta' | 'full';
  /** Why the input was full (or 'continuation'); over HTTP, why the socket was not used. */
  reason: string;
  /**
   * Over HTTP only: what made the socket unusable (the upgrade's status or error, the frame size,
   * the runtime), so a user can tell a misconfigured proxy from a runtime without sockets.
   */
  fallbackCause?: string;
  socketReused: boolean;
  requestBytes: number;
  retries: number;
  /** The lane (`stream_id`) the call used with `pool.lanes` on; null when it used none. */
  lane: string | null;
};
