import { readFileSync } from 'node:fs';
import { type Item, isRecord } from './items';
import { resolveRecording } from './recordings';

/** One recorded response, ready to be sent line by line. */
export type ReplayPlan = {
  file: string;
  /** The recorded lines, byte for byte (each one JSON event). */
  lines: string[];
  events: Record<string, unknown>[];
};

/** What a replayed response leaves behind: the state the server keeps and the record. */
export type ReplayOutcome = {
  responseId: string | null;
  status: 'completed' | 'incomplete' | 'failed' | null;
  output: Item[];
  /** The terminal (or, lacking one, the last) `response` object. */
  response: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
};

const fileCache = new Map<string, string>();

/**
 * Load response `responseIndex` of a recorded stream (one JSON event per line): a bundled
 * recording, one in `dir`, or a file path (see `resolveRecording`). Files holding several
 * responses are split at each `response.created`. Throws when the file or the response does not
 * exist, so a bad script fails at `enqueue`, not in the middle of a test.
 */
export function loadReplay(dir: string | null, name: string, responseIndex = 0): ReplayPlan {
  const path = resolveRecording(name, dir);
  let text = fileCache.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8');
    fileCache.set(path, text);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const segments: string[][] = [[]];
  let currentHasCreated = false;
  for (const line of lines) {
    const created = (JSON.parse(line) as { type?: unknown }).type === 'response.created';
    // Lines before the first response.created belong to the first response.
    if (created && currentHasCreated) segments.push([]);
    if (created) currentHasCreated = true;
    segments[segments.length - 1].push(line);
  }
  const segment = segments[responseIndex];
  if (!segment) {
    throw new Error(
      `Cannot replay '${name}' response ${responseIndex}: the file holds ${segments.length}.`,
    );
  }
  return { file: path, lines: segment, events: segment.map((line) => JSON.parse(line)) };
}

const TERMINAL: Record<string, ReplayOutcome['status']> = {
  'response.completed': 'completed',
  'response.incomplete': 'incomplete',
  'response.failed': 'failed',
};

/**
 * Read the outcome of replayed events. The output comes from the terminal event, or from the
 * `output_item.done` events when the terminal output is missing or empty (some recordings).
 */
export function replayOutcome(events: Record<string, unknown>[]): ReplayOutcome {
  let response: Record<string, unknown> | null = null;
  let status: ReplayOutcome['status'] = null;
  let error: ReplayOutcome['error'] = null;
  const doneItems: Item[] = [];
  for (const event of events) {
    const type = String(event.type);
    if (isRecord(event.response)) response = event.response;
    if (type in TERMINAL) status = TERMINAL[type];
    if (type === 'response.output_item.done' && isRecord(event.item)) doneItems.push(event.item);
    if (type === 'error') {
      const detail = isRecord(event.error) ? event.error : event;
      error = { code: String(detail.code ?? ''), message: String(detail.message ?? '') };
    }
  }
  const terminalOutput = Array.isArray(response?.output) ? (response.output as Item[]) : [];
  if (status === 'failed' && !error && isRecord(response?.error)) {
    error = {
      code: String(response.error.code ?? ''),
      message: String(response.error.message ?? ''),
    };
  }
  return {
    responseId: typeof response?.id === 'string' ? response.id : null,
    status,
    output: terminalOutput.length > 0 ? terminalOutput : doneItems,
    response,
    error,
  };
}
