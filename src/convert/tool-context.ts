import { type ToolNameMapping, toolNameMappingOf } from '../util/tool-name-mapping';

/** What the request builder tells the converter about the call's tools (plain, fingerprintable). */
export type ToolOptions = {
  /** `[sdkName, wireName]` of each provider tool of the call, in call order. */
  providerTools?: ReadonlyArray<readonly [string, string]>;
  /** Custom (free-form) tools: their calls and results have their own item types. */
  customToolNames?: readonly string[];
  /** Function tools with an output schema: their text results are sent as JSON strings. */
  outputSchemaToolNames?: readonly string[];
};

/**
 * The tool facts the conversion rules read, as `@ai-sdk/openai` derives them: which round-trip
 * tools the call declares (their calls and results are sent as their own items, not as function
 * calls), the SDK name of the tool search tool, and the names of custom and output-schema tools.
 */
export type ToolContext = {
  names: ToolNameMapping;
  hasLocalShell: boolean;
  hasShell: boolean;
  hasApplyPatch: boolean;
  hasComputer: boolean;
  /** SDK name of the first tool search tool. */
  toolSearchName: string | undefined;
  customToolNames: ReadonlySet<string>;
  outputSchemaToolNames: ReadonlySet<string>;
};

export function toolContext(options: ToolOptions): ToolContext {
  const entries = options.providerTools ?? [];
  const has = (wireName: string) => entries.some(([, wire]) => wire === wireName);
  return {
    names: toolNameMappingOf(entries),
    hasLocalShell: has('local_shell'),
    hasShell: has('shell'),
    hasApplyPatch: has('apply_patch'),
    hasComputer: has('computer'),
    toolSearchName: entries.find(([, wire]) => wire === 'tool_search')?.[0],
    customToolNames: new Set(options.customToolNames),
    outputSchemaToolNames: new Set(options.outputSchemaToolNames),
  };
}
