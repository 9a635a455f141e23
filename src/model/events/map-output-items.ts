import type { ReasoningBlocks } from './map-reasoning';
import type { TextBlocks } from './map-text';
import type { Emit, MapperScope } from './mapper-scope';
import type { ServerEvent } from './schemas/event-schemas';
import type { OutputItem } from './schemas/output-item-schemas';
import {
  computerCallAdded,
  computerCallDone,
  programDone,
  programOutputDone,
  toolSearchAdded,
  toolSearchDone,
  toolSearchOutputDone,
} from './tools/map-agent-tools';
import {
  customToolCallAdded,
  customToolCallDone,
  functionCallAdded,
  functionCallDone,
  toolInputDelta,
} from './tools/map-function-calls';
import {
  codeInterpreterAdded,
  codeInterpreterCodeDelta,
  codeInterpreterCodeDone,
  codeInterpreterDone,
  emptyInputCall,
  fileSearchDone,
  imageGenerationDone,
  mcpApprovalRequestDone,
  mcpCallDone,
  webSearchAdded,
  webSearchDone,
} from './tools/map-hosted-tools';
import {
  applyPatchAdded,
  applyPatchDiffDelta,
  applyPatchDiffDone,
  applyPatchDone,
  localShellDone,
  shellCallDone,
  shellOutputDone,
} from './tools/map-shell-tools';

/** What the item dispatch needs beyond the shared scope. */
export type ItemContext = MapperScope & {
  readonly text: TextBlocks;
  readonly reasoning: ReasoningBlocks;
  /** `store` of the response: decides when reasoning blocks close. */
  readonly store: boolean;
  /** Remembers which item streams at an output index (gateways may rotate item ids). */
  setActiveItem(outputIndex: number, itemId: string | undefined): void;
  resolveItemId(itemId: string, outputIndex: number | null | undefined): string;
};

/** `response.output_item.added`. */
export function mapItemAdded(
  ctx: ItemContext,
  outputIndex: number,
  item: OutputItem,
  emit: Emit,
): void {
  switch (item.type) {
    case 'message':
      ctx.setActiveItem(outputIndex, item.id);
      ctx.text.messageAdded(item.id, item.phase, emit);
      return;
    case 'reasoning':
      ctx.setActiveItem(outputIndex, item.id);
      ctx.reasoning.itemAdded(item.id, item.encrypted_content, emit);
      return;
    case 'function_call':
      functionCallAdded(ctx, outputIndex, item, emit);
      return;
    case 'custom_tool_call':
      customToolCallAdded(ctx, outputIndex, item, emit);
      return;
    case 'web_search_call':
      webSearchAdded(ctx, outputIndex, item.id, emit);
      return;
    case 'file_search_call':
      emptyInputCall(ctx, item.id, 'file_search', emit);
      return;
    case 'image_generation_call':
      emptyInputCall(ctx, item.id, 'image_generation', emit);
      return;
    case 'code_interpreter_call':
      codeInterpreterAdded(ctx, outputIndex, item, emit);
      return;
    case 'computer_call':
      computerCallAdded(ctx, outputIndex, item, emit);
      return;
    case 'tool_search_call':
      toolSearchAdded(ctx, outputIndex, item, emit);
      return;
    case 'apply_patch_call':
      applyPatchAdded(ctx, outputIndex, item, emit);
      return;
    default:
      // MCP items, shell calls and outputs, programs: mapped whole when done.
      return;
  }
}

function messageText(rawItem: Record<string, unknown>): string {
  const content = Array.isArray(rawItem.content) ? rawItem.content : [];
  return content
    .map((part) => {
      const value = part as { text?: unknown; refusal?: unknown };
      if (typeof value.text === 'string') return value.text;
      return typeof value.refusal === 'string' ? value.refusal : '';
    })
    .join('');
}

/** `response.output_item.done`. */
export function mapItemDone(
  ctx: ItemContext,
  outputIndex: number,
  item: OutputItem,
  rawItem: Record<string, unknown>,
  emit: Emit,
): void {
  switch (item.type) {
    case 'message': {
      const itemId = ctx.resolveItemId(item.id, outputIndex);
      ctx.text.messageDone(itemId, item.phase, messageText(rawItem), emit);
      ctx.setActiveItem(outputIndex, undefined);
      return;
    }
    case 'reasoning': {
      const itemId = ctx.resolveItemId(item.id, outputIndex);
      ctx.reasoning.itemDone(itemId, item.encrypted_content, emit);
      ctx.setActiveItem(outputIndex, undefined);
      return;
    }
    case 'function_call':
      functionCallDone(ctx, outputIndex, item, emit);
      return;
    case 'custom_tool_call':
      customToolCallDone(ctx, outputIndex, item, emit);
      return;
    case 'web_search_call':
      webSearchDone(ctx, outputIndex, item, emit);
      return;
    case 'file_search_call':
      fileSearchDone(ctx, outputIndex, item, emit);
      return;
    case 'code_interpreter_call':
      codeInterpreterDone(ctx, outputIndex, item, emit);
      return;
    case 'image_generation_call':
      imageGenerationDone(ctx, item, emit);
      return;
    case 'mcp_call':
      mcpCallDone(ctx, item, emit);
      return;
    case 'mcp_approval_request':
      mcpApprovalRequestDone(ctx, item, emit);
      return;
    case 'mcp_list_tools':
      return; // Not shown to the caller and never sent back.
    case 'local_shell_call':
      localShellDone(ctx, item, emit);
      return;
    case 'shell_call':
      shellCallDone(ctx, item, emit);
      return;
    case 'shell_call_output':
      shellOutputDone(ctx, item, emit);
      return;
    case 'apply_patch_call':
      applyPatchDone(ctx, outputIndex, item, emit);
      return;
    case 'computer_call':
      computerCallDone(ctx, outputIndex, item, emit);
      return;
    case 'tool_search_call':
      toolSearchDone(ctx, outputIndex, item, emit);
      return;
    case 'tool_search_output':
      toolSearchOutputDone(ctx, item, emit);
      return;
    case 'program':
      programDone(ctx, item, emit);
      return;
    case 'program_output':
      programOutputDone(ctx, item, emit);
      return;
  }
}

/** Streamed tool inputs: function arguments, custom tool input, interpreter code, patch diffs. */
export function mapToolInputEvent(
  ctx: ItemContext,
  value: ServerEvent<
    | 'response.function_call_arguments.delta'
    | 'response.custom_tool_call_input.delta'
    | 'response.code_interpreter_call_code.delta'
    | 'response.code_interpreter_call_code.done'
    | 'response.apply_patch_call_operation_diff.delta'
    | 'response.apply_patch_call_operation_diff.done'
  >,
  emit: Emit,
): void {
  switch (value.type) {
    case 'response.function_call_arguments.delta':
    case 'response.custom_tool_call_input.delta':
      toolInputDelta(ctx, value.output_index, value.delta, emit);
      return;
    case 'response.code_interpreter_call_code.delta':
      codeInterpreterCodeDelta(ctx, value.output_index, value.delta, emit);
      return;
    case 'response.code_interpreter_call_code.done':
      codeInterpreterCodeDone(ctx, value.output_index, value.code, emit);
      return;
    case 'response.apply_patch_call_operation_diff.delta':
      applyPatchDiffDelta(ctx, value.output_index, value.delta, emit);
      return;
    case 'response.apply_patch_call_operation_diff.done':
      applyPatchDiffDone(ctx, value.output_index, value.diff, emit);
      return;
  }
}
