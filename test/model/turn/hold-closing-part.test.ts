import { describe, expect, it } from 'vitest';
import { ClosingPartHoldback } from '../../../src/model/turn/hold-closing-part';
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
});
