import type { EventSink } from './event-sink';
import { type Item, isRecord, normalizeInput } from './items';
import type { MockRequestRecord } from './types';

/** Accepted steering input, waiting to be committed into a response. */
export type SteerEntry = { id: string; input: Item[]; record: MockRequestRecord };

/** A response that takes steering input while it streams. */
export type SteerTarget = {
  lane: string | null;
  model: string;
  /** Send an event inside the response's own stream (numbered after what was sent). */
  emit: (event: Record<string, unknown>) => void;
  queue: SteerEntry[];
};

/** Models that accept `response.steer` (the GPT-6 family). */
export const steerableModel = (model: unknown): boolean =>
  typeof model === 'string' && model.startsWith('gpt-6');

/**
 * The steering state of one connection: the responses streaming now (which accept steering),
 * and input still queued for the explicit continuation of a response that stopped for tool
 * output (announced by `response.steer.pending`).
 */
export class Steering {
  private readonly running = new Map<string, SteerTarget>();
  private readonly parked = new Map<string, { lane: string | null; entries: SteerEntry[] }>();

  begin(responseId: string, target: SteerTarget): void {
    this.running.set(responseId, target);
  }

  target(responseId: string): SteerTarget | undefined {
    return this.running.get(responseId);
  }

  /** The response stopped taking steering input; returns what is still queued. */
  end(responseId: string): SteerEntry[] {
    const target = this.running.get(responseId);
    this.running.delete(responseId);
    return target?.queue ?? [];
  }

  /** Keep input for the explicit `response.create` that continues `responseId` on `lane`. */
  park(responseId: string, lane: string | null, entries: SteerEntry[]): void {
    this.parked.set(responseId, { lane, entries });
  }

  /** The parked input a continuation of `responseId` on `lane` commits (and removes). */
  takeParked(responseId: string | null, lane: string | null): SteerEntry[] {
    if (responseId === null) return [];
    const parked = this.parked.get(responseId);
    if (!parked || parked.lane !== lane) return [];
    this.parked.delete(responseId);
    return parked.entries;
  }

  /** The socket closed: nothing queued will be committed. */
  close(): void {
    for (const target of this.running.values()) interrupt(target.queue);
    for (const { entries } of this.parked.values()) interrupt(entries);
    this.running.clear();
    this.parked.clear();
  }
}

function interrupt(entries: SteerEntry[]): void {
  for (const entry of entries) entry.record.status = 'interrupted';
}

/** Mark steering input as committed into `responseId`. */
export function commitSteers(entries: SteerEntry[], responseId: string | null): void {
  for (const entry of entries) {
    entry.record.status = 'completed';
    entry.record.responseId = responseId;
  }
}

/** Steering takes user messages only: `type`, `role`, `content` (text, image, file parts). */
export function steerInput(input: unknown): Item[] | null {
  const items = normalizeInput(input);
  if (!items || items.length === 0) return null;
  const parts = new Set(['input_text', 'input_image', 'input_file']);
  const valid = items.every((item) => {
    const keys = Object.keys(item);
    if (!keys.every((key) => key === 'type' || key === 'role' || key === 'content')) return false;
    if ((item.type !== undefined && item.type !== 'message') || item.role !== 'user') return false;
    if (typeof item.content === 'string') return true;
    return (
      Array.isArray(item.content) &&
      item.content.every((part) => isRecord(part) && parts.has(String(part.type)))
    );
  });
  return valid ? items : null;
}

/** `response.steer.failed`, returning the uncommitted input. */
export function sendSteerFailed(
  sink: EventSink,
  body: Record<string, unknown>,
  code: string,
  message: string,
): void {
  sink.sendEvent({
    type: 'response.steer.failed',
    sequence_number: 0,
    error: { type: 'invalid_request_error', code, message },
    steer: {
      input: body.input ?? null,
      previous_response_id: body.previous_response_id ?? null,
    },
  });
}
