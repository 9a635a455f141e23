import type { CallOptions, Content, InputItem } from '../../types';
import { asObject } from '../../util/as-object';
import { sameItem } from './history-prefix';

/*
 * Tool inputs and the schema defaults the model left out of them.
 *
 * The AI SDK validates a tool call's input with the tool's schema and puts the input as the
 * schema parsed it into the next prompt: a zod `.default()` the model left out comes back filled
 * in (`{"q":"ws"}` as `{"q":"ws","limit":10}`), while the server holds the call as the model
 * emitted it. A schema that fills nothing in (`jsonSchema()`, MCP tools) hands the model's input
 * back as it was. So a chain head keeps the model's input, as the server does, and when a call of
 * its response left a default out, its output message and function-call items get a second form
 * with the defaults filled in, which counts as the same (record-head.ts, `addEquivalentForm`). A
 * process that verifies a digest, which covers the model's arguments, takes the default values
 * out of the prompt's function calls and hashes once more (verify-claim.ts).
 *
 * The other way an input comes back changed is the order of its keys (tool-input-order.ts):
 * forms and prompts are compared, and digests hashed, up to key order. Together the two say when
 * a prompt's tool input is the call the server holds: less the top-level defaults the model's
 * arguments lack, it is the same JSON value, its keys in any order.
 *
 * Why that is safe: the two forms of a call differ only by top-level keys that the model's own
 * arguments do not have, each with exactly the value that the tool's JSON schema, as the call
 * sent it to the model, declares as its `default`. Read against that schema, the server's copy
 * is the same call, so the server holds the context the prompt describes: nothing missing,
 * nothing twice. Any other difference (a changed value, a transform, a coercion, a default
 * inside a nested object, a default the JSON schema does not state; key order aside) leaves the
 * forms apart, and the call goes out in full. Only a response's own calls get a second form. Per step, recording
 * a response reads the top-level properties of the tools it called, and a comparison looks at a
 * second form only where an element differs, so a history without defaults left out costs no
 * more than before.
 */

type Tools = CallOptions['tools'];
type Defaults = ReadonlyArray<readonly [key: string, value: unknown]>;

/** The top-level `default`s of a function tool's input schema, when it has any. */
function defaultsOf(tool: NonNullable<Tools>[number] | undefined): Defaults | undefined {
  const properties = tool?.type === 'function' ? asObject(tool.inputSchema.properties) : undefined;
  if (!properties) return undefined;
  const defaults: Array<[string, unknown]> = [];
  for (const key of Object.keys(properties)) {
    const property = asObject(properties[key]);
    if (property && Object.hasOwn(property, 'default')) defaults.push([key, property.default]);
  }
  return defaults.length > 0 ? defaults : undefined;
}

function functionTool(tools: Tools, name: string) {
  return tools?.find((tool) => tool.type === 'function' && tool.name === name);
}

// The AI SDK parses tool input JSON and falls back to {} when it cannot (an invalid call).
function parseToolInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return {};
  }
}

/**
 * The input with the defaults it does not have added (after its own keys: zod puts them in the
 * schema's order, and key order does not count, tool-input-order.ts); undefined when it has them
 * all.
 */
function withLeftOutDefaults(input: unknown, defaults: Defaults | undefined): unknown {
  const given = defaults && asObject(input);
  if (!given) return undefined;
  const missing = defaults.filter(([key]) => !Object.hasOwn(given, key));
  if (missing.length === 0) return undefined;
  return Object.fromEntries([...Object.entries(given), ...missing]);
}

/**
 * The input of each tool call of a response (by call id) as the model emitted it, and, when the
 * model left out a default of a function tool's schema, every input with those filled in.
 */
export type ToolInputs = {
  raw: ReadonlyMap<string, unknown>;
  filled: ReadonlyMap<string, unknown> | undefined;
};

export function toolInputs(content: readonly Content[], tools: Tools): ToolInputs {
  const raw = new Map<string, unknown>();
  const filled = new Map<string, unknown>();
  let anyFilled = false;
  for (const part of content) {
    if (part.type !== 'tool-call') continue;
    const input = parseToolInput(part.input);
    const withDefaults = part.providerExecuted
      ? undefined
      : withLeftOutDefaults(input, defaultsOf(functionTool(tools, part.toolName)));
    raw.set(part.toolCallId, input);
    filled.set(part.toolCallId, withDefaults ?? input);
    anyFilled ||= withDefaults !== undefined;
  }
  return { raw, filled: anyFilled ? filled : undefined };
}

/**
 * `items` with the arguments of their function calls from `from` on as the model emitted them if
 * it left out every default: the top-level keys whose value is the tool's schema default
 * removed. Undefined when that changes nothing. The digest of a response covers the arguments
 * as the model emitted them (up to key order), a prompt carries them as the AI SDK parsed them: a
 * process verifying a digest hashes these when the prompt's own items do not match it.
 */
export function withoutDefaultValues(
  items: readonly InputItem[],
  from: number,
  tools: Tools,
): InputItem[] | undefined {
  const defaultsByName = new Map<string, Defaults>();
  for (const tool of tools ?? []) {
    const defaults = defaultsOf(tool);
    if (defaults) defaultsByName.set(tool.name, defaults);
  }
  if (defaultsByName.size === 0) return undefined;
  let changed = false;
  const stripped = items.map((item, i) => {
    const defaults = i < from ? undefined : defaultsByName.get(String(item.name));
    if (!defaults || item.type !== 'function_call' || typeof item.arguments !== 'string') {
      return item;
    }
    const given = asObject(parseToolInput(item.arguments));
    if (!given) return item;
    const kept = Object.entries(given).filter(
      ([key, value]) =>
        !defaults.some(([name, fallback]) => name === key && sameItem(fallback, value)),
    );
    if (kept.length === Object.keys(given).length) return item;
    changed = true;
    return { ...item, arguments: JSON.stringify(Object.fromEntries(kept)) };
  });
  return changed ? stripped : undefined;
}
