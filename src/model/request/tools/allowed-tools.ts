import { UnsupportedFunctionalityError } from '@ai-sdk/provider';
import type { JsonObject, Warning } from '../../../types';
import type { ToolNameMapping } from '../../../util/tool-name-mapping';

/** How a tool of the call may appear in `tool_choice.allowed_tools`, or why it cannot. */
type Resolution = { supported: true; entry: JsonObject } | { supported: false; reason: string };

/** Wire types that `allowed_tools` lists by type alone. */
const BY_TYPE = new Set([
  'file_search',
  'web_search',
  'web_search_preview',
  'image_generation',
  'code_interpreter',
  'computer',
  'apply_patch',
  'shell',
  'local_shell',
  'programmatic_tool_calling',
]);

/**
 * What each tool of the call is in `allowed_tools`, recorded as the tools are prepared, and the
 * `tool_choice: { type: 'allowed_tools', mode, tools }` built from the user's names, with the
 * resolution rules and warnings of `@ai-sdk/openai`: a name is a tool's SDK name, or the wire
 * name of a provider tool (ambiguous when two tools share it); tools the API cannot list
 * (deferred, namespaced, omitted, tool search) are dropped with a warning.
 */
export class AllowedTools {
  private readonly byName = new Map<string, Resolution>();
  private readonly byWireName = new Map<string, Resolution | 'ambiguous'>();

  function(name: string, reason: string | undefined): void {
    this.byName.set(
      name,
      reason == null
        ? { supported: true, entry: { type: 'function', name } }
        : { supported: false, reason },
    );
  }

  provider(sdkName: string, wireName: string, tool: JsonObject): void {
    const resolution = resolutionOf(tool);
    this.byName.set(sdkName, resolution);
    if (wireName === sdkName) return;
    const existing = this.byWireName.get(wireName);
    if (existing == null) this.byWireName.set(wireName, resolution);
    else if (existing !== 'ambiguous' && !isSame(existing, resolution)) {
      this.byWireName.set(wireName, 'ambiguous');
    }
  }

  toolChoice(
    allowed: { toolNames: string[]; mode?: 'auto' | 'required' },
    names: ToolNameMapping,
    warnings: Warning[],
  ): JsonObject {
    const entries: JsonObject[] = [];
    const dropped: string[] = [];
    const warn = (name: string, details: string) =>
      warnings.push({ type: 'unsupported', feature: `allowedTools entry "${name}"`, details });
    for (const name of allowed.toolNames) {
      const direct = this.byName.get(name);
      const resolution = direct ?? this.byWireName.get(name);
      if (direct != null && this.byWireName.has(name)) {
        warn(
          name,
          'this name is both a tool name and the provider tool name of another tool in this request; the tool with this name is allowed',
        );
      }
      if (resolution === 'ambiguous') {
        warn(
          name,
          'several tools in this request share this provider tool name; use the tool name from the tools for this request instead',
        );
        dropped.push(name);
      } else if (resolution == null) {
        warn(
          name,
          'the tool is not part of the tools for this request and is sent as a function tool',
        );
        entries.push({ type: 'function', name: names.toWireName(name) });
      } else if (!resolution.supported) {
        warn(name, `${resolution.reason}; the tool is removed from the allowed tools`);
        dropped.push(name);
      } else entries.push(resolution.entry);
    }
    if (entries.length === 0) {
      throw new UnsupportedFunctionalityError({
        functionality: `allowedTools with only tools that cannot be allow-listed (${dropped.join(', ')})`,
      });
    }
    return { type: 'allowed_tools', mode: allowed.mode ?? 'auto', tools: entries };
  }
}

function resolutionOf(tool: JsonObject): Resolution {
  const type = tool.type as string;
  if (type === 'custom') return { supported: true, entry: { type, name: tool.name } };
  if (type === 'mcp') return { supported: true, entry: { type, server_label: tool.server_label } };
  if (BY_TYPE.has(type)) return { supported: true, entry: { type } };
  return {
    supported: false,
    reason: `OpenAI does not support ${type} tools in tool_choice.allowed_tools`,
  };
}

function keyOf(entry: JsonObject): string {
  if (entry.type === 'mcp') return `mcp:${String(entry.server_label)}`;
  if (entry.type === 'function' || entry.type === 'custom') {
    return `${entry.type}:${String(entry.name)}`;
  }
  return String(entry.type);
}

function isSame(a: Resolution, b: Resolution): boolean {
  if (a.supported && b.supported) return keyOf(a.entry) === keyOf(b.entry);
  if (!a.supported && !b.supported) return a.reason === b.reason;
  return false;
}
