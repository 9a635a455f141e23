import { canonicalItem, describeItem, type Item, itemType, stableStringify } from './items';

/**
 * Every duplicated item in a rebuilt context, as human-readable lines. Duplicates are what a
 * broken delta produces (the client resent something the server already held), so tests assert
 * this list is empty. Nothing here fails the request: the real API would often accept the
 * duplicate and silently corrupt the model's context, which is exactly why it must be visible.
 *
 * Two rules:
 * 1. a `call_id` used by two items of the same type (two `function_call`s, two
 *    `function_call_output`s, likewise for other `*_call` / `*_call_output` types);
 * 2. a new input item that repeats an item the parent's context already held, by the same `id`
 *    or, for items without one, by the same canonical content (see `canonicalItem`).
 */
export function findDuplicates(
  parentItems: Item[],
  newItems: Item[],
  parentId: string | null,
): string[] {
  return [
    ...findCallIdDuplicates([...parentItems, ...newItems]),
    ...findRepeatedItems(parentItems, newItems, parentId),
  ];
}

function findCallIdDuplicates(context: Item[]): string[] {
  const positions = new Map<string, number[]>();
  context.forEach((item, index) => {
    if (typeof item.call_id !== 'string') return;
    const key = `${itemType(item)} call_id=${item.call_id}`;
    const list = positions.get(key) ?? [];
    list.push(index);
    positions.set(key, list);
  });
  const lines: string[] = [];
  for (const [key, list] of positions) {
    if (list.length > 1) {
      lines.push(`${key} appears ${list.length} times in context (indices ${list.join(', ')})`);
    }
  }
  return lines;
}

function findRepeatedItems(
  parentItems: Item[],
  newItems: Item[],
  parentId: string | null,
): string[] {
  if (parentItems.length === 0) return [];
  const byId = new Map<string, number>();
  const byContent = new Map<string, number>();
  parentItems.forEach((item, index) => {
    if (typeof item.id === 'string' && !byId.has(item.id)) byId.set(item.id, index);
    const key = stableStringify(canonicalItem(item));
    if (!byContent.has(key)) byContent.set(key, index);
  });

  const lines: string[] = [];
  newItems.forEach((item, inputIndex) => {
    const where = `input[${inputIndex}] ${describeItem(item)} repeats an item parent ${parentId} already held`;
    if (typeof item.id === 'string') {
      const index = byId.get(item.id);
      if (index !== undefined) lines.push(`${where} (context[${index}], same id)`);
      // An item with an id is identified by it; equal content under another id is a new item.
      return;
    }
    const index = byContent.get(stableStringify(canonicalItem(item)));
    if (index !== undefined) lines.push(`${where} (context[${index}], same content)`);
  });
  return lines;
}
