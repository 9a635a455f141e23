import { parseJSON, stringifyWithBigIntAndCycles, validateTypes } from '@ai-sdk/provider-utils';
import type { InputItem, JsonObject, JsonValue, ToolCallPart } from '../types';
import type { AssistantContext } from './assistant-context';
import { serializeToolCallArguments } from './json-cache';
import { getPartOption } from './part-options';
import {
  applyPatchInput,
  computerInput,
  localShellInput,
  programInput,
  shellInput,
  toolSearchInput,
} from './tool-io-schemas';

/**
 * One assistant tool-call part → its input item, by `@ai-sdk/openai`'s rules:
 * - tool search calls and programs: an `item_reference` when stored, else the item rebuilt;
 * - provider-executed calls: an `item_reference` when stored (a shell call without storage is
 *   rebuilt with its output);
 * - calls of round-trip tools (local shell, shell, apply_patch, computer, custom tools): an
 *   `item_reference` when stored, nothing when a user-supplied `previousResponseId` already
 *   holds them, else the call item rebuilt from the input;
 * - anything else: a `function_call` (never referenced: its output pairs by `call_id`).
 */
export async function convertToolCall(
  part: ToolCallPart,
  context: AssistantContext,
  input: InputItem[],
): Promise<void> {
  const { providerOptionsName: name, tools, store } = context;
  const id = partOption(part, name, 'itemId') as string | undefined;
  const caller = getPartOption(part.providerOptions, name, 'caller') as
    | { type?: string }
    | undefined;
  if (caller?.type === 'program') context.programCallIds.add(part.toolCallId);
  if (context.hasConversation && id != null) return;
  const wireName = tools.names.toWireName(part.toolName);
  const reference = () => input.push({ type: 'item_reference', id: id as string });

  if (part.toolName === tools.toolSearchName) {
    if (store && id != null) return void reference();
    return void input.push(await toolSearchCall(part, id));
  }
  if (wireName === 'programmatic_tool_calling') {
    if (store && id != null) return void reference();
    const { code, fingerprint } = await validateTypes({ value: part.input, schema: programInput });
    return void input.push({
      type: 'program',
      id: id ?? part.toolCallId,
      call_id: part.toolCallId,
      code,
      fingerprint,
    });
  }
  if (part.providerExecuted) {
    if (store && id != null) reference();
    // Without storage a hosted shell call is sent again, together with its output.
    if (store || !tools.hasShell || wireName !== 'shell') return;
  }
  const roundTrip = roundTripCall(part, context, wireName, id);
  if (roundTrip !== undefined) {
    if (context.hasPreviousResponseId && store && id != null) return;
    if (store && id != null) return void reference();
    return void input.push(await roundTrip());
  }
  input.push(functionCall(part, context, wireName));
}

/** The SDK puts the metadata of a V4 part on `providerOptions`; a stored one may keep `providerMetadata`. */
function partOption(part: ToolCallPart, name: string, key: string): unknown {
  return (
    getPartOption(part.providerOptions, name, key) ??
    (part as { providerMetadata?: Record<string, Record<string, unknown>> }).providerMetadata?.[
      name
    ]?.[key]
  );
}

async function toolSearchCall(part: ToolCallPart, id: string | undefined): Promise<InputItem> {
  const parsed =
    typeof part.input === 'string'
      ? await parseJSON({ text: part.input, schema: toolSearchInput })
      : await validateTypes({ value: part.input, schema: toolSearchInput });
  return {
    type: 'tool_search_call',
    id: id ?? part.toolCallId,
    execution: parsed.call_id != null ? 'client' : 'server',
    call_id: parsed.call_id ?? null,
    status: 'completed',
    arguments: parsed.arguments as JsonValue | undefined,
  };
}

/** The rebuilder of a call of a round-trip tool the call declares; undefined for any other call. */
function roundTripCall(
  part: ToolCallPart,
  { tools, providerOptionsName: name }: AssistantContext,
  wireName: string,
  id: string | undefined,
): (() => Promise<InputItem>) | undefined {
  const callId = part.toolCallId;
  if (tools.hasLocalShell && wireName === 'local_shell') {
    return async () => {
      const { action } = await validateTypes({ value: part.input, schema: localShellInput });
      return {
        type: 'local_shell_call',
        call_id: callId,
        id,
        action: {
          type: 'exec',
          command: action.command,
          timeout_ms: action.timeoutMs,
          user: action.user,
          working_directory: action.workingDirectory,
          env: action.env,
        },
      };
    };
  }
  if (tools.hasShell && wireName === 'shell') {
    return async () => {
      const { action } = await validateTypes({ value: part.input, schema: shellInput });
      const wireAction = {
        commands: action.commands,
        timeout_ms: action.timeoutMs,
        max_output_length: action.maxOutputLength,
      };
      return { type: 'shell_call', call_id: callId, id, status: 'completed', action: wireAction };
    };
  }
  if (tools.hasApplyPatch && wireName === 'apply_patch') {
    return async () => {
      const parsed = await validateTypes({ value: part.input, schema: applyPatchInput });
      return {
        type: 'apply_patch_call',
        call_id: parsed.callId,
        id,
        status: 'completed',
        operation: parsed.operation,
      };
    };
  }
  if (tools.hasComputer && wireName === 'computer') {
    return async () => computerCall(part, id);
  }
  if (tools.customToolNames.has(wireName)) {
    return async () => {
      const isAsync = partOption(part, name, 'async') as boolean | undefined;
      return {
        type: 'custom_tool_call',
        call_id: callId,
        name: wireName,
        input:
          typeof part.input === 'string' ? part.input : stringifyWithBigIntAndCycles(part.input),
        ...(isAsync != null && { async: isAsync }),
        id,
      };
    };
  }
  return undefined;
}

async function computerCall(part: ToolCallPart, id: string | undefined): Promise<InputItem> {
  const parsed = await validateTypes({ value: part.input, schema: computerInput });
  return {
    type: 'computer_call',
    call_id: part.toolCallId,
    id,
    status: parsed.status,
    actions: parsed.actions.map((action): JsonObject => {
      if (action.type !== 'scroll') return action;
      return {
        type: 'scroll',
        x: action.x,
        y: action.y,
        scroll_x: action.scrollX,
        scroll_y: action.scrollY,
        keys: action.keys,
      };
    }),
    pending_safety_checks: parsed.pendingSafetyChecks.map((check) => ({
      id: check.id,
      code: check.code,
      message: check.message,
    })),
  };
}

function functionCall(part: ToolCallPart, context: AssistantContext, wireName: string): InputItem {
  const name = context.providerOptionsName;
  const isAsync = partOption(part, name, 'async') as boolean | undefined;
  const namespace = partOption(part, name, 'namespace') as string | undefined;
  const caller = mapToolCaller(getPartOption(part.providerOptions, name, 'caller'));
  return {
    type: 'function_call',
    call_id: part.toolCallId,
    name: wireName,
    arguments: serializeToolCallArguments(part.input),
    ...(isAsync != null && { async: isAsync }),
    ...(namespace != null && { namespace }),
    ...(caller != null && { caller }),
  };
}

/** `{ type: 'program', callerId }` → `{ type: 'program', caller_id }`; direct as is. */
export function mapToolCaller(caller: unknown): JsonObject | undefined {
  if (caller == null || typeof caller !== 'object') return undefined;
  const { type, callerId } = caller as { type?: string; callerId?: string };
  return type === 'program' ? { type: 'program', caller_id: callerId } : (caller as JsonObject);
}
