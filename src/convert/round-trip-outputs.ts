import { validateTypes } from '@ai-sdk/provider-utils';
import type { InputItem, JsonValue, ToolResultPart } from '../types';
import type { ToolContext } from './tool-context';
import {
  applyPatchOutput,
  computerOutput,
  localShellOutput,
  shellOutput,
  toolSearchOutput,
} from './tool-io-schemas';

/**
 * The result of a round-trip tool the app ran (a tool message part) → the output item its call
 * waits for: `local_shell_call_output`, `shell_call_output`, `apply_patch_call_output`,
 * `computer_call_output` or a client `tool_search_output`, as `@ai-sdk/openai` builds them from
 * a JSON result. Undefined when the part is not such a result (it becomes a function output or
 * a custom tool output instead).
 */
export async function roundTripOutput(
  part: ToolResultPart,
  tools: ToolContext,
): Promise<InputItem | undefined> {
  const { output } = part;
  if (output.type !== 'json') return undefined;
  const wireName = tools.names.toWireName(part.toolName);
  const callId = part.toolCallId;
  if (part.toolName === tools.toolSearchName) {
    const { tools: loaded } = await validateTypes({
      value: output.value,
      schema: toolSearchOutput,
    });
    return {
      type: 'tool_search_output',
      execution: 'client',
      call_id: callId,
      status: 'completed',
      tools: loaded as JsonValue,
    };
  }
  if (tools.hasLocalShell && wireName === 'local_shell') {
    const parsed = await validateTypes({ value: output.value, schema: localShellOutput });
    return { type: 'local_shell_call_output', call_id: callId, output: parsed.output };
  }
  if (tools.hasShell && wireName === 'shell') return shellCallOutput(callId, output.value);
  // @ai-sdk/openai matches apply_patch results by the SDK name 'apply_patch' itself.
  if (tools.hasApplyPatch && part.toolName === 'apply_patch') {
    const parsed = await validateTypes({ value: output.value, schema: applyPatchOutput });
    return {
      type: 'apply_patch_call_output',
      call_id: callId,
      status: parsed.status,
      output: parsed.output,
    };
  }
  if (tools.hasComputer && wireName === 'computer') {
    const parsed = await validateTypes({ value: output.value, schema: computerOutput });
    return {
      type: 'computer_call_output',
      call_id: callId,
      output: {
        type: 'computer_screenshot',
        image_url: parsed.output.imageUrl,
        file_id: parsed.output.fileId,
        detail: parsed.output.detail,
      },
      acknowledged_safety_checks: parsed.acknowledgedSafetyChecks?.map((check) => ({
        id: check.id,
        code: check.code,
        message: check.message,
      })),
    };
  }
  return undefined;
}

/** A shell result → `shell_call_output` (an app's local shell, or a hosted one resent). */
export async function shellCallOutput(callId: string, value: JsonValue): Promise<InputItem> {
  const parsed = await validateTypes({ value, schema: shellOutput });
  return {
    type: 'shell_call_output',
    call_id: callId,
    ...(parsed.maxOutputLength != null && { max_output_length: parsed.maxOutputLength }),
    output: parsed.output.map((entry) => ({
      stdout: entry.stdout,
      stderr: entry.stderr,
      outcome:
        entry.outcome.type === 'timeout'
          ? { type: 'timeout' }
          : { type: 'exit', exit_code: entry.outcome.exitCode },
    })),
  };
}
