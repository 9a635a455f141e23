// The long text stream of the event-pace section, built from a recorded OpenAI stream (vendored in
// the repository) so every frame has the shape, fields and size of a real one: the recording's
// text deltas are cycled up to the length asked for, sequence numbers run on, and the `done`
// events and the final response carry the text those deltas add up to.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './dist.mjs';

export const RECORDING = 'openai-compaction.1.chunks.txt';
const RESPONSE_ID = '@@RESPONSE_ID@@';

function recordedEvents() {
  const file = resolve(ROOT, 'test', 'fixtures', 'openai-recorded', RECORDING);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/**
 * @param {number} deltaCount text deltas in the stream
 * @returns {{ deltas: number, events: number, bytes: number, text: string,
 *   framesFor(responseId: string): string[] }}
 */
export function buildPacedStream(deltaCount) {
  const recorded = recordedEvents();
  const byType = (type) => recorded.find((e) => e.type === type);
  const recordedDeltas = recorded.filter((e) => e.type === 'response.output_text.delta');
  const created = byType('response.created');
  const messageAdded = recorded.find(
    (e) => e.type === 'response.output_item.added' && e.item.type === 'message',
  );
  const messageDone = recorded.find(
    (e) => e.type === 'response.output_item.done' && e.item.type === 'message',
  );
  const completed = byType('response.completed');

  const deltas = Array.from(
    { length: deltaCount },
    (_, i) => recordedDeltas[i % recordedDeltas.length],
  );
  const text = deltas.map((d) => d.delta).join('');
  const part = { type: 'output_text', annotations: [], logprobs: [], text };
  const message = { ...messageDone.item, content: [part] };
  const withId = (response) => ({ ...response, id: RESPONSE_ID });
  const events = [
    { ...created, response: withId(created.response) },
    { ...byType('response.in_progress'), response: withId(created.response) },
    messageAdded,
    byType('response.content_part.added'),
    ...deltas,
    { ...byType('response.output_text.done'), text },
    { ...byType('response.content_part.done'), part },
    { ...messageDone, item: message },
    { ...completed, response: { ...withId(completed.response), output: [message] } },
  ].map((event, i) => ({ ...event, sequence_number: i }));
  const template = events.map((event) => JSON.stringify(event));
  // Only the frames that carry the response id are rewritten per request.
  const withIdAt = template.flatMap((frame, i) => (frame.includes(RESPONSE_ID) ? [i] : []));
  return {
    deltas: deltaCount,
    events: template.length,
    bytes: template.reduce((n, frame) => n + Buffer.byteLength(frame), 0),
    text,
    framesFor(responseId) {
      const frames = [...template];
      for (const i of withIdAt) frames[i] = frames[i].replaceAll(RESPONSE_ID, responseId);
      return frames;
    },
  };
}
