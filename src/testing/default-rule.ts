import { type Item, isRecord, itemType, lastUserIndex, lastUserText } from './items';
import { sampleFromSchema } from './json-from-schema';
import type { GeneratedOutput } from './plan-output';

/**
 * The mock's model when no script is queued. It is driven by directives in the latest user
 * message of the rebuilt context, so a test controls it through the prompt alone (and a broken
 * delta, which changes the context, changes the answer):
 *
 * - `#tools=N`: call the request's first function tool with `{ "step": k }` until N
 *   `function_call_output` items follow the message that carries the directive, then answer
 *   `Done after N tool calls.` (Counting from that message keeps the hint working in a chat,
 *   whose earlier turns may hold tool outputs of their own.)
 * - `#parallel=K`: make K calls per response (cycling through the function tools); alone it
 *   means one response with K calls, then `Done after K tool calls.`
 * - `#reasoning`: put a reasoning item first (with a summary when the request asks for one).
 * - `#json`, or `text.format` of type `json_schema` / `json_object`: answer a JSON object (a
 *   sample of the schema, else `{ "echo": <text> }`).
 * - otherwise: `Echo: <latest user text>`.
 */
export function defaultOutput(context: Item[], body: Record<string, unknown>): GeneratedOutput {
  const text = lastUserText(context);
  const reasoning = /#reasoning\b/.test(text) ? reasoningFor(text, body) : undefined;

  const toolsMatch = /#tools=(\d+)/.exec(text);
  const parallelMatch = /#parallel=(\d+)/.exec(text);
  const tools = functionToolNames(body);
  if ((toolsMatch || parallelMatch) && tools.length > 0) {
    const perStep = parallelMatch ? Math.max(1, Number(parallelMatch[1])) : 1;
    const target = toolsMatch ? Number(toolsMatch[1]) : perStep;
    const done = context
      .slice(lastUserIndex(context) + 1)
      .filter((item) => itemType(item) === 'function_call_output').length;
    if (done < target) {
      const count = Math.min(perStep, target - done);
      const toolCalls = Array.from({ length: count }, (_, i) => ({
        // #tools alone keeps calling the first tool; #parallel spreads over all of them.
        name: tools[parallelMatch ? i % tools.length : 0],
        arguments: { step: done + i + 1 },
      }));
      return { toolCalls, ...(reasoning && { reasoning }) };
    }
    return { text: `Done after ${target} tool calls.`, ...(reasoning && { reasoning }) };
  }

  const format = isRecord(body.text) && isRecord(body.text.format) ? body.text.format : undefined;
  if (format?.type === 'json_schema' && isRecord(format.schema)) {
    return {
      text: JSON.stringify(sampleFromSchema(format.schema)),
      ...(reasoning && { reasoning }),
    };
  }
  if (format?.type === 'json_object' || /#json\b/.test(text)) {
    return { text: JSON.stringify({ echo: text }), ...(reasoning && { reasoning }) };
  }
  return { text: `Echo: ${text}`, ...(reasoning && { reasoning }) };
}

function functionToolNames(body: Record<string, unknown>): string[] {
  if (!Array.isArray(body.tools)) return [];
  return body.tools
    .filter((tool) => isRecord(tool) && tool.type === 'function' && typeof tool.name === 'string')
    .map((tool) => String((tool as Record<string, unknown>).name));
}

/** A summary only when the request asks for one, as the real API does. */
function reasoningFor(text: string, body: Record<string, unknown>): { summary?: string } {
  const wantsSummary = isRecord(body.reasoning) && body.reasoning.summary != null;
  return wantsSummary ? { summary: `Thinking about the request: ${text}` } : {};
}
