import type { Emit, MapperScope } from '../mapper-scope';
import type { ItemOf } from '../schemas/output-item-schemas';
import { expandParallelToolCall, isUndeclaredParallelToolCall } from './expand-parallel-tool-call';

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
  if (!suppress) {
    emit({
      type: 'tool-input-start',
      id: item.call_id,
      toolName: item.name,
      providerMetadata: scope.meta(item.id),
    });
  }
}

/** `function_call_arguments.delta` and `custom_tool_call_input.delta`. */
export function toolInputDelta(
  scope: MapperScope,
  outputIndex: number,
  delta: string,
  emit: Emit,
): void {
  const call = scope.ongoingToolCalls.get(outputIndex);
  // A delta for a call never announced has no call id or name to attach to; the call is
  // emitted whole when its output_item.done arrives.
  if (call == null) return;
  if (call.suppressInputStreaming) {
    call.bufferedInputDeltas?.push(delta);
    return;
  }
  emit({ type: 'tool-input-delta', id: call.toolCallId, delta });
}

export function functionCallDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'function_call'>,
  emit: Emit,
): void {
  const ongoing = scope.ongoingToolCalls.get(outputIndex);
  scope.ongoingToolCalls.delete(outputIndex);
  scope.hasFunctionCall = true;
  const args = item.arguments ?? '';
  const suppress =
    ongoing?.suppressInputStreaming ??
    isUndeclaredParallelToolCall(item.name, scope.tools.functionTools);

  if (suppress) {
    const expanded = expandParallelToolCall({
      toolCallId: item.call_id,
      input: args,
      itemId: item.id,
      functionTools: scope.tools.functionTools,
      providerOptionsName: scope.providerOptionsName,
      extraMetadata: scope.responseMeta()[scope.providerOptionsName],
    });
    if (expanded != null) {
      for (const call of expanded) {
        const meta = call.providerMetadata;
        emit({
          type: 'tool-input-start',
          id: call.toolCallId,
          toolName: call.toolName,
          providerMetadata: meta,
        });
        emit({ type: 'tool-input-delta', id: call.toolCallId, delta: call.input });
        emit({ type: 'tool-input-end', id: call.toolCallId, providerMetadata: meta });
        emit(call);
      }
      return;
    }
  }

  // Not announced (or held back): open the input now so every call has start/delta/end.
  if (ongoing == null || suppress) {
    emit({
      type: 'tool-input-start',
      id: item.call_id,
      toolName: item.name,
      providerMetadata: scope.meta(item.id),
    });
    const buffered = ongoing?.bufferedInputDeltas ?? [];
    for (const delta of buffered.length > 0 ? buffered : args.length > 0 ? [args] : []) {
      emit({ type: 'tool-input-delta', id: item.call_id, delta });
    }
  }

  emit({
    type: 'tool-input-end',
    id: item.call_id,
    providerMetadata: scope.meta(
      item.id,
      item.namespace != null ? { namespace: item.namespace } : {},
    ),
  });

  const async = item.async ?? ongoing?.async;
  emit({
    type: 'tool-call',
    toolCallId: item.call_id,
    toolName: item.name,
    input: args,
    providerMetadata: scope.meta(item.id, {
      ...(async != null && { async }),
      ...(item.namespace != null && { namespace: item.namespace }),
      ...(item.caller != null && {
        caller:
          item.caller.type === 'program'
            ? { type: 'program', callerId: item.caller.caller_id }
            : item.caller,
      }),
    }),
  });
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
  emit({
    type: 'tool-input-start',
    id: item.call_id,
    toolName,
    providerMetadata: scope.meta(item.id),
  });
}

export function customToolCallDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'custom_tool_call'>,
  emit: Emit,
): void {
  const ongoing = scope.ongoingToolCalls.get(outputIndex);
  scope.ongoingToolCalls.delete(outputIndex);
  scope.hasFunctionCall = true;
  const toolName = scope.tools.toSdkName(item.name);
  const input = item.input ?? '';

  if (ongoing == null) {
    emit({
      type: 'tool-input-start',
      id: item.call_id,
      toolName,
      providerMetadata: scope.meta(item.id),
    });
    if (input.length > 0) emit({ type: 'tool-input-delta', id: item.call_id, delta: input });
  }
  emit({ type: 'tool-input-end', id: item.call_id, providerMetadata: scope.meta(item.id) });

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
