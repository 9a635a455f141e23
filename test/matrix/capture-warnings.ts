import { vi } from 'vitest';

/**
 * Captures what the AI SDK prints as warnings. The majors print through different channels
 * (ai@5 and ai@7: `process.emitWarning`; ai@6: `console.warn` after a `console.info` notice), so
 * all of them are spied; the spies also keep the test output quiet.
 */
export type WarningCapture = {
  /** Every captured message, in order. */
  readonly messages: string[];
  /** Messages announcing that the AI SDK wrapped the model in a compatibility mode. */
  compatibility(): string[];
  clear(): void;
  restore(): void;
};

const COMPATIBILITY = /compatibility mode/i;

export function captureWarnings(): WarningCapture {
  // A custom logger or `false` would bypass the printing this capture is meant to observe.
  delete (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS;
  const messages: string[] = [];
  // Only the message: emitWarning's second argument is its options object.
  const record = (message: unknown) => {
    messages.push(message instanceof Error ? message.message : String(message));
  };
  const spies = [
    vi.spyOn(process, 'emitWarning').mockImplementation(record),
    vi.spyOn(console, 'warn').mockImplementation(record),
    vi.spyOn(console, 'info').mockImplementation(record),
  ];
  return {
    messages,
    compatibility: () => messages.filter((message) => COMPATIBILITY.test(message)),
    clear: () => {
      messages.length = 0;
    },
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}
