import type { IdFactory } from './id-factory';
import { type Item, isRecord } from './items';
import type { ScriptedToolCall } from './types';

/** A planned tool call: a `function_call`, or the finished item of a provider tool's call. */
export type PlannedCall =
  | { type: 'function_call'; id: string; callId: string; name: string; arguments: string }
  | { type: 'provider_call'; item: Item };

const argumentText = (value: Record<string, unknown> | string) =>
  typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A scripted tool call with fresh ids, as the finished item the real server would hold for it.
 * An `mcp_call` answers the first approval of the request's input it has not used yet.
 */
export function planToolCall(
  call: ScriptedToolCall,
  ids: IdFactory,
  body: Record<string, unknown>,
  usedApprovals: Set<string>,
): PlannedCall {
  switch (call.type) {
    case undefined:
    case 'function':
      return {
        type: 'function_call',
        id: ids.next('fc'),
        callId: ids.next('call'),
        name: call.name,
        arguments: argumentText(call.arguments),
      };
    case 'custom': {
      const item = { type: 'custom_tool_call', id: ids.next('ctc'), status: 'completed' };
      return {
        type: 'provider_call',
        item: { ...item, call_id: ids.next('call'), name: call.name, input: call.input },
      };
    }
    case 'local_shell': {
      const action = {
        type: 'exec',
        command: call.command,
        ...(call.timeoutMs !== undefined && { timeout_ms: call.timeoutMs }),
        ...(call.workingDirectory !== undefined && { working_directory: call.workingDirectory }),
        env: call.env ?? {},
        ...(call.user !== undefined && { user: call.user }),
      };
      const item = { id: ids.next('lsh'), type: 'local_shell_call', status: 'completed', action };
      return { type: 'provider_call', item: { ...item, call_id: ids.next('call') } };
    }
    case 'shell': {
      const action = {
        commands: call.commands,
        max_output_length: call.maxOutputLength ?? null,
        timeout_ms: call.timeoutMs ?? null,
      };
      const item = { id: ids.next('sh'), type: 'shell_call', status: 'completed', action };
      return { type: 'provider_call', item: { ...item, call_id: ids.next('call') } };
    }
    case 'apply_patch': {
      const item = { id: ids.next('apc'), type: 'apply_patch_call', status: 'completed' };
      return {
        type: 'provider_call',
        item: { ...item, call_id: ids.next('call'), operation: call.operation },
      };
    }
    case 'mcp_approval_request':
      return {
        type: 'provider_call',
        item: {
          id: ids.next('mcpr'),
          type: 'mcp_approval_request',
          arguments: argumentText(call.arguments),
          name: call.name,
          server_label: call.serverLabel,
        },
      };
    case 'mcp_call':
      return {
        type: 'provider_call',
        item: {
          id: ids.next('mcp'),
          type: 'mcp_call',
          status: 'completed',
          approval_request_id: nextApproval(body, usedApprovals),
          arguments: argumentText(call.arguments),
          error: null,
          name: call.name,
          output: call.output,
          server_label: call.serverLabel,
        },
      };
  }
}

/** The first approval the request's input grants that no call of this response answered yet. */
function nextApproval(body: Record<string, unknown>, used: Set<string>): string | null {
  const input = Array.isArray(body.input) ? body.input : [];
  for (const item of input) {
    if (!isRecord(item) || item.type !== 'mcp_approval_response' || item.approve !== true) continue;
    const id = String(item.approval_request_id);
    if (used.has(id)) continue;
    used.add(id);
    return id;
  }
  return null;
}
