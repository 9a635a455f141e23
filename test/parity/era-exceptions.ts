/**
 * The listed exceptions of the era differentials: where the `@ai-sdk/openai` of an era (2 for the
 * root entry, 3 for `/v3`) answers a recording otherwise than this package, because this package
 * follows `@ai-sdk/openai` 4 there on purpose (README, "Parity with `@ai-sdk/openai`"). Each
 * either takes its difference out of both sides before they are compared (`normalize`), or, where
 * the era's package cannot read the recording at all, is asserted to still differ (`differs`),
 * so an exception that no longer holds fails the test instead of hiding a regression.
 */
import type { Json } from './replay';

export type EraName = 'v2' | 'v3';
export type Call = 'doStream' | 'doGenerate';

export type EraException = {
  name: string;
  eras: EraName[];
  calls: Call[];
  /**
   * Recordings it explains: file names less `.chunks.txt` or `.json`, with `#n` for one
   * response of a recording only.
   */
  recordings: string[];
  why: string;
} & (
  | { normalize: (parts: Json[]) => Json[] }
  | {
      /** What the era's package does instead (checked); ours must answer as `/v4` does. */
      differs: (outcome: { theirsParts?: Json[]; theirsError?: Error; oursError?: Error }) => void;
    }
);

const metadataOf = (part: Json) =>
  (part.providerMetadata as Record<string, Json> | undefined)?.openai;

/** Sources out, and the raw annotations a text part carries in its metadata. */
function withoutSources(parts: Json[]): Json[] {
  return parts
    .filter((part) => part.type !== 'source')
    .map((part) => {
      const openai = metadataOf(part);
      if (openai?.annotations === undefined) return part;
      const { annotations: _annotations, ...rest } = openai;
      return { ...part, providerMetadata: { openai: rest } };
    });
}

/** A shell call's input without `maxOutputLength`. */
function withoutMaxOutputLength(parts: Json[]): Json[] {
  return parts.map((part) => {
    if (part.type !== 'tool-call' || typeof part.input !== 'string') return part;
    const input = JSON.parse(part.input) as { action?: Json };
    if (input.action?.maxOutputLength === undefined) return part;
    const { maxOutputLength: _max, ...action } = input.action;
    return { ...part, input: JSON.stringify({ ...input, action }) };
  });
}

/** The era's package does not read these recordings' items: its result is not ours. */
const notRead = () => undefined;

