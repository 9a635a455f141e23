import type { CallOptions, StreamPart } from '../../types';
import { recordHead } from '../chain/record-head';
import type { OpenTurn } from './open-turn';
import { streamEvents } from './stream-events';
import type { TurnCall } from './turn-call';

/**
 * The parts of a turn under way on a socket. When the response ends, its chain head is recorded
 * and the socket goes back to the pool holding it — before the caller sees the finish, so the
 * next call of the conversation finds both. A response that did not complete leaves no head.
 */
export function streamWebSocketTurn(
  call: TurnCall,
  turn: OpenTurn,
  options: CallOptions,
): ReadableStream<StreamPart> {
  const { config, request } = call;
  const { connection, queue, plan } = turn;
  return streamEvents({
    buffered: turn.buffered,
    source: {
      next: () => queue.next(config.poolSettings.eventTimeoutMs),
      stop: (reason) => connection.terminate(reason),
    },
    includeRawChunks: options.includeRawChunks ?? false,
    tools: options.tools,
    ...call.mapping,
    requestBody: turn.frame,
    warnings: request.warnings,
    metadata: {
      transport: 'websocket',
      inputMode: plan.mode,
      reason: plan.reason,
      socketReused: turn.socketReused,
      requestBytes: turn.requestBytes,
      retries: turn.retries,
    },
    providerOptionsName: config.providerOptionsName,
    signal: call.signal,
    url: config.urls.http,
    settle: async ({ terminalType, parts, failed }) => {
      turn.detach();
      if (!failed) {
        const headId = await recordHead(config.heads, call, parts, connection.id);
        config.pool.release(connection, { headId });
        return;
      }
      // A failed or incomplete response ends its turn cleanly; anything else (an error event,
      // which a late terminal event may follow, or a stream that broke off) leaves the socket
      // in a state that is not trusted.
      if (terminalType === 'response.failed' || terminalType === 'response.incomplete') {
        config.pool.release(connection, { headId: undefined });
      } else {
        connection.close(
          terminalType ? `response ended with ${terminalType}` : 'response broke off',
        );
      }
    },
  });
}
