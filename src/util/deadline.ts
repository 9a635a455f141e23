/** A timer and an abort listener armed together; whichever fires first disarms both. */
export type Deadline = {
  /** Disarms the timer and the abort listener (idempotent). */
  cancel(): void;
};

/**
 * Calls `onTimeout` after `ms` (never when `ms` is undefined) or `onAbort` when `signal` aborts,
 * whichever comes first, and only that one. Every wait of the package that can time out or be
 * aborted goes through here, so none can leave a timer or a listener behind.
 */
export function armDeadline({
  ms,
  signal,
  onTimeout,
  onAbort = onTimeout,
}: {
  ms: number | undefined;
  signal?: AbortSignal;
  onTimeout: () => void;
  onAbort?: () => void;
}): Deadline {
  let armed = true;
  const cancel = () => {
    if (!armed) return;
    armed = false;
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', aborted);
  };
  const fire = (callback: () => void) => () => {
    if (!armed) return;
    cancel();
    callback();
  };
  const aborted = fire(onAbort);
  const timer = ms === undefined ? undefined : setTimeout(fire(onTimeout), ms);
  signal?.addEventListener('abort', aborted, { once: true });
  return { cancel };
}

/** Resolves after `ms`, or at once when `signal` aborts (the caller checks the signal). */
export function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    armDeadline({ ms, signal, onTimeout: resolve });
  });
}

/**
 * A timer that does not keep the process alive by itself (something else the wait depends on,
 * such as a socket, does). Edge runtimes and browsers return a number, which has no `unref()`.
 */
export function unrefTimer<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
