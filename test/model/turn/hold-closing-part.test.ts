import { describe, expect, it } from 'vitest';
import { ClosingPartHoldback, lastCarrier } from '../../../src/model/turn/hold-closing-part';
import type { StreamPart } from '../../../src/types';

const parts: StreamPart[] = [
  { type: 'text-start', id: 'msg_1' },
  { type: 'text-delta', id: 'msg_1', delta: 'Hi' },
  { type: 'text-end', id: 'msg_1' },
  { type: 'raw', rawValue: {} },
  { type: 'tool-input-start', id: 'fc_1', toolName: 'lookup' },
  { type: 'tool-input-end', id: 'fc_1' },
  { type: 'tool-call', toolCallId: 'call_1', toolName: 'lookup', input: '{}' },
  { type: 'raw', rawValue: {} },
  { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com' },
];

describe('ClosingPartHoldback', () => {
  it('holds the latest closing part and what queues behind it; the order never changes', () => {
    const holdback = new ClosingPartHoldback();
    const out: number[] = [];
    for (const [index, part] of parts.entries()) out.push(...holdback.push(part, index));
    // The text's end was released by the next content part; the tool call is still held.
    expect(out).toEqual([0, 1, 2, 3, 4, 5]);
    expect(holdback.carrier).toBe(6);
    expect(holdback.release()).toEqual([6, 7, 8]);
    expect(holdback.carrier).toBeUndefined();
  });

  it('holds nothing while no closing part came', () => {
    const holdback = new ClosingPartHoldback();
    expect(holdback.push(parts[3], 0)).toEqual([0]);
    expect(holdback.carrier).toBeUndefined();
  });

  it('keeps holding the part when an empty text follows it, which ai@5 and ai@6 drop', () => {
    const holdback = new ClosingPartHoldback();
    const after: StreamPart[] = [
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'lookup', input: '{}' },
      { type: 'text-start', id: 'msg_1' },
      { type: 'text-end', id: 'msg_1' },
      { type: 'raw', rawValue: {} },
    ];
    const out: number[] = [];
    for (const [index, part] of after.entries()) out.push(...holdback.push(part, index));
    expect(out).toEqual([]);
    expect(holdback.carrier).toBe(0);
    expect(holdback.release()).toEqual([0, 1, 2, 3]);
  });

  it('lets a text that gets text release the part, its start first', () => {
    const holdback = new ClosingPartHoldback();
    expect(holdback.push(parts[6], 6)).toEqual([]);
    expect(holdback.push({ type: 'text-start', id: 'msg_2' }, 7)).toEqual([]);
    expect(holdback.push({ type: 'text-delta', id: 'msg_2', delta: 'Hi' }, 8)).toEqual([6, 7, 8]);
    // The text's end is the part now held: it has text.
    expect(holdback.push({ type: 'text-end', id: 'msg_2' }, 9)).toEqual([]);
    expect(holdback.carrier).toBe(9);
  });
});

describe('lastCarrier', () => {
  const empty: StreamPart[] = [
    { type: 'text-start', id: 'msg_2' },
    { type: 'text-end', id: 'msg_2' },
  ];

  it('passes over the end of an empty text', () => {
    expect(lastCarrier([...parts, ...empty])).toBe(6);
    expect(lastCarrier([...parts, ...empty, { type: 'finish' } as StreamPart])).toBe(6);
  });

  it('takes the end of a text with text, or of an empty one when nothing else closes', () => {
    expect(lastCarrier(parts.slice(0, 4))).toBe(2);
    expect(lastCarrier(empty)).toBe(1);
    expect(lastCarrier([parts[3]])).toBeUndefined();
  });
});
