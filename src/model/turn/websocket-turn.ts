import type { CallOptions } from '../../types';
import { sliceRoom } from '../../util/event-loop-slice';
import { continuedHead, parentHead } from '../chain/plan-turn';
import { recordHead } from '../chain/record-head';
import { recordNotCompleted } from '../chain/record-not-completed';
import type { OpenTurn } from './open-turn';
import { type PartConverter, streamEvents } from './stream-events';
import type { TurnCall } from './turn-call';

/**
 * The parts of a turn under way on a socket's lane. When the response ends, its chain head is
 * recorded and the lane goes back to the pool holding it — before the caller sees the finish, so
 * the next call of the conversation finds both. A response that did not complete leaves no head.
 */
export function streamWebSocketTurn<T>(
  call: TurnCall,
  turn: OpenTurn,
  options: CallOptions,
  convert: PartConverter<T> | undefined,
): ReadableStream<T> {
  const { config, request } = call;
  const { leased, queue, plan } = turn;
  // The events read while waiting for the first output go first; then one silence deadline for
  // the rest of the turn.
  queue.putBack(turn.buffered);
  queue.watchSilence(config.poolSettings.eventTimeoutMs);
  return streamEvents({
    source: {
      kind: 'push',
      queue,
      stop: (reason) => leased.stop(reason),
      awaited: (yes) => leased.awaited(yes),
    },
    convert,
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
      lane: leased.lane.streamId ?? null,
    },
    providerOptionsName: config.providerOptionsName,
    signal: call.signal,
    url: config.urls.http,
    settle: async ({ terminalType, parts, failed, digestPart }) => {
      turn.end();
      if (!failed) {
        const settled = {
          parts,
          connectionId: leased.connection.id,
          continued: continuedHead(call.head, plan),
          parent: parentHead(call.head, plan),
          digestPart,
        };
        // Responses that end together (many conversations in step) record their heads in turns.
        const room = sliceRoom();
        if (room) await room;
        const headId = await recordHead(config.heads, call, settled);
        leased.release({ headId });
        return;
      }
      recordNotCompleted(config.heads, call.scope, parts, terminalType, config.providerOptionsName);
      // A failed or incomplete response ends its turn cleanly; anything else (an error event,
      // which a late terminal event may follow, or a stream that broke off) is abandoned: the
      // socket closes with lanes off, the lane drains with lanes on.
      if (terminalType === 'response.failed' || terminalType === 'response.incomplete') {
        leased.release({ headId: undefined });
      } else {
        leased.abandon(terminalType ? `response ended with ${terminalType}` : 'response broke off');
      }
    },
  });
}
