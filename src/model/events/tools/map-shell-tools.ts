import type { Emit, MapperScope, OngoingToolCall } from '../mapper-scope';
import type { ItemOf, PatchOperation } from '../schemas/output-item-schemas';
import { escapeJsonDelta } from './map-hosted-tools';
import { emitToolInput, endToolInput, startToolInput } from './tool-input';

/*
 * Tools that act on a machine: shell (local, or hosted in an OpenAI container) and apply_patch
 * (file edits, the input streamed as a JSON document). Shapes follow @ai-sdk/openai.
 */

export function localShellDone(
  scope: MapperScope,
  item: ItemOf<'local_shell_call'>,
  emit: Emit,
): void {
  const action = item.action;
  emit({
    type: 'tool-call',
    toolCallId: item.call_id,
    toolName: scope.tools.toSdkName('local_shell'),
    // @ai-sdk/openai streams the action in the tool's own (camelCase) shape, but its doGenerate
    // passes the server's action on as it came.
    input: JSON.stringify({
      action: scope.generating
        ? {
            type: 'exec',
            command: action?.command ?? [],
            timeout_ms: action?.timeout_ms ?? undefined,
            user: action?.user ?? undefined,
            working_directory: action?.working_directory ?? undefined,
            env: action?.env ?? undefined,
          }
        : {
            type: 'exec',
            command: action?.command ?? [],
            timeoutMs: action?.timeout_ms ?? undefined,
            user: action?.user ?? undefined,
            workingDirectory: action?.working_directory ?? undefined,
            env: action?.env ?? undefined,
          },
    }),
    providerMetadata: scope.meta(item.id),
  });
}

export function shellCallDone(scope: MapperScope, item: ItemOf<'shell_call'>, emit: Emit): void {
  emit({
    type: 'tool-call',
    toolCallId: item.call_id,
    toolName: scope.tools.toSdkName('shell'),
    input: JSON.stringify({
      action: {
        commands: item.action?.commands ?? [],
        timeoutMs: item.action?.timeout_ms ?? undefined,
        maxOutputLength: item.action?.max_output_length ?? undefined,
      },
    }),
    ...(scope.tools.shellProviderExecuted && { providerExecuted: true }),
    providerMetadata: scope.meta(item.id),
  });
}

export function shellOutputDone(
  scope: MapperScope,
  item: ItemOf<'shell_call_output'>,
  emit: Emit,
): void {
  emit({
    type: 'tool-result',
    toolCallId: item.call_id,
    toolName: scope.tools.toSdkName('shell'),
    result: {
      ...(item.max_output_length != null && { maxOutputLength: item.max_output_length }),
      output: (item.output ?? []).map((entry) => ({
        stdout: entry.stdout,
        stderr: entry.stderr,
        outcome:
          entry.outcome.type === 'exit'
            ? { type: 'exit', exitCode: entry.outcome.exit_code ?? null }
            : { type: 'timeout' },
      })),
    },
    providerMetadata: scope.responseMeta(),
  });
}

export function applyPatchAdded(
  scope: MapperScope,
  outputIndex: number,
  item: { call_id: string; id: string; operation: PatchOperation },
  emit: Emit,
): void {
  const { call_id: callId, operation } = item;
  const isDelete = operation.type === 'delete_file';
  const toolName = scope.tools.toSdkName('apply_patch');
  scope.ongoingToolCalls.set(outputIndex, {
    toolName,
    toolCallId: callId,
    itemId: item.id,
    // delete_file has no diff: its input is complete at once.
    applyPatch: { hasDiff: isDelete, endEmitted: isDelete },
  });
  if (isDelete) {
    const deltas = [JSON.stringify({ callId, operation })];
    emitToolInput(scope, emit, { id: callId, toolName, deltas });
    return;
  }
  startToolInput(scope, emit, callId, toolName);
  // The diff streams next, inside the JSON string this prefix opens.
  emit({
    type: 'tool-input-delta',
    id: callId,
    delta: `{"callId":"${escapeJsonDelta(callId)}","operation":{"type":"${escapeJsonDelta(operation.type)}","path":"${escapeJsonDelta(operation.path)}","diff":"`,
  });
}

export function applyPatchDiffDelta(call: OngoingToolCall, delta: string, emit: Emit): void {
  if (call.applyPatch == null) return;
  emit({ type: 'tool-input-delta', id: call.toolCallId, delta: escapeJsonDelta(delta) });
  call.applyPatch.hasDiff = true;
}

/** Closes the streamed input; `diff` is sent only when no delta carried it. */
export function applyPatchDiffDone(
  scope: MapperScope,
  call: OngoingToolCall,
  diff: string,
  emit: Emit,
): void {
  if (call.applyPatch == null || call.applyPatch.endEmitted) return;
  if (!call.applyPatch.hasDiff) {
    emit({ type: 'tool-input-delta', id: call.toolCallId, delta: escapeJsonDelta(diff) });
    call.applyPatch.hasDiff = true;
  }
  emit({ type: 'tool-input-delta', id: call.toolCallId, delta: '"}}' });
  endToolInput(scope, emit, call.toolCallId);
  call.applyPatch.endEmitted = true;
}

export function applyPatchDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'apply_patch_call'>,
  emit: Emit,
): void {
  // Done without added: announce it now so the input still opens before it closes.
  if (!scope.ongoingToolCalls.has(outputIndex)) applyPatchAdded(scope, outputIndex, item, emit);
  const call = scope.ongoingToolCalls.get(outputIndex)!;
  if (item.operation.type !== 'delete_file') {
    applyPatchDiffDone(scope, call, item.operation.diff, emit);
  }
  scope.ongoingToolCalls.delete(outputIndex);
  // A stream reports the call once it is complete; doGenerate reports what the response holds.
  if (item.status !== 'completed' && !scope.generating) return;
  scope.hasFunctionCall = true;
  emit({
    type: 'tool-call',
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: JSON.stringify({ callId: item.call_id, operation: item.operation }),
    providerMetadata: scope.meta(item.id),
  });
}
