import type { IncomingMessage } from 'node:http';

/**
 * The most of a refused upgrade's body kept: OpenAI's error bodies are a few hundred bytes, and a
 * proxy's error page must not be buffered whole.
 */
export const MAX_REFUSAL_BODY_BYTES = 64 * 1024;

/** The body of a refused upgrade as it arrives: what was read so far, and when reading stopped. */
export type RefusalBody = {
  /** The bytes read so far, as UTF-8 (a character cut at the cap becomes U+FFFD). */
  text(): string;
  /** Resolves when the body ended, broke off or reached the cap; never rejects. */
  readonly done: Promise<void>;
};

/**
 * Reads `response` up to `maxBytes`. It has no deadline of its own: the upgrade's deadline
 * (`connectTimeoutMs`) covers the body too, and takes `text()` as it is then when it passes.
 */
export function readRefusalBody(
  response: IncomingMessage,
  maxBytes = MAX_REFUSAL_BODY_BYTES,
): RefusalBody {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const done = new Promise<void>((resolve) => {
    response.on('data', (chunk: Buffer) => {
      if (bytes >= maxBytes) return;
      const kept = chunk.subarray(0, maxBytes - bytes);
      chunks.push(kept);
      bytes += kept.length;
      // Enough: the rest is not wanted, and the socket is torn down once the error is built.
      if (bytes >= maxBytes) resolve();
    });
    response.on('end', resolve);
    // A body cut off (reset, destroyed) is reported with what came before.
    response.on('error', () => resolve());
    response.on('close', resolve);
  });
  return { text: () => Buffer.concat(chunks).toString('utf8'), done };
}
