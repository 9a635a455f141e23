/**
 * SDK names ↔ wire names of a call's provider tools (`{ search: openai.tools.webSearch() }`:
 * `search` ↔ `web_search`); every other name maps to itself. Built from plain entries so that
 * the prompt converter, which only sees the conversion options, maps names the same way the
 * request builder and the event mapper do.
 */
export type ToolNameMapping = {
  /** The wire name of a tool the caller names (`search` → `web_search`). */
  toWireName(sdkName: string): string;
  /** The caller's name for a wire name (the last tool of that type wins, as in @ai-sdk/openai). */
  toSdkName(wireName: string): string;
  /** `[sdkName, wireName]` of each provider tool, in call order. */
  entries: ReadonlyArray<readonly [string, string]>;
};

export function toolNameMappingOf(
  entries: ReadonlyArray<readonly [string, string]>,
): ToolNameMapping {
  const wireBySdk = new Map<string, string>();
  const sdkByWire = new Map<string, string>();
  for (const [sdkName, wireName] of entries) {
    wireBySdk.set(sdkName, wireName);
    sdkByWire.set(wireName, sdkName);
  }
  return {
    toWireName: (sdkName) => wireBySdk.get(sdkName) ?? sdkName,
    toSdkName: (wireName) => sdkByWire.get(wireName) ?? wireName,
    entries,
  };
}
