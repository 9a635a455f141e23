/**
 * The listed exceptions of the era request differential: where the `@ai-sdk/openai` of an era
 * sends a corpus call otherwise than this package, because this package follows
 * `@ai-sdk/openai` 4 there on purpose (README, "Parity with `@ai-sdk/openai`"). Body
 * normalisations take an era-wide difference out of both sides; the corpus calls that use what an
 * era's package predates are listed by name and must still differ.
 */
import type { EraName } from './era-exceptions';

type Json = Record<string, unknown>;

export type BodyNormalisation = {
  name: string;
  eras: EraName[];
  why: string;
  normalize: (body: Json) => Json;
};

const items = (body: Json) => (Array.isArray(body.input) ? (body.input as Json[]) : undefined);

export const BODY_NORMALISATIONS: BodyNormalisation[] = [
  {
    name: 'ASSISTANT_TEXT_AS_STRING',
    eras: ['v2', 'v3'],
    why: "an assistant message's text goes as a string (as @ai-sdk/openai 4); 2 and 3 send an `output_text` part, which the API reads the same",
    normalize: (body) => {
      const input = items(body);
      if (input === undefined) return body;
      return {
        ...body,
        input: input.map((item) =>
          item.role === 'assistant' && typeof item.content === 'string'
            ? { ...item, content: [{ type: 'output_text', text: item.content }] }
            : item,
        ),
      };
    },
  },
  {
    name: 'FUNCTION_TOOL_STRICT_FALSE',
    eras: ['v3'],
    why: 'a function tool without `strict` is sent `strict: false` (as @ai-sdk/openai 4); 3 leaves it out, so the API applies its own default',
    normalize: (body) => {
      if (!Array.isArray(body.tools)) return body;
      return {
        ...body,
        tools: (body.tools as Json[]).map(withoutStrictFalse),
      };
    },
  },
];

/** A function tool (or a namespace's) without `strict: false`. */
function withoutStrictFalse(tool: Json): Json {
  if (tool.type === 'namespace' && Array.isArray(tool.tools)) {
    return { ...tool, tools: (tool.tools as Json[]).map(withoutStrictFalse) };
  }
  if (tool.type !== 'function' || tool.strict !== false) return tool;
  const { strict: _strict, ...rest } = tool;
  return rest;
}

export type CaseException = {
  name: string;
  eras: EraName[];
  why: string;
  /** Corpus calls (by name) whose request or refusal it explains. */
  cases: string[];
};

const TOOL_LOOPS = [
  'a forced function tool',
  'tool choice auto over a tool loop with every output',
  'tool choice none over a tool loop with every output',
  'tool choice required over a tool loop with every output',
];
const COMPUTER_HISTORIES = [
  'computer, forced',
  'conversation: items the server holds are not sent again',
  'previousResponseId and only the new messages, a stored history given too',
  'round-trip tools with storage: calls by reference, results as items',
  'round-trip tools without storage: every call and result rebuilt',
];

