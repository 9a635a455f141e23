/**
 * Helpers over Responses API items as the mock sees them: plain JSON objects, loosely typed,
 * because beyond the required fields `input-item-check.ts` enforces, the mock accepts what a
 * client sends and reports it faithfully.
 */

export type Item = Record<string, unknown>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `body.input` as a list of items. A string input is shorthand for one user message (as on the
 * real API). Returns `null` when the input has a shape the API would reject.
 */
export function normalizeInput(input: unknown): Item[] | null {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  if (!Array.isArray(input)) return null;
  if (!input.every(isRecord)) return null;
  return input as Item[];
}

/** The item type; easy-input messages (`{ role, content }`) have no `type` field. */
export function itemType(item: Item): string {
  if (typeof item.type === 'string') return item.type;
  return typeof item.role === 'string' ? 'message' : 'unknown';
}

/** Concatenated text of a message item (string content or text parts). */
export function messageText(item: Item): string {
  const content = item.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** Index of the latest user message in a context, or -1. */
export function lastUserIndex(context: Item[]): number {
  for (let i = context.length - 1; i >= 0; i--) {
    const item = context[i];
    if (itemType(item) === 'message' && item.role === 'user') return i;
  }
  return -1;
}

/** Text of the latest user message in a context, or `''`. */
export function lastUserText(context: Item[]): string {
  const index = lastUserIndex(context);
  return index < 0 ? '' : messageText(context[index]);
}

/**
 * The meaning of an item without the fields that vary between what the server returned and what
 * a client sends back (ids, status, empty annotations, string vs part content), so that "the same
 * item sent again" compares equal.
 */
export function canonicalItem(item: Item): unknown {
  const type = itemType(item);
  switch (type) {
    case 'message': {
      const content =
        typeof item.content === 'string'
          ? [{ type: 'text', text: item.content }]
          : Array.isArray(item.content)
            ? item.content.map(canonicalPart)
            : item.content;
      return { type, role: item.role, content };
    }
    case 'function_call':
      return { type, call_id: item.call_id, name: item.name, arguments: item.arguments };
    case 'function_call_output':
      return { type, call_id: item.call_id, output: item.output };
    default: {
      const { id: _id, status: _status, ...rest } = item;
      return { ...rest, type };
    }
  }
}

function canonicalPart(part: unknown): unknown {
  if (!isRecord(part)) return part;
  if (
    (part.type === 'input_text' || part.type === 'output_text') &&
    typeof part.text === 'string'
  ) {
    return { type: 'text', text: part.text };
  }
  return part;
}

/** JSON with sorted keys, so deep-equal values give equal strings. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableStringify(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A short description for duplicate reports, e.g. `message(user) "hello"`. */
export function describeItem(item: Item): string {
  const type = itemType(item);
  const id = typeof item.id === 'string' ? ` ${item.id}` : '';
  switch (type) {
    case 'message': {
      const text = messageText(item);
      const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
      return `message(${String(item.role)})${id} ${JSON.stringify(shown)}`;
    }
    case 'function_call':
      return `function_call ${String(item.name)}${id} call_id=${String(item.call_id)}`;
    case 'function_call_output':
      return `function_call_output call_id=${String(item.call_id)}`;
    default:
      return `${type}${id}`;
  }
}
