import type { WebSocketConstructor } from '../../src/index';

/**
 * `MATRIX_WEBSOCKET=global` (set by scripts/test-node.sh) runs the suite with the runtime's
 * global `WebSocket` as the `webSocket` setting instead of the default `ws` package.
 */
export const USE_GLOBAL_WEBSOCKET = process.env.MATRIX_WEBSOCKET === 'global';

export type WebSocketSetting = {
  /** The value for the `webSocket` setting (`undefined`: the default, `ws`). */
  webSocket: WebSocketConstructor | undefined;
  /** Sockets the global constructor created (always 0 with the default). */
  constructed(): number;
};

/**
 * The global constructor behind a transparent proxy: the provider gets the real class (instances
 * are genuine global WebSockets) and the suite can prove it was the one used.
 */
export function webSocketSetting(): WebSocketSetting {
  if (!USE_GLOBAL_WEBSOCKET) return { webSocket: undefined, constructed: () => 0 };
  const Global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (typeof Global !== 'function') {
    throw new Error(
      `MATRIX_WEBSOCKET=global needs a global WebSocket (Node ${process.version} has none)`,
    );
  }
  let count = 0;
  const counted = new Proxy(Global, {
    construct(target, args, newTarget) {
      count++;
      return Reflect.construct(target, args, newTarget);
    },
  });
  return { webSocket: counted, constructed: () => count };
}
