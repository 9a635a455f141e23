import type { MockCostModel } from './types';

/**
 * What a request costs the server before its first event. The point of WebSocket mode is that a
 * continuation of the socket's cached response only processes the new input; everything else
 * processes the whole context. A parent reloaded from the store also processes only the new
 * input but pays a fixed load delay.
 *
 *   processedBytes = parent found ? bytes(new input) : bytes(full context)
 *   delayMs = latencyMs + perKbMs * processedBytes / 1024 + (parent from store ? storageLoadMs : 0)
 *
 * Bytes are UTF-8 bytes of the items' JSON.
 */
export function requestCost(
  model: MockCostModel,
  args: {
    parentSource: 'socket-cache' | 'store' | null;
    contextBytes: number;
    newInputBytes: number;
  },
): { processedBytes: number; delayMs: number } {
  const processedBytes = args.parentSource === null ? args.contextBytes : args.newInputBytes;
  const delayMs =
    (model.latencyMs ?? 0) +
    ((model.perKbMs ?? 0) * processedBytes) / 1024 +
    (args.parentSource === 'store' ? (model.storageLoadMs ?? 0) : 0);
  return { processedBytes, delayMs };
}

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}
