// Shared by server and client code: no server-only imports here.

/** How one model call (one step) went over the wire, as the UI shows it. */
export type WireStep = {
  step: number;
  transport: string;
  inputMode: string;
  reason: string;
  socketReused: boolean;
  requestBytes: number;
  retries: number;
  finishReason: string;
};

/** Metadata of an assistant message in the chat: the wire record of each of its steps. */
export type ChatMetadata = { steps: WireStep[] };

/**
 * Reads `providerMetadata.openai.websocket`, which `ai-sdk-openai-ws` puts on every step.
 * Returns undefined for steps of another provider, so the UI can say so instead of crashing.
 */
export function toWireStep(
  step: number,
  providerMetadata: Record<string, Record<string, unknown> | undefined> | undefined,
  finishReason: string,
): WireStep | undefined {
  const ws = providerMetadata?.openai?.websocket as Partial<WireStep> | undefined;
  if (!ws) return undefined;
  return {
    step,
    transport: String(ws.transport),
    inputMode: String(ws.inputMode),
    reason: String(ws.reason ?? ''),
    socketReused: ws.socketReused === true,
    requestBytes: Number(ws.requestBytes ?? 0),
    retries: Number(ws.retries ?? 0),
    finishReason,
  };
}
