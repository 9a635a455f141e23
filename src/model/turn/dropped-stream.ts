/**
 * Streams whose consumer let go of them unfinished. Nothing can read such a stream any more, yet
 * its turn holds what carries the response: its lane (lanes off: its socket) or its HTTP request,
 * its queue and its abort listener, until the server has sent it all and for good after that. The
 * AI SDK does not always cancel a stream it stops reading: `textStream` and `fullStream` are tees
 * of the step's stream, and a loop that breaks out of one (or a reader that cancels it) cancels
 * only that branch. Once the garbage collector has taken such a stream, its turn is stopped.
 */
const registry =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<() => void>((stop) => stop())
    : undefined;

/**
 * Calls `stop` once `stream` has been garbage collected, unless the returned function was called
 * first (the turn ended). `stop` must not reach the stream, or the stream is never collected.
 */
export function stopWhenCollected(stream: object, stop: () => void): () => void {
  if (!registry) return () => {};
  const token = {};
  registry.register(stream, stop, token);
  return () => registry.unregister(token);
}
