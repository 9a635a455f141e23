import { describe, expect, it } from 'vitest';
import { renderMultiInstance, warmSteps } from '../lib/multi-instance-report.mjs';
import { chatToolCalls, toolChatAnswer, toolChatMessage } from '../lib/workload.mjs';
import { instanceFor, MODEL_CALLS } from '../sections/multi-instance.mjs';

describe('multi-instance section', () => {
  it('asks for 2, 3, 4 and 5 tool calls on every third message: 26 model calls in 12 messages', () => {
    expect(Array.from({ length: 12 }, (_, t) => chatToolCalls(t))).toEqual([
      0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 5,
    ]);
    expect(MODEL_CALLS).toBe(26);
    expect(toolChatMessage(2, 1)).toMatch(/ #tools=2$/);
    expect(toolChatAnswer(11, 1)).toBe('Done after 5 tool calls.');
    expect(toolChatAnswer(0, 1)).toBe(`Echo: ${toolChatMessage(0, 1)}`);
  });

  it('routes round robin, or always to the first instance when sticky', () => {
    expect([0, 1, 2, 3, 4].map((t) => instanceFor(t, 3, false))).toEqual([0, 1, 2, 0, 1]);
    expect([0, 1, 2, 3].map((t) => instanceFor(t, 3, true))).toEqual([0, 0, 0, 0]);
  });

  it("leaves out the first call and each instance's first call", () => {
    expect(warmSteps([0, 1, 2, 3, 4], 1)).toEqual([2, 3, 4]);
    expect(warmSteps([0, 1, 2, 3, 4], 2)).toEqual([3, 4]);
  });

  it('renders hit rate, parents, reasons and the speed-up against HTTP', () => {
    const chat = (wallMs, sources, fullReasons = {}) => ({
      2: {
        wallMs,
        cpuUs: 24_000,
        correct: true,
        completed: true,
        duplicates: 0,
        requestBytes: 12 * 1024,
        sources: { continuations: 25, ...sources },
        fullReasons,
      },
    });
    const step = (cpuUs, reason) => ({ cpuUs, reason });
    const result = {
      config: {
        processes: [2],
        turns: 12,
        warmUpChats: 1,
        verify: { items: 500, steps: 4, warmUpLoops: 1 },
      },
      modelCalls: 26,
      chats: [
        {
          contender: 'http-full',
          run: 1,
          warmUp: [500],
          chats: chat(3000, { socketCache: 0, store: 0, full: 25 }),
        },
        {
          contender: 'websocket-zdr',
          run: 1,
          warmUp: [400],
          chats: chat(2000, { socketCache: 24, store: 0, full: 1 }, { 'not-stored': 1 }),
        },
      ],
      verification: [
        {
          contender: 'one-instance',
          run: 1,
          instances: 1,
          warmUp: [3000],
          completed: true,
          duplicates: 0,
          steps: [step(16_000, 'new-conversation'), step(3000, 'continuation')].concat(
            [2000, 2000].map((us) => step(us, 'continuation')),
          ),
        },
        {
          contender: 'two-instances',
          run: 1,
          instances: 2,
          warmUp: [4000],
          completed: true,
          duplicates: 0,
          steps: [
            step(16_000, 'new-conversation'),
            step(15_000, 'continuation-from-store'),
            step(3000, 'continuation-from-store'),
            step(3000, 'continuation-from-store'),
          ],
        },
      ],
    };
    const md = renderMultiInstance(result, { CHAT_CONTENDERS: ['http-full', 'websocket-zdr'] });
    expect(md).toContain(
      '| 2 | ai-sdk-openai-ws, `store: false`, round robin | 96.0 % | 24 / 0 | `not-stored` ×1 | 1.0 | 2.00 | – | 1.50× | 2.0 |',
    );
    expect(md).toContain('| 2 | @ai-sdk/openai, HTTP, full history | 0.0 % | 0 / 0 |');
    expect(md).toMatch(
      /two instances take turns.* \| 3\.00 \| – \| 1\.50× \| `continuation-from-store` \|/,
    );
    expect(md).toMatch(/second instance's first call.* \| 15\.00 \|/);
    expect(md).toContain('Right last answer, every request completed, no duplicated item:');
    expect(md).not.toContain('**no**');
  });
});
