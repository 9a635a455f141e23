// The harness's own plumbing, end to end but without the package build: a server process (the
// paced streamer), a contender's client process (the floor), and the section registry.
import { describe, expect, it } from 'vitest';
import { spawnClient } from '../lib/clients.mjs';
import { rotate } from '../lib/section.mjs';
import { startServer } from '../lib/server-client.mjs';
import { SECTIONS } from '../sections/index.mjs';

describe('harness', () => {
  it('runs a contender in its own process against the server process', async () => {
    const server = await startServer({ kind: 'paced', deltas: 30 });
    const client = await spawnClient(
      { section: 'test', profileDir: null, clientEnv: {} },
      { contender: 'floor', run: 1 },
    );
    try {
      await client.run('paced-stream', 'open', { contender: 'floor', url: server.url });
      const streams = await client.run('paced-stream', 'stream', {
        rate: 4000,
        count: 2,
        events: server.events,
      });
      await client.run('paced-stream', 'close');
      expect(streams).toHaveLength(2);
      for (const s of streams) {
        expect(s.chars).toBe(server.chars);
        expect(s.cpuUsPerEvent).toBeGreaterThan(0);
        expect(s.window[1]).toBeGreaterThan(s.window[0]);
      }
      expect((await server.stats()).responses).toBe(2);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('lists sections that each export measure, render and targets', async () => {
    const ids = SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { module } of SECTIONS) {
      const mod = await import(`../sections/${module}.mjs`);
      expect(typeof mod.measure).toBe('function');
      expect(typeof mod.render).toBe('function');
      expect(typeof mod.targets).toBe('function');
    }
  });

  it('rotates the contenders from run to run', () => {
    expect(rotate(['a', 'b', 'c'], 1)).toEqual(['b', 'c', 'a']);
    expect(rotate(['a', 'b', 'c'], 3)).toEqual(['a', 'b', 'c']);
  });
});
