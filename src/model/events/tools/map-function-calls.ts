import type { Emit, MapperScope, OngoingToolCall } from '../mapper-scope';
import type { ItemOf } from '../schemas/output-item-schemas';
import { expandParallelToolCall, isUndeclaredParallelToolCall } from './expand-parallel-tool-call';
import { emitToolInput, startToolInput, takeOngoingCall } from './tool-input';

/*
 * Client-side tool calls: `function_call` (JSON arguments streamed as deltas) and
 * `custom_tool_call` (free-form text input). Both make the finish reason 'tool-calls'.
 */

export function functionCallAdded(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'function_call'>,
  emit: Emit,
): void {
  const suppress = isUndeclaredParallelToolCall(item.name, scope.tools.functionTools);
  scope.ongoingToolCalls.set(outputIndex, {
    toolName: item.name,
    toolCallId: item.call_id,
    itemId: item.id,
    async: item.async,
    suppressInputStreaming: suppress,
    bufferedInputDeltas: suppress ? [] : undefined,
  });
  if (!suppress) startToolInput(scope, emit, item.call_id, item.name);
}

/**
 * `function_call_arguments.delta` and `custom_tool_call_input.delta` of an announced call (a
 * delta for a call never announced has nothing to attach to: the call is emitted whole when done).
 */
export function toolInputDelta(call: OngoingToolCall, delta: string, emit: Emit): void {
  if (call.suppressInputStreaming) {
    call.bufferedInputDeltas?.push(delta);
    return;
  }
  emit({ type: 'tool-input-delta', id: call.toolCallId, delta });
}

/**
 * At the finish, a held-back `parallel` wrapper that never completed: show what was received
 * (its input's start and deltas, no call).
 */
export function flushHeldBackCalls(calls: Iterable<OngoingToolCall>, emit: Emit): void {
  for (const call of calls) {
    if (!call.suppressInputStreaming) continue;
    emit({ type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName });
    for (const delta of call.bufferedInputDeltas ?? []) {
      emit({ type: 'tool-input-delta', id: call.toolCallId, delta });
    }
  }
}

export function functionCallDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'function_call'>,
  emit: Emit,
): void {
  const ongoing = takeOngoingCall(scope, outputIndex);
  scope.hasFunctionCall = true;
  const args = item.arguments ?? '';
  const suppress =
    ongoing?.suppressInputStreaming ??
    isUndeclaredParallelToolCall(item.name, scope.tools.functionTools);
  if (suppress && emitExpandedParallelCall(scope, item, args, emit)) return;

  // Not announced (or held back): open the input now so every call has start/delta/end.
  const opened = ongoing != null && !suppress;
  const buffered = ongoing?.bufferedInputDeltas ?? [];
  emitToolInput(scope, emit, {
    id: item.call_id,
    toolName: item.name,
    opened,
    deltas: opened ? [] : buffered.length > 0 ? buffered : args.length > 0 ? [args] : [],
    endExtra: item.namespace != null ? { namespace: item.namespace } : {},
  });
  emit({
    type: 'tool-call',
    toolCallId: item.call_id,
    toolName: item.name,
    input: args,
    providerMetadata: scope.meta(item.id, functionCallMetadata(item, ongoing)),
  });
}

/** The undeclared `parallel` wrapper as one call per nested call; false when it cannot be. */
function emitExpandedParallelCall(
  scope: MapperScope,
  item: ItemOf<'function_call'>,
  args: string,
  emit: Emit,
): boolean {
  const expanded = expandParallelToolCall({
    toolCallId: item.call_id,
    input: args,
    itemId: item.id,
    functionTools: scope.tools.functionTools,
    providerOptionsName: scope.providerOptionsName,
    extraMetadata: scope.responseMeta()[scope.providerOptionsName],
  });
  if (expanded == null) return false;
  for (const call of expanded) {
    emitToolInput(scope, emit, {
      id: call.toolCallId,
      toolName: call.toolName,
      deltas: [call.input],
    });
    emit(call);
  }
  return true;
}

/** What a function call's metadata adds: `async`, `namespace`, and the calling program. */
function functionCallMetadata(
  item: ItemOf<'function_call'>,
  ongoing: OngoingToolCall | undefined,
): Record<string, unknown> {
  const async = item.async ?? ongoing?.async;
  return {
    ...(async != null && { async }),
    ...(item.namespace != null && { namespace: item.namespace }),
    ...(item.caller != null && {
      caller:
        item.caller.type === 'program'
          ? { type: 'program', callerId: item.caller.caller_id }
          : item.caller,
    }),
  };
}

export function customToolCallAdded(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'custom_tool_call'>,
  emit: Emit,
): void {
  const toolName = scope.tools.toSdkName(item.name);
  scope.ongoingToolCalls.set(outputIndex, {
    toolName,
    toolCallId: item.call_id,
    itemId: item.id,
    async: item.async,
  });
  // The free-form input streams as raw text, not as JSON.
  startToolInput(scope, emit, item.call_id, toolName, { inputEncoding: 'text' });
}

export function customToolCallDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'custom_tool_call'>,
  emit: Emit,
): void {
  const ongoing = takeOngoingCall(scope, outputIndex);
  scope.hasFunctionCall = true;
  const toolName = scope.tools.toSdkName(item.name);
  const input = item.input ?? '';
  emitToolInput(scope, emit, {
    id: item.call_id,
    toolName,
    inputEncoding: 'text',
    opened: ongoing != null,
    deltas: ongoing == null && input.length > 0 ? [input] : [],
  });
  const async = item.async ?? ongoing?.async;
  emit({
    type: 'tool-call',
    toolCallId: item.call_id,
    toolName,
    // The free-form input travels as a JSON string, as in @ai-sdk/openai.
    input: JSON.stringify(input),
    providerMetadata: scope.meta(item.id, async != null ? { async } : {}),
  });
}
