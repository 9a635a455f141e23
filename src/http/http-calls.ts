/**
 * The calls over HTTP in flight of one provider, so that `provider.close()` ends them as it ends
 * the calls on its sockets (the pool closes them). A call registers how to stop itself while it
 * runs. Calls made after a close register anew and run normally, as the pool serves calls made
 * after its close. A set rather than an AbortSignal: a signal warns past ten listeners, and a
 * provider runs many calls at once.
 */
export class HttpCalls {
  private readonly stops = new Set<() => void>();

  /** Calls under way (for tests and diagnostics). */
  get size(): number {
    return this.stops.size;
  }

  /** A call under way; the returned function takes it off once it is over. */
  add(stop: () => void): () => void {
    this.stops.add(stop);
    return () => {
      this.stops.delete(stop);
    };
  }

  /** Stops every call under way. */
  closeAll(): void {
    const stops = [...this.stops];
    this.stops.clear();
    for (const stop of stops) stop();
  }
}
