import type { ReasoningBlocks } from './map-reasoning';
import type { TextBlocks } from './map-text';
import type { Emit, MapperScope } from './mapper-scope';
import type { ServerEvent } from './schemas/event-schemas';
import type { ItemOf, ItemType, OutputItem } from './schemas/output-item-schemas';
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
  imagePartial,
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

type ItemMapper<K extends ItemType> = {
  /** `response.output_item.added`. */
  added?: (ctx: ItemContext, outputIndex: number, item: ItemOf<K>, emit: Emit) => void;
  /** `response.output_item.done`; `raw` is the item as the server sent it. */
  done?: (
    ctx: ItemContext,
    outputIndex: number,
    item: ItemOf<K>,
    emit: Emit,
    raw: Record<string, unknown>,
  ) => void;
};

/** The mapper of whichever item type `ITEM_MAPPERS[item.type]` picked (TypeScript cannot correlate them). */
type AnyItemMapper = {
  added?: (ctx: ItemContext, outputIndex: number, item: OutputItem, emit: Emit) => void;
  done?: (
    ctx: ItemContext,
    outputIndex: number,
    item: OutputItem,
    emit: Emit,
    raw: Record<string, unknown>,
  ) => void;
};

/**
 * Messages and reasoning stream into blocks. The output index remembers which item streams
 * there, because gateways may rotate item ids between the events of one item.
 */
function streamedItem<I extends { id: string }>(
  open: (ctx: ItemContext, item: I, emit: Emit) => void,
  close: (
    ctx: ItemContext,
    itemId: string,
    item: I,
    emit: Emit,
    raw: Record<string, unknown>,
  ) => void,
) {
  return {
    added(ctx: ItemContext, outputIndex: number, item: I, emit: Emit): void {
      ctx.setActiveItem(outputIndex, item.id);
      open(ctx, item, emit);
    },
    done(ctx: ItemContext, outputIndex: number, item: I, emit: Emit, raw: Record<string, unknown>) {
      close(ctx, ctx.resolveItemId(item.id, outputIndex), item, emit, raw);
      ctx.setActiveItem(outputIndex, undefined);
    },
  };
}

/** A mapper of done items that does not need the output index. */
const byItem =
  <I>(map: (ctx: ItemContext, item: I, emit: Emit) => void) =>
  (ctx: ItemContext, _outputIndex: number, item: I, emit: Emit) =>
    map(ctx, item, emit);

/**
 * What each output item type becomes, when it is announced and when it is done. Items a type
 * has no entry for (MCP items, shell calls and outputs, programs are mapped whole when done;
 * `mcp_list_tools` is never shown) produce nothing at that point.
 */
const ITEM_MAPPERS: { [K in ItemType]: ItemMapper<K> } = {
  message: streamedItem(
    (ctx, item, emit) => ctx.text.messageAdded(item.id, item.phase, emit),
    (ctx, itemId, item, emit, raw) =>
      ctx.text.messageDone(itemId, item.phase, messageText(raw), emit),
  ),
  reasoning: streamedItem(
    (ctx, item, emit) => ctx.reasoning.itemAdded(item.id, item.encrypted_content, emit),
    (ctx, itemId, item, emit) => ctx.reasoning.itemDone(itemId, item.encrypted_content, emit),
  ),
  function_call: { added: functionCallAdded, done: functionCallDone },
  custom_tool_call: { added: customToolCallAdded, done: customToolCallDone },
  web_search_call: {
    added: (ctx, outputIndex, item, emit) => webSearchAdded(ctx, outputIndex, item.id, emit),
    done: webSearchDone,
  },
  file_search_call: {
    added: byItem((ctx, item: { id: string }, emit) =>
      emptyInputCall(ctx, item.id, 'file_search', emit),
    ),
    done: fileSearchDone,
  },
  image_generation_call: {
    added: byItem((ctx, item: { id: string }, emit) =>
      emptyInputCall(ctx, item.id, 'image_generation', emit),
    ),
    done: byItem(imageGenerationDone),
  },
  code_interpreter_call: { added: codeInterpreterAdded, done: codeInterpreterDone },
  computer_call: { added: computerCallAdded, done: computerCallDone },
  tool_search_call: { added: toolSearchAdded, done: toolSearchDone },
  tool_search_output: { done: byItem(toolSearchOutputDone) },
  apply_patch_call: { added: applyPatchAdded, done: applyPatchDone },
  mcp_call: { done: byItem(mcpCallDone) },
  mcp_approval_request: { done: byItem(mcpApprovalRequestDone) },
  mcp_list_tools: {},
  local_shell_call: { done: byItem(localShellDone) },
  shell_call: { done: byItem(shellCallDone) },
  shell_call_output: { done: byItem(shellOutputDone) },
  program: { done: byItem(programDone) },
  program_output: { done: byItem(programOutputDone) },
  compaction: {
    done: byItem((ctx, item: ItemOf<'compaction'>, emit) =>
      emit({
        type: 'custom',
        kind: 'openai.compaction',
        providerMetadata: ctx.meta(item.id, {
          type: 'compaction',
          encryptedContent: item.encrypted_content,
        }),
      }),
    ),
  },
};

/** `response.output_item.added`. */
export function mapItemAdded(
  ctx: ItemContext,
  outputIndex: number,
  item: OutputItem,
  emit: Emit,
): void {
  (ITEM_MAPPERS[item.type] as AnyItemMapper).added?.(ctx, outputIndex, item, emit);
}

/** `response.output_item.done`. */
export function mapItemDone(
  ctx: ItemContext,
  outputIndex: number,
  item: OutputItem,
  rawItem: Record<string, unknown>,
  emit: Emit,
): void {
  (ITEM_MAPPERS[item.type] as AnyItemMapper).done?.(ctx, outputIndex, item, emit, rawItem);
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

/**
 * Streamed tool inputs (function arguments, custom tool input, interpreter code, patch diffs)
 * and partial images of image generation (preliminary tool results).
 */
export function mapToolInputEvent(
  ctx: ItemContext,
  value: ServerEvent<
    | 'response.image_generation_call.partial_image'
    | 'response.function_call_arguments.delta'
    | 'response.custom_tool_call_input.delta'
    | 'response.code_interpreter_call_code.delta'
    | 'response.code_interpreter_call_code.done'
    | 'response.apply_patch_call_operation_diff.delta'
    | 'response.apply_patch_call_operation_diff.done'
  >,
  emit: Emit,
): void {
  if (value.type === 'response.image_generation_call.partial_image') {
    imagePartial(ctx, value.item_id, value.partial_image_b64, emit);
    return;
  }
  // Input of a call never announced has nothing to attach to: its done item emits it whole.
  const call = ctx.ongoingToolCalls.get(value.output_index);
  if (call == null) return;
  switch (value.type) {
    case 'response.function_call_arguments.delta':
    case 'response.custom_tool_call_input.delta':
      toolInputDelta(call, value.delta, emit);
      return;
    case 'response.code_interpreter_call_code.delta':
      codeInterpreterCodeDelta(call, value.delta, emit);
      return;
    case 'response.code_interpreter_call_code.done':
      codeInterpreterCodeDone(ctx, call, value.code, emit);
      return;
    case 'response.apply_patch_call_operation_diff.delta':
      applyPatchDiffDelta(call, value.delta, emit);
      return;
    case 'response.apply_patch_call_operation_diff.done':
      applyPatchDiffDone(ctx, call, value.diff, emit);
      return;
  }
}
