import type { Item } from './items';

type Event = Record<string, unknown>;

/**
 * The events of a provider tool's call, as the recorded streams show them: the item announced
 * in progress (with its input still empty), its input streamed where the server streams it
 * (custom tool input, a patch's diff, the MCP call's arguments), then the item done.
 */
export function providerCallEvents(item: Item, outputIndex: number, events: Event[]): Item {
  const at = { item_id: item.id, output_index: outputIndex };
  const added = (announced: Item) =>
    events.push({ type: 'response.output_item.added', item: announced, output_index: outputIndex });
  switch (item.type) {
    case 'custom_tool_call': {
      added({ ...item, status: 'in_progress', input: '' });
      for (const delta of chunks(String(item.input))) {
        events.push({ type: 'response.custom_tool_call_input.delta', ...at, delta });
      }
      events.push({ type: 'response.custom_tool_call_input.done', ...at, input: item.input });
      break;
    }
    case 'apply_patch_call': {
      const operation = item.operation as { type: string; diff?: string };
      if (operation.diff === undefined) {
        added({ ...item, status: 'in_progress' });
        break;
      }
      added({ ...item, status: 'in_progress', operation: { ...operation, diff: '' } });
      for (const delta of chunks(operation.diff)) {
        events.push({ type: 'response.apply_patch_call_operation_diff.delta', ...at, delta });
      }
      events.push({
        type: 'response.apply_patch_call_operation_diff.done',
        ...at,
        diff: operation.diff,
      });
      break;
    }
    case 'mcp_call':
      added({ ...item, status: 'in_progress', arguments: '', output: null });
      events.push({ type: 'response.mcp_call.in_progress', ...at });
      events.push({ type: 'response.mcp_call_arguments.delta', ...at, delta: item.arguments });
      events.push({ type: 'response.mcp_call_arguments.done', ...at, arguments: item.arguments });
      events.push({ type: 'response.mcp_call.completed', ...at });
      break;
    case 'local_shell_call':
      added({ ...item, status: 'in_progress', action: { type: 'exec', command: [], env: {} } });
      break;
    case 'shell_call':
      added({ ...item, status: 'in_progress', action: { commands: [] } });
      break;
    default:
      added(item);
  }
  events.push({ type: 'response.output_item.done', item, output_index: outputIndex });
  return item;
}

/** Text in chunks of about eight characters, so a client always joins several deltas. */
function chunks(text: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += 8) parts.push(text.slice(i, i + 8));
  return parts;
}
