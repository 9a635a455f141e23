import type { JsonValue, ProviderOptions } from '../../../types';
import type { Emit, MapperScope, OngoingToolCall } from '../mapper-scope';

/**
 * `tool-input-start` of a call's streamed input; `providerExecuted` for calls OpenAI runs itself.
 * Every spec expects a call's input to open (and close, see `emitToolInput`) before the call.
 */
export function startToolInput(
  emit: Emit,
  id: string,
  toolName: string,
  providerMetadata: ProviderOptions,
  providerExecuted = false,
): void {
  emit(
    providerExecuted
      ? { type: 'tool-input-start', id, toolName, providerExecuted: true, providerMetadata }
      : { type: 'tool-input-start', id, toolName, providerMetadata },
  );
}

/**
 * The rest of a call's input once its item is done: `tool-input-start` unless the input was
 * opened already, the `deltas` not streamed yet, then `tool-input-end` (with `endMetadata`, else
 * the start's metadata). The caller emits the `tool-call` after it.
 */
export function emitToolInput(
  emit: Emit,
  input: {
    id: string;
    toolName: string;
    providerMetadata: ProviderOptions;
    providerExecuted?: boolean;
    opened?: boolean;
    deltas: readonly string[];
    endMetadata?: ProviderOptions;
  },
): void {
  const { id } = input;
  if (!input.opened) {
    startToolInput(emit, id, input.toolName, input.providerMetadata, input.providerExecuted);
  }
  for (const delta of input.deltas) emit({ type: 'tool-input-delta', id, delta });
  emit({
    type: 'tool-input-end',
    id,
    providerMetadata: input.endMetadata ?? input.providerMetadata,
  });
}

/** The call announced at `outputIndex`, which its done item ends: no longer ongoing after this. */
export function takeOngoingCall(
  scope: MapperScope,
  outputIndex: number,
): OngoingToolCall | undefined {
  const call = scope.ongoingToolCalls.get(outputIndex);
  scope.ongoingToolCalls.delete(outputIndex);
  return call;
}

/** The result of a tool OpenAI ran itself, under the caller's name for the tool. */
export function emitHostedResult(
  scope: MapperScope,
  emit: Emit,
  toolCallId: string,
  serverName: string,
  result: { result: JsonValue; isError?: boolean },
): void {
  emit({
    type: 'tool-result',
    toolCallId,
    toolName: scope.tools.toSdkName(serverName),
    ...result,
    providerMetadata: scope.responseMeta(),
  });
}
