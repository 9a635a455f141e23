import { validateTypes } from '@ai-sdk/provider-utils';
import type { InputItem, JsonValue, ToolResultPart, Warning } from '../types';
import type { AssistantContext } from './assistant-context';
import { getPartOption } from './part-options';
import { shellCallOutput } from './round-trip-outputs';
import { programOutput, toolSearchOutput, webSearchOutput } from './tool-io-schemas';

/**
 * An assistant tool-result part (the result of a tool OpenAI ran itself) → its input item, by
 * `@ai-sdk/openai`'s rules: stored results are referenced by item id; without storage, web
 * search calls, tool search outputs and program outputs are rebuilt from the result, a hosted
 * shell's output always is (its item id is not the call's), and anything else is left out with
 * a warning. Synthetic results of denied approvals have no item and are skipped.
 */
export async function convertProviderResult(
  part: ToolResultPart,
  context: AssistantContext,
  input: InputItem[],
  warnings: Warning[],
): Promise<void> {
  const { output } = part;
  const denied =
    output.type === 'execution-denied' ||
    (output.type === 'json' &&
      typeof output.value === 'object' &&
      output.value != null &&
      !Array.isArray(output.value) &&
      output.value.type === 'execution-denied');
  if (denied || context.hasConversation) return;
  const { store, tools, providerOptionsName: name } = context;
  const wireName = tools.names.toWireName(part.toolName);
  const itemId = (getPartOption(part.providerOptions, name, 'itemId') ??
    (part as { providerMetadata?: Record<string, Record<string, unknown>> }).providerMetadata?.[
      name
    ]?.itemId ??
    part.toolCallId) as string;

  if (wireName === 'web_search' || wireName === 'web_search_preview') {
    if (store) return void input.push({ type: 'item_reference', id: itemId });
    const call = await webSearchCall(output, itemId);
    if (call != null) return void input.push(call);
  } else if (part.toolName === tools.toolSearchName) {
    if (store) input.push({ type: 'item_reference', id: itemId });
    else if (output.type === 'json') {
      const parsed = await validateTypes({ value: output.value, schema: toolSearchOutput });
      input.push({
        type: 'tool_search_output',
        id: itemId,
        execution: 'server',
        call_id: null,
        status: 'completed',
        tools: parsed.tools as JsonValue,
      });
    }
    return;
  } else if (wireName === 'programmatic_tool_calling') {
    if (store) input.push({ type: 'item_reference', id: itemId });
    else if (output.type === 'json') {
      const parsed = await validateTypes({ value: output.value, schema: programOutput });
      input.push({
        type: 'program_output',
        id: itemId,
        call_id: part.toolCallId,
        result: parsed.result,
        status: parsed.status,
      });
    }
    return;
  } else if (tools.hasShell && wireName === 'shell') {
    if (output.type === 'json') input.push(await shellCallOutput(part.toolCallId, output.value));
    return;
  }
  if (store) {
    const id = (getPartOption(part.providerOptions, name, 'itemId') as string) ?? part.toolCallId;
    input.push({ type: 'item_reference', id });
    return;
  }
  warnings.push({
    type: 'other',
    message: `Results for OpenAI tool ${part.toolName} are not sent to the API when store is false`,
  });
}

/** A web search result → the `web_search_call` it came from (store false); undefined if it cannot be. */
async function webSearchCall(
  output: ToolResultPart['output'],
  id: string,
): Promise<InputItem | undefined> {
  if (output.type !== 'json') return undefined;
  const parsed = webSearchOutput.safeParse(output.value);
  if (!parsed.success || parsed.data.action == null) return undefined;
  const { action, sources } = parsed.data;
  const base = { type: 'web_search_call', id, status: 'completed' };
  switch (action.type) {
    case 'search':
      return {
        ...base,
        action: {
          type: 'search',
          ...(action.query != null && { query: action.query }),
          ...(action.queries != null && { queries: action.queries }),
          ...(sources != null && { sources }),
        },
      };
    case 'openPage':
      return { ...base, action: { type: 'open_page', url: action.url } };
    case 'findInPage':
      return {
        ...base,
        action: { type: 'find_in_page', url: action.url, pattern: action.pattern },
      };
  }
}
