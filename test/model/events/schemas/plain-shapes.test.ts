import { describe, expect, it } from 'vitest';
import { eventSchemas } from '../../../../src/model/events/schemas/event-schemas';
import { itemSchemas } from '../../../../src/model/events/schemas/output-item-schemas';
import {
  isPlainDelta,
  isPlainEvent,
  isPlainItem,
} from '../../../../src/model/events/schemas/plain-shapes';
import { type Event, fixtureFiles, loadResponses } from '../map-events-fixtures';

/*
 * The hand checks may only say yes where the schema says yes: then reading the event as it came
 * is what reading the parsed event would be. Checked on every recorded event and on every
 * field of each checked shape set to every kind of JSON value.
 */

const EVENT_TYPES = [
  'response.created',
  'response.output_item.added',
  'response.output_item.done',
  'response.completed',
  'response.incomplete',
] as const;
const ITEM_TYPES = ['message', 'reasoning', 'function_call'] as const;
const DELTA_TYPES = [
  'response.output_text.delta',
  'response.function_call_arguments.delta',
  'response.reasoning_summary_text.delta',
] as const;

const recorded = fixtureFiles().flatMap((file) => loadResponses(file).flat());

const VALUES: unknown[] = [
  undefined,
  null,
  0,
  -1.5,
  Number.POSITIVE_INFINITY,
  '',
  'text',
  true,
  false,
  [],
  ['x'],
  {},
  { reason: 'max_output_tokens', context: 'c' },
  { reason: 7 },
];

/**
 * Every event (or item) with one field, at any depth, replaced by each value. Not `type`: the
 * mapper picks the check and the schema by it.
 */
function* mutations(value: Record<string, unknown>): Generator<Record<string, unknown>> {
  for (const key of Object.keys(value)) {
    if (key === 'type') continue;
    for (const replacement of VALUES) yield { ...value, [key]: replacement };
    const inner = value[key];
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      for (const changed of mutations(inner as Record<string, unknown>)) {
        yield { ...value, [key]: changed };
      }
    }
  }
  for (const extra of ['caller', 'error', 'incomplete_details', 'reasoning']) {
    for (const replacement of VALUES) yield { ...value, [extra]: replacement };
  }
}

const sample = (type: string) => recorded.find((event) => event.type === type);

describe('plain shapes', () => {
  it('say yes to recorded events only where the schema does, and to most of them', () => {
    let plain = 0;
    let checked = 0;
    for (const event of recorded) {
      if (!(EVENT_TYPES as readonly string[]).includes(event.type)) continue;
      checked++;
      if (!isPlainEvent(event.type, event)) continue;
      plain++;
      const schema = eventSchemas[event.type as (typeof EVENT_TYPES)[number]];
      expect(schema.safeParse(event).success).toBe(true);
    }
    expect(checked).toBeGreaterThan(100);
    // The fast path is the common path.
    expect(plain / checked).toBeGreaterThan(0.9);
  });

  it('say yes to recorded items only where the schema does', () => {
    const items = recorded
      .filter((event) => event.type.startsWith('response.output_item.'))
      .map((event) => event.item as Record<string, unknown> & { type: string })
      .filter((item) => (ITEM_TYPES as readonly string[]).includes(item.type));
    expect(new Set(items.map((item) => item.type))).toEqual(new Set(ITEM_TYPES));
    for (const item of items) {
      if (!isPlainItem(item.type, item)) continue;
      expect(itemSchemas[item.type as (typeof ITEM_TYPES)[number]].safeParse(item).success).toBe(
        true,
      );
    }
    expect(items.filter((item) => isPlainItem(item.type, item)).length).toBeGreaterThan(
      items.length * 0.9,
    );
  });

  /** Every mutation the hand check accepts, the schema accepts; and some it rejects. */
  function expectNoLooserThanSchema(
    value: Record<string, unknown>,
    check: (mutated: Record<string, unknown>) => boolean,
    schemaAccepts: (mutated: Record<string, unknown>) => boolean,
  ) {
    let rejected = 0;
    for (const mutated of mutations(value)) {
      if (check(mutated)) expect(schemaAccepts(mutated), JSON.stringify(mutated)).toBe(true);
      else rejected++;
    }
    expect(rejected).toBeGreaterThan(0);
  }

  it.each(EVENT_TYPES)('%s: no field of another type passes the hand check alone', (type) => {
    const base = sample(type) ?? sample('response.completed');
    expectNoLooserThanSchema(
      { ...(base as Event), type },
      (mutated) => isPlainEvent(type, mutated),
      (mutated) => eventSchemas[type].safeParse(mutated).success,
    );
  });

  it.each(ITEM_TYPES)('%s items: no field of another type passes the hand check alone', (type) => {
    const item = recorded
      .filter((event) => event.type === 'response.output_item.done')
      .map((event) => event.item as Record<string, unknown>)
      .find((candidate) => candidate.type === type) as Record<string, unknown>;
    expectNoLooserThanSchema(
      item,
      (mutated) => isPlainItem(type, mutated),
      (mutated) => itemSchemas[type].safeParse(mutated).success,
    );
  });

  it.each(DELTA_TYPES)('%s: no field of another type passes the delta check alone', (type) => {
    const base = sample(type) as Event;
    expect(isPlainDelta(type, base)).toBe(true);
    expectNoLooserThanSchema(
      base,
      (mutated) => isPlainDelta(type, mutated),
      (mutated) => eventSchemas[type].safeParse(mutated).success,
    );
  });

  it('leave every other event type to its schema', () => {
    const others = recorded.filter(
      (event) => !(EVENT_TYPES as readonly string[]).includes(event.type),
    );
    expect(others.some((event) => isPlainEvent(event.type, event))).toBe(false);
  });
});
