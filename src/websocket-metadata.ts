import type { WebSocketCallMetadata } from './types';

/** Anything that carries provider metadata: a generateText result, a step, a finish part. */
export type WithProviderMetadata = {
  readonly providerMetadata?: Readonly<Record<string, unknown>> | undefined;
};

/** A streamText result, whose provider metadata arrives when the stream has finished. */
export type WithPendingProviderMetadata = {
  readonly providerMetadata: PromiseLike<Readonly<Record<string, unknown>> | undefined>;
};

/**
 * How a call went over the wire (`providerMetadata.openai.websocket`), typed.
 *
 * Pass a `generateText` result, one of its `steps`, an `onStepFinish` / `onFinish` event or a
 * `finish-step` stream part: the value comes back at once. Pass a `streamText` result and you
 * get a promise that settles when the stream has finished. `undefined` when the call did not go
 * through this provider (or the metadata is missing).
 *
 * @example
 * const result = await generateText({ model, prompt, tools, stopWhen: stepCountIs(5) });
 * for (const step of result.steps) console.log(getWebSocketMetadata(step)?.inputMode);
 */
export function getWebSocketMetadata(
  source: WithPendingProviderMetadata,
): Promise<WebSocketCallMetadata | undefined>;
export function getWebSocketMetadata(
  source: WithProviderMetadata | null | undefined,
): WebSocketCallMetadata | undefined;
export function getWebSocketMetadata(
  source: WithProviderMetadata | WithPendingProviderMetadata | null | undefined,
): WebSocketCallMetadata | undefined | Promise<WebSocketCallMetadata | undefined> {
  const metadata = source?.providerMetadata;
  if (isPromiseLike(metadata)) return Promise.resolve(metadata).then(readWebSocketMetadata);
  return readWebSocketMetadata(metadata);
}

function readWebSocketMetadata(metadata: unknown): WebSocketCallMetadata | undefined {
  const websocket = field(field(metadata, 'openai'), 'websocket');
  return isWebSocketCallMetadata(websocket) ? websocket : undefined;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function isWebSocketCallMetadata(value: unknown): value is WebSocketCallMetadata {
  const transport = field(value, 'transport');
  const inputMode = field(value, 'inputMode');
  return (
    (transport === 'websocket' || transport === 'http') &&
    (inputMode === 'delta' || inputMode === 'full') &&
    typeof field(value, 'reason') === 'string' &&
    typeof field(value, 'requestBytes') === 'number'
  );
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
