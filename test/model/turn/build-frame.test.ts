import { describe, expect, it } from 'vitest';
import type { TurnPlan } from '../../../src/model/chain/plan-turn';
import { buildFrame, frameFor } from '../../../src/model/turn/build-frame';
import type { TurnCall } from '../../../src/model/turn/turn-call';

const input = [{ role: 'user', content: [{ type: 'input_text', text: 'hi "there" ✓' }] }];

function callWith(settings: Record<string, unknown>): TurnCall {
  // buildFrame reads only the settings and their JSON (the call's fingerprint).
  return { request: { settings }, settingsKey: JSON.stringify(settings) } as unknown as TurnCall;
}

const delta = { mode: 'delta', previousResponseId: 'resp_"1"', input } as unknown as TurnPlan;
const full = { mode: 'full', input } as unknown as TurnPlan;

describe('buildFrame', () => {
  const settingsCases: Record<string, Record<string, unknown>> = {
    empty: {},
    typical: { model: 'gpt-4.1-mini', store: true, tools: [{ type: 'function', name: 'f' }] },
    'with undefined fields': {
      model: 'gpt-5',
      temperature: undefined,
      text: { format: { type: 'text' } },
    },
  };
  for (const [name, settings] of Object.entries(settingsCases)) {
    for (const [planName, plan] of Object.entries({ delta, full })) {
      for (const streamId of [undefined, 'lane-2']) {
        it(`writes the text JSON.stringify would (${name} settings, ${planName}, lane ${streamId ?? 'off'})`, () => {
          const frame = buildFrame(callWith(settings), plan, streamId);
          expect(frame.text).toBe(JSON.stringify(frame.body));
          expect(JSON.parse(frame.text)).toEqual(JSON.parse(JSON.stringify(frame.body)));
          expect(frame.bytes).toBe(Buffer.byteLength(frame.text));
          expect(frame.body.type).toBe('response.create');
          expect('previous_response_id' in frame.body).toBe(planName === 'delta');
          expect(frame.body.stream_id).toBe(streamId);
        });
      }
    }
  }

  it("notes each input item's text for the chain, in a map of the frame's own", () => {
    const items = [
      { type: 'function_call_output', call_id: 'c1', output: '{"a":1}' },
      { type: 'function_call', call_id: 'c2', name: 'f', arguments: '{}' },
    ];
    const call = callWith({ model: 'gpt-4.1-mini' });
    const plan = { mode: 'full', input: items } as unknown as TurnPlan;
    const frame = buildFrame(call, plan, undefined);
    expect(frame.text).toBe(JSON.stringify(frame.body));
    expect([...frame.itemTexts.entries()]).toEqual(
      items.map((item) => [item, JSON.stringify(item)]),
    );
    // Each frame notes its own: none outlives the frame through the call.
    expect(buildFrame(call, plan, undefined).itemTexts).not.toBe(frame.itemTexts);
  });
});

describe('frameFor', () => {
  const call = callWith({ model: 'gpt-4.1-mini' });
  const smallest = { ...buildFrame(call, delta, undefined), plan: delta };

  it('sends the smallest frame as it is when the lane sends the same (lanes off)', () => {
    const sameOnLane = { ...delta, reason: 'continuation-from-store', input: [...input] };
    expect(frameFor(call, sameOnLane as TurnPlan, undefined, smallest)).toBe(smallest);
  });

  it('builds another for another request or a named lane, reusing the item texts', () => {
    for (const [plan, streamId] of [
      [full, undefined],
      [delta, 'lane-1'],
    ] as const) {
      const frame = frameFor(call, plan, streamId, smallest);
      expect(frame).not.toBe(smallest);
      expect(frame.text).toBe(JSON.stringify(frame.body));
      expect(frame.itemTexts).toBe(smallest.itemTexts);
    }
  });
});
