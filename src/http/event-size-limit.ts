const LF = 0x0a;
const CR = 0x0d;

/**
 * A server-sent event stream whose events may be at most `maxBytes` long: a server that never
 * ends an event (or sends one larger than any real response) errors the stream instead of
 * growing the parser's buffer until the process runs out of memory. The bytes pass unchanged;
 * only the distance since the last blank line (the end of an event: LF LF, CR CR or CRLF CRLF)
 * is counted. The limit `@ai-sdk/openai` gives a Responses event, 512 MiB, is the default of
 * the one caller (http-event-source.ts).
 */
export function limitEventSize(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): ReadableStream<Uint8Array> {
  let sinceBoundary = 0;
  let previous = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        for (let i = 0; i < chunk.length; i++) {
          const byte = chunk[i];
          // A line ending right after a finished line is an empty line: the event is over.
          if (
            (byte === LF || byte === CR) &&
            (previous === LF || (previous === CR && byte === CR))
          ) {
            sinceBoundary = 0;
          } else if (++sinceBoundary > maxBytes) {
            controller.error(
              new Error(`A server-sent event exceeded the limit of ${maxBytes} bytes.`),
            );
            return;
          }
          previous = byte;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}
