import { asObject } from '../../util/as-object';

type Event = Record<string, unknown>;

/**
 * The events of a finished response rebuilt from its terminal event alone: `response.created`,
 * then for each output item the events that carry it whole (announced, its text or summary in
 * one delta per part, its annotations, done), then the terminal event itself.
 *
 * `doGenerate` maps these, not the streamed events: `@ai-sdk/openai`'s doGenerate reads the
 * response object, and the final output items can differ from what streamed (encrypted content
 * re-encrypted, ids rotated by gateways, fingerprints renewed). Each message content part is its
 * own text block there, so each is replayed as its own pass over the message item.
 */
export function replayResponse(terminal: Event): Event[] {
  const response = asObject(terminal.response) ?? {};
  const output = Array.isArray(response.output) ? response.output : [];
  const events: Event[] = [{ type: 'response.created', response }];
  output.forEach((value, outputIndex) => {
    const item = asObject(value);
    if (item != null) events.push(...itemEvents(item, outputIndex));
  });
  events.push(terminal);
  return events;
}

function itemEvents(item: Record<string, unknown>, outputIndex: number): Event[] {
  const at = { output_index: outputIndex };
  const added = (announced: Record<string, unknown>): Event => ({
    type: 'response.output_item.added',
    ...at,
    item: announced,
  });
  const done = (finished: Record<string, unknown>): Event => ({
    type: 'response.output_item.done',
    ...at,
    item: finished,
  });
  switch (item.type) {
    case 'message':
      return messageEvents(item, outputIndex);
    case 'reasoning': {
      const summary = Array.isArray(item.summary) ? item.summary : [];
      const ref = { item_id: item.id, ...at };
      const parts = summary.flatMap((part, index) => {
        const text = asObject(part)?.text;
        return [
          { type: 'response.reasoning_summary_part.added', ...ref, summary_index: index },
          ...(typeof text === 'string' && text.length > 0
            ? [
                {
                  type: 'response.reasoning_summary_text.delta',
                  ...ref,
                  summary_index: index,
                  delta: text,
                },
              ]
            : []),
          { type: 'response.reasoning_summary_part.done', ...ref, summary_index: index },
        ];
      });
      return [added({ ...item, summary: [] }), ...parts, done(item)];
    }
    case 'code_interpreter_call':
      // The call (with its code) is reported when the code is complete.
      return [
        added(item),
        { type: 'response.code_interpreter_call_code.done', ...at, code: item.code ?? '' },
        done(item),
      ];
    default:
      return [added(item), done(item)];
  }
}

/** One pass per content part: each part is a text block of its own, as in a generate result. */
function messageEvents(item: Record<string, unknown>, outputIndex: number): Event[] {
  const content = Array.isArray(item.content) ? item.content : [];
  const ref = { item_id: item.id, output_index: outputIndex };
  return content.flatMap((value) => {
    const part = asObject(value) ?? {};
    const events: Event[] = [
      {
        type: 'response.output_item.added',
        output_index: outputIndex,
        item: { ...item, content: [] },
      },
    ];
    if (part.type === 'refusal') {
      events.push({ type: 'response.refusal.delta', ...ref, delta: part.refusal ?? '' });
      events.push({ type: 'response.refusal.done', ...ref, refusal: part.refusal ?? '' });
    } else {
      events.push({
        type: 'response.output_text.delta',
        ...ref,
        delta: part.text ?? '',
        ...(part.logprobs !== undefined && { logprobs: part.logprobs }),
      });
      const annotations = Array.isArray(part.annotations) ? part.annotations : [];
      for (const annotation of annotations) {
        events.push({ type: 'response.output_text.annotation.added', ...ref, annotation });
      }
    }
    events.push({
      type: 'response.output_item.done',
      output_index: outputIndex,
      item: { ...item, content: [part] },
    });
    return events;
  });
}
