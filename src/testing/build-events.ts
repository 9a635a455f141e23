import { providerCallEvents } from './build-tool-events';
import type { Item } from './items';
import { type MockError, midStreamErrorEvent } from './mock-errors';
import type { GeneratedPlan, PlannedItem } from './plan-output';
import { type ResponseShell, responseObject, type Usage } from './response-object';

type Event = Record<string, unknown>;

/** The events of one generated response and what it ends as. */
export type BuiltResponse = {
  events: Event[];
  status: 'completed' | 'incomplete' | 'failed';
  output: Item[];
};

/**
 * The event stream of a generated response, event for event like the recorded streams:
 * `response.created`, `response.in_progress`, per item `output_item.added` … `output_item.done`
 * (text in several `output_text.delta`s inside a content part, arguments in
 * `function_call_arguments.delta`s, reasoning summaries in `reasoning_summary_*`), then one
 * terminal event whose `response.output` holds every item. `sequence_number` counts from 0.
 */
export function buildResponseEvents(
  shell: ResponseShell,
  plan: GeneratedPlan,
  usageFor: (output: Item[]) => Usage,
): BuiltResponse {
  const events: Event[] = [...openingEvents(shell)];
  const output: Item[] = [];
  plan.items.forEach((planned, outputIndex) => {
    const item = itemEvents(planned, outputIndex, events);
    output.push(item);
  });

  const terminalType = {
    completed: 'response.completed',
    incomplete: 'response.incomplete',
    failed: 'response.failed',
  }[plan.status];
  const usage = plan.status === 'failed' ? null : usageFor(output);
  events.push({
    type: terminalType,
    response: responseObject(shell, {
      status: plan.status,
      output,
      usage,
      error: plan.error,
      incompleteReason: plan.incompleteReason,
    }),
  });
  return { events: numbered(events), status: plan.status, output };
}

/** A response that fails mid-stream: created, in progress, error event, `response.failed`. */
export function buildMidStreamErrorEvents(shell: ResponseShell, error: MockError): Event[] {
  const events = openingEvents(shell);
  events.push(midStreamErrorEvent(error, events.length));
  events.push({
    type: 'response.failed',
    response: responseObject(shell, {
      status: 'failed',
      output: [],
      usage: null,
      error: { code: error.code, message: error.message },
      incompleteReason: null,
    }),
  });
  return numbered(events);
}

function openingEvents(shell: ResponseShell): Event[] {
  const response = responseObject(shell, {
    status: 'in_progress',
    output: [],
    usage: null,
    error: null,
    incompleteReason: null,
  });
  return [
    { type: 'response.created', response },
    { type: 'response.in_progress', response },
  ];
}

function numbered(events: Event[]): Event[] {
  return events.map((event, index) => ({ ...event, sequence_number: index }));
}

/** Push the events of one output item; returns the finished item. */
function itemEvents(planned: PlannedItem, outputIndex: number, events: Event[]): Item {
  if (planned.type === 'provider_call')
    return providerCallEvents(planned.item, outputIndex, events);
  const at = { item_id: planned.id, output_index: outputIndex };
  switch (planned.type) {
    case 'message': {
      const part = (text: string) => ({ type: 'output_text', annotations: [], logprobs: [], text });
      const open = {
        id: planned.id,
        type: 'message',
        status: 'in_progress',
        content: [],
        role: 'assistant',
      };
      events.push({ type: 'response.output_item.added', item: open, output_index: outputIndex });
      events.push({ type: 'response.content_part.added', ...at, content_index: 0, part: part('') });
      for (const delta of splitText(planned.text)) {
        events.push({
          type: 'response.output_text.delta',
          ...at,
          content_index: 0,
          delta,
          logprobs: [],
        });
      }
      events.push({
        type: 'response.output_text.done',
        ...at,
        content_index: 0,
        text: planned.text,
        logprobs: [],
      });
      events.push({
        type: 'response.content_part.done',
        ...at,
        content_index: 0,
        part: part(planned.text),
      });
      const item = { ...open, status: planned.status, content: [part(planned.text)] };
      events.push({ type: 'response.output_item.done', item, output_index: outputIndex });
      return item;
    }
    case 'function_call': {
      const open = {
        id: planned.id,
        type: 'function_call',
        status: 'in_progress',
        arguments: '',
        call_id: planned.callId,
        name: planned.name,
      };
      events.push({ type: 'response.output_item.added', item: open, output_index: outputIndex });
      for (const delta of splitArguments(planned.arguments)) {
        events.push({ type: 'response.function_call_arguments.delta', ...at, delta });
      }
      events.push({
        type: 'response.function_call_arguments.done',
        ...at,
        arguments: planned.arguments,
      });
      const item = { ...open, status: 'completed', arguments: planned.arguments };
      events.push({ type: 'response.output_item.done', item, output_index: outputIndex });
      return item;
    }
    case 'reasoning': {
      const encrypted =
        planned.encryptedContent === null ? {} : { encrypted_content: planned.encryptedContent };
      const open = { id: planned.id, type: 'reasoning', ...encrypted, summary: [] };
      events.push({ type: 'response.output_item.added', item: open, output_index: outputIndex });
      planned.summary.forEach((text, summaryIndex) => {
        const part = (t: string) => ({ type: 'summary_text', text: t });
        const where = { ...at, summary_index: summaryIndex };
        events.push({ type: 'response.reasoning_summary_part.added', ...where, part: part('') });
        for (const delta of splitText(text)) {
          events.push({ type: 'response.reasoning_summary_text.delta', ...where, delta });
        }
        events.push({ type: 'response.reasoning_summary_text.done', ...where, text });
        events.push({ type: 'response.reasoning_summary_part.done', ...where, part: part(text) });
      });
      const summary = planned.summary.map((text) => ({ type: 'summary_text', text }));
      const item = { ...open, summary };
      events.push({ type: 'response.output_item.done', item, output_index: outputIndex });
      return item;
    }
  }
}

/**
 * Text in word-sized deltas (each word with its leading whitespace), at least two for any text
 * of two or more characters, so clients are always exercised on joining deltas.
 */
export function splitText(text: string): string[] {
  if (text.length === 0) return [];
  const words: string[] = [...(text.match(/\s*\S+/g) ?? [])];
  const joined = words.join('');
  if (joined.length < text.length) {
    if (words.length === 0) words.push(text);
    else words[words.length - 1] += text.slice(joined.length);
  }
  if (words.length === 1 && text.length > 1) {
    const middle = Math.ceil(text.length / 2);
    return [text.slice(0, middle), text.slice(middle)];
  }
  return words;
}

/** Arguments in at most about eight chunks. */
function splitArguments(args: string): string[] {
  if (args.length === 0) return [];
  const size = Math.max(6, Math.ceil(args.length / 8));
  const chunks: string[] = [];
  for (let i = 0; i < args.length; i += size) chunks.push(args.slice(i, i + size));
  return chunks;
}
