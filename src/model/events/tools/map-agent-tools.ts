import type { JsonObject, JsonValue } from '../../../types';
import type { Emit, MapperScope } from '../mapper-scope';
import type { ItemOf } from '../schemas/output-item-schemas';
import { emitToolInput, endToolInput, startToolInput, takeOngoingCall } from './tool-input';

/*
 * Computer use, tool search and programmatic tool calling. Shapes follow @ai-sdk/openai.
 */

export function computerCallAdded(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'computer_call'>,
  emit: Emit,
): void {
  const toolCallId = item.call_id ?? item.id;
  const toolName = scope.tools.toSdkName('computer');
  scope.ongoingToolCalls.set(outputIndex, { toolName, toolCallId, itemId: item.id });
  startToolInput(scope, emit, toolCallId, toolName);
}

/** The fields of each action, in the order @ai-sdk/openai writes them (`keys` last, when set). */
const ACTION_FIELDS: Record<string, readonly string[]> = {
  click: ['button', 'x', 'y'],
  double_click: ['x', 'y'],
  drag: ['path'],
  keypress: ['keys'],
  move: ['x', 'y'],
  screenshot: [],
  scroll: ['x', 'y', 'scroll_x', 'scroll_y'],
  type: ['text'],
  wait: [],
};

const RENAMED: Record<string, string> = { scroll_x: 'scrollX', scroll_y: 'scrollY' };

/**
 * Server action → SDK action, field by field as @ai-sdk/openai builds it, so that the tool input's
 * JSON text is the same: snake_case scroll offsets become camelCase, null keys vanish. An action
 * of a type not known yet keeps its fields, with the same renames.
 */
function mapComputerAction(action: Record<string, unknown>): JsonObject {
  const fields =
    ACTION_FIELDS[action.type as string] ?? Object.keys(action).filter((f) => f !== 'type');
  const mapped: Record<string, unknown> = { type: action.type };
  for (const field of fields) {
    if (field !== 'keys') mapped[RENAMED[field] ?? field] = action[field];
  }
  if (action.keys != null) mapped.keys = action.keys;
  return mapped as JsonObject;
}

export function computerCallDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'computer_call'>,
  emit: Emit,
): void {
  const announced = takeOngoingCall(scope, outputIndex) !== undefined;
  if (item.call_id == null) {
    // Hosted computer use: OpenAI ran the action itself.
    const toolName = scope.tools.toSdkName('computer_use');
    if (announced) endToolInput(scope, emit, item.id);
    emit({
      type: 'tool-call',
      toolCallId: item.id,
      toolName,
      input: '',
      providerExecuted: true,
      providerMetadata: scope.responseMeta(),
    });
    emit({
      type: 'tool-result',
      toolCallId: item.id,
      toolName,
      result: { type: 'computer_use_tool_result', status: item.status ?? null },
      providerMetadata: scope.responseMeta(),
    });
    return;
  }

  scope.hasFunctionCall = true;
  const toolName = scope.tools.toSdkName('computer');
  const actions = item.actions ?? (item.action != null ? [item.action] : []);
  const input = JSON.stringify({
    actions: actions.map(mapComputerAction),
    pendingSafetyChecks:
      item.pending_safety_checks?.map((check) => ({
        id: check.id,
        ...(check.code != null && { code: check.code }),
        ...(check.message != null && { message: check.message }),
      })) ?? [],
    status: item.status,
  });
  emitToolInput(scope, emit, { id: item.call_id, toolName, opened: announced, deltas: [input] });
  emit({
    type: 'tool-call',
    toolCallId: item.call_id,
    toolName,
    input,
    providerMetadata: scope.meta(item.id),
  });
}

export function toolSearchAdded(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'tool_search_call'>,
  emit: Emit,
): void {
  const toolName = scope.tools.toSdkName('tool_search');
  const execution = item.execution ?? 'server';
  scope.ongoingToolCalls.set(outputIndex, {
    toolName,
    toolCallId: item.id,
    itemId: item.id,
    toolSearchExecution: execution,
  });
  if (execution === 'server') {
    startToolInput(scope, emit, item.id, toolName, { providerExecuted: true });
  }
}

export function toolSearchDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'tool_search_call'>,
  emit: Emit,
): void {
  const call = takeOngoingCall(scope, outputIndex);
  if (call == null) return;
  const hosted = item.execution === 'server';
  const toolCallId = hosted ? call.toolCallId : (item.call_id ?? item.id);
  // The matching tool_search_output carries no call id: pair them in order.
  if (hosted) scope.hostedToolSearchCallIds.push(toolCallId);
  emitToolInput(scope, emit, {
    id: toolCallId,
    toolName: call.toolName,
    opened: hosted,
    deltas: [],
  });
  emit({
    type: 'tool-call',
    toolCallId,
    toolName: call.toolName,
    input: JSON.stringify({ arguments: item.arguments, call_id: hosted ? null : toolCallId }),
    ...(hosted && { providerExecuted: true }),
    providerMetadata: scope.meta(item.id),
  });
}

export function toolSearchOutputDone(
  scope: MapperScope,
  item: ItemOf<'tool_search_output'>,
  emit: Emit,
): void {
  emit({
    type: 'tool-result',
    toolCallId: item.call_id ?? scope.hostedToolSearchCallIds.shift() ?? item.id,
    toolName: scope.tools.toSdkName('tool_search'),
    result: { tools: (item.tools ?? []) as JsonValue },
    providerMetadata: scope.meta(item.id),
  });
}

export function programDone(scope: MapperScope, item: ItemOf<'program'>, emit: Emit): void {
  emit({
    type: 'tool-call',
    toolCallId: item.call_id,
    toolName: scope.tools.toSdkName('programmatic_tool_calling'),
    input: JSON.stringify({ code: item.code ?? '', fingerprint: item.fingerprint ?? '' }),
    providerExecuted: true,
    providerMetadata: scope.meta(item.id),
  });
}

export function programOutputDone(
  scope: MapperScope,
  item: ItemOf<'program_output'>,
  emit: Emit,
): void {
  emit({
    type: 'tool-result',
    toolCallId: item.call_id,
    toolName: scope.tools.toSdkName('programmatic_tool_calling'),
    result: { result: item.result ?? null, status: item.status ?? null },
    providerMetadata: scope.meta(item.id),
  });
}
