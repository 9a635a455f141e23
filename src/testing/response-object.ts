import {
  canonicalItem,
  type Item,
  isRecord,
  itemType,
  messageText,
  stableStringify,
} from './items';

/** The request-side facts every event's `response` object repeats. */
export type ResponseShell = {
  id: string;
  createdAt: number;
  body: Record<string, unknown>;
  previousResponseId: string | null;
};

export type ResponseState = {
  status: 'in_progress' | 'completed' | 'incomplete' | 'failed';
  output: Item[];
  usage: Usage | null;
  error: { code: string | null; message: string } | null;
  incompleteReason: string | null;
};

export type Usage = {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
};

/**
 * A `response` object shaped like the recorded ones (fixtures): the request's settings echoed
 * back with the API's defaults filled in, plus status, output, usage and error.
 */
export function responseObject(
  shell: ResponseShell,
  state: ResponseState,
): Record<string, unknown> {
  const { body } = shell;
  const finished = state.status !== 'in_progress';
  return {
    id: shell.id,
    object: 'response',
    created_at: shell.createdAt,
    status: state.status,
    background: false,
    completed_at: state.status === 'completed' ? shell.createdAt : null,
    error: state.error,
    frequency_penalty: body.frequency_penalty ?? 0,
    incomplete_details: state.incompleteReason ? { reason: state.incompleteReason } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    max_tool_calls: body.max_tool_calls ?? null,
    model: body.model,
    output: state.output,
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: shell.previousResponseId,
    presence_penalty: body.presence_penalty ?? 0,
    prompt_cache_key: body.prompt_cache_key ?? null,
    prompt_cache_retention: body.prompt_cache_retention ?? null,
    reasoning: {
      effort: (body.reasoning as { effort?: unknown } | undefined)?.effort ?? null,
      summary: (body.reasoning as { summary?: unknown } | undefined)?.summary ?? null,
    },
    safety_identifier: body.safety_identifier ?? null,
    // The real API reports the requested tier while running and the tier used at the end.
    service_tier: finished ? 'default' : (body.service_tier ?? 'auto'),
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: {
      format: (body.text as { format?: unknown } | undefined)?.format ?? { type: 'text' },
      verbosity: (body.text as { verbosity?: unknown } | undefined)?.verbosity ?? 'medium',
    },
    tool_choice: body.tool_choice ?? 'auto',
    tools: body.tools ?? [],
    top_logprobs: body.top_logprobs ?? 0,
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? 'disabled',
    usage: state.usage,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  };
}

const tokens = (chars: number): number => Math.ceil(chars / 4);
/** What every item costs besides its text (role and framing), like the real tokenizer's. */
const ITEM_OVERHEAD = 4;

/**
 * The text an item puts in front of the model: what the client wrote or the model produced,
 * not the JSON around it. An item the server holds and the same item resent by a client
 * (with or without ids, statuses, empty annotations, string or part content) count the same.
 */
function itemText(item: Item): string {
  switch (itemType(item)) {
    case 'message':
      return messageText(item);
    case 'function_call':
      return `${String(item.name)}${String(item.arguments ?? '')}`;
    case 'function_call_output':
      return typeof item.output === 'string' ? item.output : stableStringify(item.output);
    case 'reasoning':
      return Array.isArray(item.summary)
        ? item.summary.map((part) => (isRecord(part) ? String(part.text ?? '') : '')).join('')
        : '';
    default:
      return stableStringify(canonicalItem(item));
  }
}

/** Input tokens of a list of items. */
export function itemTokens(items: Item[]): number {
  return items.reduce((sum, item) => sum + ITEM_OVERHEAD + tokens(itemText(item).length), 0);
}

/** A tool definition costs its name, description and parameter schema. */
function toolTokens(tools: unknown): number {
  if (!Array.isArray(tools)) return 0;
  return tools.reduce<number>((sum, tool) => {
    if (!isRecord(tool)) return sum;
    const { name, description, parameters, type } = tool;
    const text = `${String(name ?? type)}${String(description ?? '')}${stableStringify(parameters ?? {})}`;
    return sum + ITEM_OVERHEAD + tokens(text.length);
  }, 0);
}

/**
 * Usage derived from content, about 4 characters a token: input = the context's items (their
 * text plus a small overhead each) + instructions + tools, so the same conversation costs the
 * same over HTTP and WebSocket; cached = the part the socket's lane cache served (the parent's
 * items); reasoning = 32 per reasoning item plus its summary; output = text + tool calls +
 * reasoning.
 */
export function computeUsage(args: {
  body: Record<string, unknown>;
  context: Item[];
  cachedItems: Item[];
  output: Item[];
}): Usage {
  const { body, context, cachedItems, output } = args;
  const input =
    itemTokens(context) +
    tokens(typeof body.instructions === 'string' ? body.instructions.length : 0) +
    toolTokens(body.tools);
  const cached = Math.min(input, itemTokens(cachedItems));

  let reasoning = 0;
  let visible = 0;
  for (const item of output) {
    if (item.type === 'reasoning') {
      reasoning += 32 + tokens(itemText(item).length);
    } else {
      visible += tokens(itemText(item).length);
    }
  }
  const outputTokens = visible + reasoning;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: cached },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: reasoning },
    total_tokens: input + outputTokens,
  };
}
