import type { JsonObject, JsonValue } from '../../../types';
import { asObject } from '../../../util/as-object';
import type { Emit, MapperScope, OngoingToolCall } from '../mapper-scope';
import type { ItemOf } from '../schemas/output-item-schemas';
import { emitHostedResult, emitToolInput, endToolInput, startToolInput } from './tool-input';

/*
 * Tools OpenAI runs itself (web search, file search, code interpreter, image generation, MCP):
 * a provider-executed tool call when the item is announced or done, and its tool result when it
 * is done. Shapes and tool names follow @ai-sdk/openai so tool UIs keep working unchanged.
 */

/** JSON-escapes text that is streamed inside a JSON string literal. */
export function escapeJsonDelta(delta: string): string {
  return JSON.stringify(delta).slice(1, -1);
}

export function webSearchAdded(
  scope: MapperScope,
  outputIndex: number,
  id: string,
  emit: Emit,
): void {
  const toolName = scope.tools.toSdkName(scope.tools.webSearch);
  scope.ongoingToolCalls.set(outputIndex, { toolName, toolCallId: id, itemId: id });
  emitToolInput(scope, emit, { id, toolName, providerExecuted: true, deltas: [] });
  emit({
    type: 'tool-call',
    toolCallId: id,
    toolName,
    input: JSON.stringify({}),
    providerExecuted: true,
    providerMetadata: scope.responseMeta(),
  });
}

function mapWebSearchAction(action: Record<string, unknown> | null | undefined): JsonObject {
  switch (action?.type) {
    case 'search': {
      const query = typeof action.query === 'string' ? action.query : undefined;
      return {
        action: {
          type: 'search',
          query,
          ...(Array.isArray(action.queries) && { queries: action.queries as JsonValue[] }),
        },
        ...(Array.isArray(action.sources) && { sources: action.sources as JsonValue[] }),
      };
    }
    case 'open_page':
      return { action: { type: 'openPage', url: action.url as JsonValue | undefined } };
    case 'find_in_page':
      return {
        action: {
          type: 'findInPage',
          url: action.url as JsonValue | undefined,
          pattern: action.pattern as JsonValue | undefined,
        },
      };
    default:
      return {};
  }
}

export function webSearchDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'web_search_call'>,
  emit: Emit,
): void {
  scope.ongoingToolCalls.delete(outputIndex);
  const completed = item.status == null || item.status === 'completed';
  emitHostedResult(
    scope,
    emit,
    item.id,
    scope.tools.webSearch,
    completed
      ? { result: mapWebSearchAction(item.action) }
      : { isError: true, result: { status: item.status ?? null } },
  );

  if (item.action?.type !== 'search' || !Array.isArray(item.action.sources)) return;
  for (const source of item.action.sources) {
    const value = asObject(source);
    if (value?.type === 'url' && typeof value.url === 'string') {
      scope.hasWebSearchActionSources = true;
      emit({ type: 'source', sourceType: 'url', id: scope.generateId(), url: value.url });
    }
  }
}

/** file_search_call and image_generation_call announce a call with empty input. */
export function emptyInputCall(
  scope: MapperScope,
  id: string,
  serverToolName: string,
  emit: Emit,
): void {
  emit({
    type: 'tool-call',
    toolCallId: id,
    toolName: scope.tools.toSdkName(serverToolName),
    input: '{}',
    providerExecuted: true,
    providerMetadata: scope.responseMeta(),
  });
}

export function fileSearchDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'file_search_call'>,
  emit: Emit,
): void {
  scope.ongoingToolCalls.delete(outputIndex);
  emitHostedResult(scope, emit, item.id, 'file_search', {
    result: {
      queries: item.queries ?? [],
      results:
        item.results?.map((result) => ({
          attributes: (result.attributes ?? {}) as JsonObject,
          fileId: result.file_id,
          filename: result.filename,
          score: result.score ?? null,
          text: result.text ?? null,
        })) ?? null,
    },
  });
  for (const result of item.results ?? []) {
    scope.hasFileSearchResults = true;
    if (scope.retrievedFileIds.has(result.file_id)) continue;
    scope.retrievedFileIds.add(result.file_id);
    emit({
      type: 'source',
      sourceType: 'document',
      id: scope.generateId(),
      mediaType: 'text/plain',
      title: result.filename,
      filename: result.filename,
      providerMetadata: {
        [scope.providerOptionsName]: { type: 'file_search', fileId: result.file_id },
      },
    });
  }
}

