import type { JsonValue } from '../../../types';
import type { Emit, MapperScope, OngoingToolCall } from '../mapper-scope';

/**
 * A call's streamed input carries no item metadata (as in `@ai-sdk/openai`; only the call
 * does): its parts name the response, and a function call's end its namespace.
 */
type InputOptions = { providerExecuted?: boolean; inputEncoding?: 'text' };

/**
 * `tool-input-start` of a call's streamed input; `providerExecuted` for calls OpenAI runs itself,
 * `inputEncoding: 'text'` for free-form input. Every spec expects a call's input to open (and
 * close, see `emitToolInput`) before the call.
 */
export function startToolInput(
  scope: MapperScope,
  emit: Emit,
  id: string,
  toolName: string,
  { providerExecuted, inputEncoding }: InputOptions = {},
): void {
  emit({
    type: 'tool-input-start',
    id,
    toolName,
    ...(providerExecuted && { providerExecuted: true }),
    ...(inputEncoding !== undefined && { inputEncoding }),
    providerMetadata: scope.responseMeta(),
  });
}

/** `tool-input-end` of a call's input (`extra`: a function call's namespace). */
export function endToolInput(
  scope: MapperScope,
  emit: Emit,
  id: string,
  extra: Record<string, unknown> = {},
): void {
  emit({ type: 'tool-input-end', id, providerMetadata: scope.responseMeta(extra) });
}

/**
 * The rest of a call's input once its item is done: `tool-input-start` unless the input was
 * opened already, the `deltas` not streamed yet, then `tool-input-end`. The caller emits the
 * `tool-call` after it.
 */
export function emitToolInput(
  scope: MapperScope,
  emit: Emit,
  input: InputOptions & {
    id: string;
    toolName: string;
    opened?: boolean;
    deltas: readonly string[];
    endExtra?: Record<string, unknown>;
  },
): void {
  const { id } = input;
  if (!input.opened) startToolInput(scope, emit, id, input.toolName, input);
  for (const delta of input.deltas) emit({ type: 'tool-input-delta', id, delta });
  endToolInput(scope, emit, id, input.endExtra);
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