export const ERA_EXCEPTIONS: EraException[] = [
  {
    name: 'SOURCES',
    eras: ['v2', 'v3'],
    calls: ['doStream', 'doGenerate'],
    recordings: [
      'openai-web-search-tool.1',
      'openai-file-search-tool.1',
      'openai-file-search-tool.2',
      'openai-code-interpreter-tool.1',
    ],
    why:
      'a source part per web / file search result and per annotation at the end of its text ' +
      'block, annotations in the text metadata (as @ai-sdk/openai 4); 2 and 3 emit annotation ' +
      'sources amid the text deltas, 2 none for container files and no annotations metadata',
    normalize: withoutSources,
  },
  {
    name: 'SHELL_MAX_OUTPUT_LENGTH',
    eras: ['v3'],
    calls: ['doStream', 'doGenerate'],
    recordings: ['openai-shell-tool.1'],
    why: "a shell call's input keeps the server's `maxOutputLength` (as @ai-sdk/openai 4)",
    normalize: withoutMaxOutputLength,
  },
  {
    name: 'PROGRAMMATIC_TOOL_CALLING',
    eras: ['v2', 'v3'],
    calls: ['doStream', 'doGenerate'],
    recordings: [
      'programmatic-tool-calling.1',
      'programmatic-tool-calling.2',
      'programmatic-tool-calling.3',
    ],
    why: 'programmatic tool calling is newer than both: their calls and results, and the `caller` of the functions a program calls, are mapped',
    differs: notRead,
  },
  {
    name: 'COMPACTION_RESPONSE',
    eras: ['v2', 'v3'],
    calls: ['doGenerate'],
    recordings: ['openai-compaction.1'],
    why: 'a response holding a compaction item is read (the item is not content in V2/V3); 2 and 3 reject the whole response as invalid JSON',
    differs: ({ theirsError }) => {
      if (theirsError?.message !== 'Invalid JSON response') throw new Error('2/3 now read it');
    },
  },
  {
    name: 'REASONING_ID_ROTATION',
    eras: ['v2', 'v3'],
    calls: ['doStream'],
    recordings: ['github-copilot-id-rotation.1'],
    why: 'a reasoning item whose id changes mid-stream (a proxy rotating ids) is mapped; 2 and 3 fail the call with a TypeError',
    differs: ({ theirsError }) => {
      if (!(theirsError instanceof TypeError)) throw new Error('2/3 now read it');
    },
  },
  {
    name: 'ERROR_BEFORE_OUTPUT',
    eras: ['v2'],
    calls: ['doStream'],
    recordings: ['openai-error.1', 'openai-error-null-code.1', 'openai-response-failed-only.1'],
    why: 'an error before any output is thrown as a (retryable where it is) APICallError, as 3 and 4 do; 2 streams it as an error part and finishes',
    differs: ({ theirsParts, oursError }) => {
      if (oursError?.name !== 'AI_APICallError') throw new Error(`ours: ${oursError}`);
      const finish = theirsParts?.at(-1);
      if (finish?.type !== 'finish') throw new Error('2 no longer finishes the stream');
    },
  },
  {
    name: 'PARALLEL_WRAPPER',
    eras: ['v2'],
    calls: ['doStream', 'doGenerate'],
    recordings: ['issue-19067-parallel-tool-call-wrapper'],
    why: 'a `parallel` wrapper call is split into the calls it wraps (as 3 and 4); 2 passes the wrapper on',
    differs: notRead,
  },
  {
    name: 'TOOLS_NEWER_THAN_2',
    eras: ['v2'],
    calls: ['doStream', 'doGenerate'],
    recordings: [
      'openai-apply-patch-tool.1',
      'openai-apply-patch-tool-delete.1',
      'openai-client-tool-search.1',
      'openai-tool-search.1',
      'openai-custom-tool.1',
      'openai-custom-text-tool.1',
      'openai-shell-tool.1#0',
      'openai-shell-container.1',
      'openai-shell-skills.1',
      'openai-mcp-tool.1',
      'openai-mcp-tool-approval.1',
      'openai-mcp-tool-approval.3',
      'openai-mcp-tool-approval.4',
    ],
    why: 'apply_patch, tool search, custom, shell and MCP tools work on the root entry too; @ai-sdk/openai 2 knows none of them and drops or rejects their items',
    differs: notRead,
  },
  {
    name: 'MCP_APPROVAL_RESPONSE',
    eras: ['v2'],
    calls: ['doGenerate'],
    recordings: ['openai-mcp-tool-approval.2'],
    why: 'a response holding an MCP approval request is read; @ai-sdk/openai 2 skips the item in a stream (the same parts) but rejects the whole response object',
    differs: ({ theirsError }) => {
      if (theirsError?.message !== 'Invalid JSON response') throw new Error('2 now reads it');
    },
  },
];

/** The exceptions that explain a recording's differences on an era, for one call. */
export function exceptionsFor(
  era: EraName,
  call: Call,
  recording: string,
  responseIndex = 0,
): EraException[] {
  const name = recording.replace(/\.(chunks\.txt|json)$/, '');
  return ERA_EXCEPTIONS.filter(
    (exception) =>
      exception.eras.includes(era) &&
      exception.calls.includes(call) &&
      (exception.recordings.includes(name) ||
        exception.recordings.includes(`${name}#${responseIndex}`)),
  );
}