export function codeInterpreterAdded(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'code_interpreter_call'>,
  emit: Emit,
): void {
  const toolName = scope.tools.toSdkName('code_interpreter');
  scope.ongoingToolCalls.set(outputIndex, {
    toolName,
    toolCallId: item.id,
    itemId: item.id,
    codeInterpreterContainerId: item.container_id,
  });
  startToolInput(scope, emit, item.id, toolName, { providerExecuted: true });
  // The input is streamed as JSON: the container id first, then the code as it is written.
  emit({
    type: 'tool-input-delta',
    id: item.id,
    delta: `{"containerId":"${escapeJsonDelta(item.container_id)}","code":"`,
  });
}

export function codeInterpreterCodeDelta(call: OngoingToolCall, delta: string, emit: Emit): void {
  emit({ type: 'tool-input-delta', id: call.toolCallId, delta: escapeJsonDelta(delta) });
}

export function codeInterpreterCodeDone(
  scope: MapperScope,
  call: OngoingToolCall,
  code: string,
  emit: Emit,
): void {
  emit({ type: 'tool-input-delta', id: call.toolCallId, delta: '"}' });
  endToolInput(scope, emit, call.toolCallId);
  emit({
    type: 'tool-call',
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    input: JSON.stringify({ code, containerId: call.codeInterpreterContainerId }),
    providerExecuted: true,
    providerMetadata: scope.responseMeta(),
  });
}

export function codeInterpreterDone(
  scope: MapperScope,
  outputIndex: number,
  item: ItemOf<'code_interpreter_call'>,
  emit: Emit,
): void {
  scope.ongoingToolCalls.delete(outputIndex);
  emitHostedResult(scope, emit, item.id, 'code_interpreter', {
    result: { outputs: (item.outputs ?? null) as JsonValue },
  });
}

export function imageGenerationDone(
  scope: MapperScope,
  item: ItemOf<'image_generation_call'>,
  emit: Emit,
): void {
  emitHostedResult(scope, emit, item.id, 'image_generation', {
    result: { result: item.result ?? null },
  });
}

/** A partial image while it is generated: a preliminary result, the final one follows. */
export function imagePartial(scope: MapperScope, itemId: string, image: string, emit: Emit): void {
  emit({
    type: 'tool-result',
    toolCallId: itemId,
    toolName: scope.tools.toSdkName('image_generation'),
    result: { result: image },
    preliminary: true,
    providerMetadata: scope.responseMeta(),
  });
}

export function mcpCallDone(scope: MapperScope, item: ItemOf<'mcp_call'>, emit: Emit): void {
  // A call that needed approval is known to the caller by the id its approval request got.
  const toolCallId =
    item.approval_request_id != null
      ? (scope.approvalToolCallIds.get(item.approval_request_id) ?? item.id)
      : item.id;
  const name = item.name ?? '';
  const toolName = `mcp.${name}`;
  emit({
    type: 'tool-call',
    toolCallId,
    toolName,
    input: item.arguments ?? '',
    providerExecuted: true,
    dynamic: true,
    providerMetadata: scope.responseMeta(),
  });
  emit({
    type: 'tool-result',
    toolCallId,
    toolName,
    result: {
      type: 'call',
      serverLabel: item.server_label ?? null,
      name,
      arguments: item.arguments ?? '',
      ...(item.output != null && { output: item.output }),
      ...(item.error != null && { error: item.error as JsonValue }),
    },
    providerMetadata: scope.meta(item.id),
  });
}

export function mcpApprovalRequestDone(
  scope: MapperScope,
  item: ItemOf<'mcp_approval_request'>,
  emit: Emit,
): void {
  const approvalId = item.approval_request_id ?? item.id;
  const toolCallId = scope.generateId();
  scope.approvalToolCallIds.set(approvalId, toolCallId);
  emit({
    type: 'tool-call',
    toolCallId,
    toolName: `mcp.${item.name ?? ''}`,
    input: item.arguments ?? '',
    providerExecuted: true,
    dynamic: true,
    providerMetadata: scope.responseMeta(),
  });
  emit({ type: 'tool-approval-request', approvalId, toolCallId });
}
