/** What watches one signal: the callbacks of the waits that share it, and its one listener. */
type Watch = { callbacks: Set<() => void>; listener: () => void };

const watches = new WeakMap<AbortSignal, Watch>();

/**
 * Calls `callback` when `signal` aborts, unless the returned function was called first. However
 * many waits watch one signal (an app-wide controller, a server's request signal handed to the
 * parallel calls of one request), the signal gets one 'abort' listener, taken off again once the
 * last of them stops watching: a listener per wait put as many on it as there were calls under
 * way, and past ten Node.js warns of a leak (`MaxListenersExceededWarning`) although none is.
 * The callbacks run in the order they were added, as listeners would; one that throws does not
 * keep the others from running (its error is reported as a listener's would be).
 */
export function watchAbort(signal: AbortSignal, callback: () => void): () => void {
  let watch = watches.get(signal);
  if (!watch) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      watches.delete(signal);
      for (const each of [...callbacks]) {
        // One stopped by an earlier one during this abort is not called, as a listener removed
        // during dispatch is not.
        if (!callbacks.has(each)) continue;
        try {
          each();
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
      callbacks.clear();
    };
    watch = { callbacks, listener };
    watches.set(signal, watch);
    signal.addEventListener('abort', listener, { once: true });
  }
  const { callbacks, listener } = watch;
  // A function of its own: the same callback may watch twice, and each stop ends only its watch.
  const entry = () => callback();
  callbacks.add(entry);
  return () => {
    if (!callbacks.delete(entry) || callbacks.size > 0) return;
    signal.removeEventListener('abort', listener);
    if (watches.get(signal)?.callbacks === callbacks) watches.delete(signal);
  };
}
