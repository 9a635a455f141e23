import type { JsonObject, Warning } from '../types';

/** What an `additionalTools` entry of the history loads: the registered tool's definition, if any. */
export type ToolResolution = { definition?: JsonObject; warnings: Warning[] };

/**
 * The tools of the call that the history may load (`additionalTools`), by entry type and name,
 * as the request builder resolved them (loadable-tools.ts).
 */
export type LoadableTools = {
  function: Record<string, ToolResolution>;
  namespace: Record<string, ToolResolution>;
  custom: Record<string, ToolResolution>;
};

/**
 * The call's loadable tools, resolved when the prompt's first `additionalTools` entry asks for
 * them, and their fingerprint (`key`). Most prompts load no tools: resolving every tool of every
 * call up front, and fingerprinting its schema into the conversion options, cost an agent with 30
 * tools about a third more per request built.
 */
export type LoadableToolsSource = () => { tools: LoadableTools | undefined; key: string };

/** The fingerprint of a call that has no tools to load. */
export const NO_LOADABLE_TOOLS = 'none';

/** What resolving entries remembers across one prompt (and a converted prefix hands on). */
export type LoadingState = {
  /** Warnings already given, by their JSON (each is given once per prompt). */
  seenWarnings: Set<string>;
  /** Names of entries (and namespace members) no registered tool answers. */
  droppedNames: Set<string>;
  /**
   * The fingerprint of the loadable tools the entries were resolved with; undefined while the
   * prompt has loaded none. A converted prefix that has is reused only with the same tools
   * (`loadsSameTools`).
   */
  toolsKey: string | undefined;
};

/**
 * Whether messages converted into `state` convert alike under a call with `source`'s loadable
 * tools: always when they loaded none (the tools never entered their items), else when the
 * tools are the same.
 */
export function loadsSameTools(
  state: { readonly loading?: { readonly toolsKey?: string } } | undefined,
  source: LoadableToolsSource | undefined,
): boolean {
  const key = state?.loading?.toolsKey;
  return key === undefined || key === (source?.().key ?? NO_LOADABLE_TOOLS);
}

type Entry = JsonObject & { type: string; name: string };

/**
 * The `additional_tools` item's tools for a list of entries from the prompt, as `@ai-sdk/openai`
 * builds it since 4.0.119: the history is replayable and may come from the client, so an entry
 * only selects a tool registered for this call, and the definition sent is the registered one.
 * Entries without a registered tool are dropped (named in one warning at the end of the prompt,
 * `droppedToolsWarning`); a namespace entry loads only the members it names. Undefined when
 * nothing is left.
 */
export function resolveAdditionalTools(
  entries: readonly JsonObject[] | undefined,
  source: LoadableToolsSource | undefined,
  state: LoadingState,
  warnings: Warning[],
): JsonObject[] | undefined {
  if (entries == null || entries.length === 0) return undefined;
  const registered = source?.();
  state.toolsKey ??= registered?.key ?? NO_LOADABLE_TOOLS;
  const tools: JsonObject[] = [];
  const sent = new Set<string>();
  for (const entry of entries as Entry[]) {
    const resolved = lookUp(registered?.tools, entry);
    if (resolved === undefined) {
      state.droppedNames.add(entry.name);
      continue;
    }
    for (const warning of resolved.warnings) warnOnce(warning, state, warnings);
    if (resolved.definition === undefined) continue;
    warnOnMismatch(entry, resolved.definition, state, warnings);
    const definition = narrowNamespace(resolved.definition, entry, state);
    if (definition === undefined) continue;
    // Replayed history can repeat an entry: each definition goes once.
    const text = JSON.stringify(definition);
    if (sent.has(text)) continue;
    sent.add(text);
    tools.push(definition);
  }
  return tools.length > 0 ? tools : undefined;
}

function lookUp(loadable: LoadableTools | undefined, entry: Entry): ToolResolution | undefined {
  const byName =
    entry.type === 'function' || entry.type === 'namespace' || entry.type === 'custom'
      ? loadable?.[entry.type]
      : undefined;
  return byName !== undefined && Object.hasOwn(byName, entry.name) ? byName[entry.name] : undefined;
}

function warnOnce(warning: Warning, state: LoadingState, warnings: Warning[]): void {
  const text = JSON.stringify(warning);
  if (state.seenWarnings.has(text)) return;
  state.seenWarnings.add(text);
  warnings.push(warning);
}

/** A namespace entry loads the registered members it names, no more. */
function narrowNamespace(
  definition: JsonObject,
  entry: Entry,
  state: LoadingState,
): JsonObject | undefined {
  if (definition.type !== 'namespace' || entry.type !== 'namespace') return definition;
  const requested = new Set((entry.tools as Entry[]).map((tool) => tool.name));
  const members = definition.tools as Entry[];
  const registered = new Set(members.map((tool) => tool.name));
  for (const name of requested) if (!registered.has(name)) state.droppedNames.add(name);
  const tools = members.filter((tool) => requested.has(tool.name));
  return tools.length > 0 ? { ...definition, tools } : undefined;
}

/** The entry's own `strict` / `defer_loading` are not sent: say so when they differ. */
function warnOnMismatch(
  entry: Entry,
  definition: JsonObject,
  state: LoadingState,
  warnings: Warning[],
): void {
  if (entry.type !== 'function' || definition.type !== 'function') return;
  const fields: string[] = [];
  if (entry.strict != null && entry.strict !== definition.strict) fields.push('strict');
  if (entry.defer_loading != null && entry.defer_loading !== (definition.defer_loading ?? false)) {
    fields.push('defer_loading');
  }
  if (fields.length === 0) return;
  warnOnce(
    {
      type: 'unsupported',
      feature: `additionalTools entry "${definition.name}"`,
      details: `the history entry sets ${fields.join(' and ')} differently from the registered tool; the registered definition is sent`,
    },
    state,
    warnings,
  );
}

const LISTED_NAMES = 5;
const NAME_CHARS = 80;

/** The one warning naming the entries a prompt loaded no tool for (undefined: none). */
export function droppedToolsWarning(
  droppedNames: ReadonlySet<string> | undefined,
): Warning | undefined {
  if (droppedNames === undefined || droppedNames.size === 0) return undefined;
  const listed = [...droppedNames]
    .slice(0, LISTED_NAMES)
    .map((name) =>
      JSON.stringify(name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS)}...` : name),
    )
    .join(', ');
  const more =
    droppedNames.size > LISTED_NAMES ? ` and ${droppedNames.size - LISTED_NAMES} more` : '';
  return {
    type: 'unsupported',
    feature: 'additionalTools',
    details: `additional tool definitions are only sent for tools registered in the request; dropped the definitions of unregistered tools: ${listed}${more}`,
  };
}