/** Corpus calls the era's package sends otherwise, each listed under the reason. */
export const CASE_EXCEPTIONS: CaseException[] = [
  {
    name: 'ERROR_TEXT_AS_JSON',
    eras: ['v2', 'v3'],
    why: 'an `error-text` tool result goes as `{"error": text}` (as @ai-sdk/openai 4); 2 and 3 send the bare text',
    cases: TOOL_LOOPS,
  },
  {
    name: 'REASONING_SUMMARY_DEFAULT',
    eras: ['v2', 'v3'],
    why: 'a reasoning effort without `reasoningSummary` asks for `detailed` summaries (as 4); 2 and 3 ask for none',
    cases: [
      'reasoning without storage: full items with encrypted content, sampling dropped',
      "the provider default effort; the provider option over V4's reasoning on o3",
    ],
  },
  {
    name: 'FORCE_REASONING_SUMMARY',
    eras: ['v3'],
    why: 'the same default summary, on a model made a reasoning model by `forceReasoning`',
    cases: ['forceReasoning on an unknown model without storage'],
  },
  {
    name: 'NO_ITEM_IDS_WITHOUT_STORAGE',
    eras: ['v2', 'v3'],
    why: 'with `store: false` an assistant message goes without its item id, which the server does not keep (as 4)',
    cases: ['results of hosted tools, store false', 'store false on a model that does not reason'],
  },
  {
    name: 'IMAGE_MEDIA_TYPE_FROM_BYTES',
    eras: ['v2', 'v3'],
    why: 'an image of a wildcard type (`image/*`) gets the type its bytes show (as 4); 2 and 3 call it JPEG',
    cases: ['images by URL, data, bytes, file id and a wildcard type'],
  },
  {
    name: 'JSON_SCHEMA_NORMALISED',
    eras: ['v2', 'v3'],
    why: 'schema keywords OpenAI rejects (`propertyNames`, `pattern` lookarounds) are removed with a warning (as 4); 2 and 3 send them',
    cases: [
      'loaded tools under allowedTools: only allowed functions, no namespace',
      'structured output with a named schema (normalised), strictJsonSchema false, verbosity',
    ],
  },
  {
    name: 'JSON_SCHEMA_NORMALISED_3',
    eras: ['v3'],
    why: 'the same schema normalisation, in calls 2 cannot make at all',
    cases: [
      'loaded tools: a namespace loads the members it names; callers and allowedTools refuse',
      'message-level controls on GPT-6: effort and format updates, tools loaded in history',
      'textFormat overrides the response format',
    ],
  },
  {
    name: 'MODEL_LIMITS',
    eras: ['v2', 'v3'],
    why: 'a service tier the model lacks is dropped with a warning (model catalog of 4); 2 and 3 send it',
    cases: ['service tiers the model lacks (flex on gpt-4o, priority on gpt-5-nano)'],
  },
  {
    name: 'WEB_SEARCH_PREVIEW_INCLUDE',
    eras: ['v2', 'v3'],
    why: '`web_search_preview` no longer implies `include: web_search_call.action.sources` (as 4)',
    cases: ['web_search_preview without implied sources'],
  },
  {
    name: 'ADDITIONAL_TOOLS_REGISTERED',
    eras: ['v2', 'v3'],
    why: "an `additionalTools` entry of the history only selects a registered tool (as 4.0.119); 2 and 3 send the history's definitions",
    cases: [
      'loaded tools: the registered definition, not the history\u2019s; unregistered ones dropped',
    ],
  },
  {
    name: 'COMPACTION',
    eras: ['v2', 'v3'],
    why: 'compaction (`contextManagement`, `compactionTrigger`, compaction parts) is newer than 2 and 3',
    cases: [
      'compaction parts, stored and not',
      'an effort update on GPT-5 (warned) and a compaction trigger',
      'an effort update with automatic truncation (warned)',
      'every request option on a reasoning model',
    ],
  },
  {
    name: 'PROGRAMMATIC_TOOL_CALLING',
    eras: ['v2', 'v3'],
    why: 'programmatic tool calling (and function tool callers) is newer than 2 and 3',
    cases: [
      'a denied programmatic call',
      'programmatic tool calling with programmatic callers, forced',
      'prompt cache breakpoints and tool callers',
      'function tool options: output schema, callers, omitted tool loaded by a result',
    ],
  },
  {
    name: 'COMPUTER_TOOL',
    eras: ['v2', 'v3'],
    why: 'the computer tool is newer than 2 and 3',
    cases: COMPUTER_HISTORIES,
  },
  {
    name: 'NEWER_TOOL_ARGUMENTS',
    eras: ['v2', 'v3'],
    why: 'tool arguments newer than 2 and 3 (container memory limits, image edits, MCP tunnels, shell skills and network policies)',
    cases: [
      'code_interpreter with a container policy (outputs included)',
      'image_generation with every argument, forced',
      'mcp by connector, always asking; mcp by tunnel, default policy',
      'shell in a new container with skills and no network',
    ],
  },
  {
    name: 'FORCING_AN_OMITTED_TOOL',
    eras: ['v2', 'v3'],
    why: 'forcing a tool left out of the request is refused (as 4); 2 and 3 send the choice',
    cases: ['forcing a tool left out of the request'],
  },
  {
    name: 'TOOLS_NEWER_THAN_2',
    eras: ['v2'],
    why: 'shell, apply_patch, custom, MCP and tool search tools, namespaces and `allowedTools`: @ai-sdk/openai 2 knows none of them',
    cases: [
      'MCP approvals, stored: references to the requests, each answered once',
      'MCP approvals without storage',
      'a hosted shell without storage (its call and output resent)',
      'apply_patch, forced',
      'client tool search with deferred functions in a namespace',
      'custom tool async on GPT-6 (sent)',
      'custom tool async on a model without async tools (warned, left out)',
      'custom tool with a grammar, forced as { type: custom, name }',
      'hosted tool search',
      'mcp by URL with filters, headers and an approval policy, forced as { type: mcp }',
      'shell in an existing container',
      'shell on the local machine with skills',
      'allowedTools by SDK name, wire name, server label and custom name; unknown and hidden tools',
      'allowedTools with a wire name two tools share, and a name that is both',
      'allowedTools naming only tools that cannot be listed',
      'one namespace, two descriptions',
      'loaded tools: a namespace loads the members it names; callers and allowedTools refuse',
    ],
  },
  {
    name: 'OPTIONS_NEWER_THAN_2',
    eras: ['v2'],
    why: '`passThroughUnsupportedFiles`, `forceReasoning`, `systemMessageMode`, `textFormat` and message-level updates are newer than 2 (which ignores or rejects them)',
    cases: [
      'a CSV file with passThroughUnsupportedFiles',
      'forceReasoning on an unknown model without storage',
      'systemMessageMode remove on o3',
      'systemMessageMode system on o3',
      'textFormat overrides the response format',
      'a message-level update with text',
      'message-level controls on GPT-6: effort and format updates, tools loaded in history',
    ],
  },
  {
    name: 'REFUSAL_WORDING',
    eras: ['v2'],
    why: 'the same configuration updates are refused or warned, in the words of 4',
    cases: [
      'a message-level effort update on GPT-5',
      'a message-level update next to the request-level one',
    ],
  },
  {
    name: 'PARALLEL_WRAPPER_HISTORY',
    eras: ['v2'],
    why: "a `parallel` wrapper's calls go back as the wrapper call (as 3 and 4); 2 sends the split calls",
    cases: [
      "a parallel wrapper's calls and results conversation",
      "a parallel wrapper's calls and results previousResponseId",
    ],
  },
  {
    name: 'STORED_CALLS_IN_FULL',
    eras: ['v2'],
    why: 'stored function calls and hosted results go in full or by their own item (as 3 and 4); 2 sends other references',
    cases: ['a stored reasoning history (references)', 'results of hosted tools, store true'],
  },
  {
    name: 'ASYNC_TOOL_WARNING',
    eras: ['v2'],
    why: 'an async tool on a model without async tool calls is warned as `unsupported-setting` (the V3 warning, converted); 2 warns `unsupported-tool` with the tool',
    cases: ['an async function tool on GPT-5'],
  },
];

export function caseExceptionFor(era: EraName, corpusCase: string): CaseException | undefined {
  return CASE_EXCEPTIONS.find((e) => e.eras.includes(era) && e.cases.includes(corpusCase));
}

export function normalizeBody(era: EraName, body: Json): Json {
  return BODY_NORMALISATIONS.filter((n) => n.eras.includes(era)).reduce(
    (current, n) => n.normalize(current),
    body,
  );
}
