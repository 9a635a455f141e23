/**
 * What the response differentials share (`/v4` against `@ai-sdk/openai` 4, the root and `/v3`
 * entries against the `@ai-sdk/openai` of their era): the recorded responses, the non-streaming
 * bodies turned into replayable events, and the views of parts and metadata that are compared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureDir, loadResponses } from '../model/events/map-events-fixtures';

export type Json = Record<string, unknown>;

/** Every recorded streaming response, one case per response of a recording. */
export const recordings = readdirSync(fixtureDir)
  .filter((file) => file.endsWith('.chunks.txt'))
  .sort()
  .flatMap((file) =>
    loadResponses(file).map((events, responseIndex) => ({
      name: file.replace(/\.chunks\.txt$/, ''),
      responseIndex,
      events,
      terminal: events.at(-1)?.type,
    })),
  );

/** The recording that stops without a terminal event: a socket cannot tell it from a pause. */
export const CUT_SHORT = 'openai-issue-8562-missing-reasoning-summary.1';

/**
 * The responses doGenerate can collect. Left out: the stream cut short (no response to collect),
 * and a lone error event, which has no response and so no non-streaming form (over HTTP it is an
 * error status: test/reliability/error-mapping.test.ts).
 */
export const generateCases = recordings.filter(
  (recording) =>
    recording.name !== CUT_SHORT && recording.events.some((e) => e.type === 'response.created'),
);

/** The non-streaming recordings (`.json`) that hold a response body. */
export const jsonBodies = readdirSync(fixtureDir)
  .filter((file) => file.endsWith('.json') && file !== 'INDEX.json')
  .sort()
  .map((file) => ({ file, body: JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')) as Json }))
  .filter(({ body }) => Array.isArray(body.output));

/** The events of a non-streaming response: created, each output item announced and done, completed. */
export function eventsOf(body: Json): Json[] {
  const output = (body.output as Json[] | undefined) ?? [];
  const events: Json[] = [{ type: 'response.created', response: { ...body, output: [] } }];
  output.forEach((item, outputIndex) => {
    events.push({ type: 'response.output_item.added', output_index: outputIndex, item });
    events.push({ type: 'response.output_item.done', output_index: outputIndex, item });
  });
  events.push({ type: 'response.completed', response: body });
  return events.map((event, index) => ({ ...event, sequence_number: index }));
}

export async function readAll(stream: ReadableStream<unknown>): Promise<Json[]> {
  const parts: Json[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parts.push(next.value as Json);
  }
  return parts;
}

/**
 * Both sides generate ids for sources and MCP approval calls (16 random characters): rename them
 * in order of appearance, so equal sequences compare equal. Recorded ids never look like these.
 */
function withStableIds(values: Json[]): Json[] {
  const names = new Map<string, string>();
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string' && /^[A-Za-z0-9]{16}$/.test(value)) {
      if (!names.has(value)) names.set(value, `<id-${names.size}>`);
      return names.get(value);
    }
    return value;
  };
  return values.map((value) => {
    const copy: Json = { ...value };
    for (const key of ['id', 'toolCallId']) if (key in copy) copy[key] = rename(copy[key]);
    return copy;
  });
}

/**
 * Our metadata less this package's own keys (`responseId`, `websocket`, and `chainDigest`, the
 * continuation digest on a response's last closing part); empty → undefined.
 */
export function withoutOwnKeys(metadata: unknown): unknown {
  if (metadata == null) return metadata;
  const result: Json = {};
  for (const [provider, values] of Object.entries(metadata as Record<string, Json>)) {
    const {
      responseId: _responseId,
      websocket: _websocket,
      chainDigest: _chainDigest,
      ...rest
    } = values;
    if (Object.keys(rest).length > 0) result[provider] = rest;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Parts with stable generated ids and the metadata compared: ours less its own keys; the
 * reference's less `responseId` too, which only its finish has (ours has it on every part: it is
 * compared on its own).
 */
export function comparable(parts: Json[]): Json[] {
  return withStableIds(parts).map((part) => {
    const { providerMetadata, ...rest } = part;
    const metadata = withoutOwnKeys(providerMetadata);
    return metadata === undefined ? rest : { ...rest, providerMetadata: metadata };
  });
}

/** The response id each side reports on its finish. */
export const finishResponseId = (parts: Json[]) =>
  (parts.at(-1)?.providerMetadata as Record<string, Json> | undefined)?.openai?.responseId;
