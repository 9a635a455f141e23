/** Why a socket stopped serving: what the caller needs to decide between retry and surfacing. */
export type ConnectionFailure =
  // upgrade answered with an HTTP status; its response headers, secrets removed, and body as far
  // as it was read within the connect deadline (`ws` only)
  | { kind: 'rejected'; status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'connect-timeout' }
  | { kind: 'closed'; code: number; reason: string } // closed by the peer / network
  | { kind: 'error'; message: string }
  | { kind: 'malformed-frame' }
  | { kind: 'ping-timeout' }
  | { kind: 'closed-by-client'; reason: string };

export class ConnectionError extends Error {
  constructor(readonly failure: ConnectionFailure) {
    super(describeFailure(failure));
    this.name = 'ConnectionError';
  }
}

function describeFailure(failure: ConnectionFailure): string {
  switch (failure.kind) {
    case 'rejected':
      return `WebSocket upgrade rejected with HTTP ${failure.status}`;
    case 'connect-timeout':
      return 'WebSocket connect timed out';
    case 'closed':
      return `WebSocket closed (code ${failure.code}${failure.reason ? `: ${failure.reason}` : ''})`;
    case 'error':
      return `WebSocket error: ${failure.message}`;
    case 'malformed-frame':
      return 'server sent a frame that is not valid JSON';
    case 'ping-timeout':
      return 'server stopped answering pings';
    case 'closed-by-client':
      return `WebSocket closed by the client: ${failure.reason}`;
  }
}
