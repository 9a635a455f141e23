import { describe, expect, it } from 'vitest';
import { agentTools, TOOLS } from '../lib/model-loop.mjs';

describe('agentTools', () => {
  it('is the one lookup tool for a count of 1', () => {
    expect(agentTools(1)).toBe(TOOLS);
  });

  it('puts lookup first (the mock calls the first tool) and makes new schema objects per step', () => {
    const first = agentTools(30);
    const second = agentTools(30);
    expect(first).toHaveLength(30);
    expect(first[0]).toBe(TOOLS[0]);
    expect(new Set(first.map((tool) => tool.name)).size).toBe(30);
    expect(second[5].inputSchema).toEqual(first[5].inputSchema);
    expect(second[5].inputSchema).not.toBe(first[5].inputSchema);
  });
});
