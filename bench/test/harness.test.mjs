// The harness's own plumbing, end to end but without the package build: a server process (the
// paced streamer), a contender's client process (the floor), and the section registry.
import { describe, expect, it } from 'vitest';
import { spawnClient } from '../lib/clients.mjs';
import { eachRun, eachRunInterleaved, oneAfterAnother, rotate } from '../lib/section.mjs';
import { startServer } from '../lib/server-client.mjs';
import { SECTIONS } from '../sections/index.mjs';

/** The longest scheduler tick Linux is built with (HZ=100), in µs. */
const SCHEDULER_TICK_US = 10_000;

describe('harness', () => {
  it('runs work for one contender after another and files the results by contender', async () => {
    const events = [];
    const results = await oneAfterAnother(['b', 'a'], async (id) => {
      events.push(`start ${id}`);
      await new Promise((resolve) => setImmediate(resolve));
      events.push(`end ${id}`);
      return `${id}!`;
    });
    // Each finished before the next started.
    expect(events).toEqual(['start b', 'end b', 'start a', 'end a']);
    expect(results).toEqual({ b: 'b!', a: 'a!' });
  });

  for (const contender of ['floor', 'floor-stream', 'model-floor']) {
    it(`runs a contender (${contender}) in its own process against the server process`, async () => {
      const server = await startServer({ kind: 'paced', deltas: 30 });
      const client = await spawnClient(
        { section: 'test', profileDir: null, clientEnv: {} },
        { contender, run: 1 },
      );
      try {
        await client.run('paced-stream', 'open', { contender, url: server.url });
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
          // Part of the process's CPU, known where /proc is (null elsewhere). A thread that runs
          // on another core while its figure is read brings up to a scheduler tick from before the
          // window (clock.mjs); a stream of 30 events lasts only a few ms, so the bound allows it.
          if (s.otherUsPerEvent !== null) {
            expect(s.otherUsPerEvent).toBeGreaterThanOrEqual(0);
            expect(s.otherUsPerEvent * server.events).toBeLessThan(
              s.cpuUsPerEvent * server.events + SCHEDULER_TICK_US,
            );
          }
          expect(s.window[1]).toBeGreaterThan(s.window[0]);
        }
        const stats = await server.stats();
        expect(stats.responses).toBe(2);
        // Every stream asked for its pace (a call that lost its prompt would stream unpaced).
        expect(stats.achieved.map((a) => a.rate)).toEqual([4000, 4000]);
      } finally {
        await client.close();
        await server.close();
      }
    });
  }

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

  it('gives a contender several client processes at once, and closes every one', async () => {
    const { ctx, log } = fakeContext({ runs: 2, profileDir: 'profiles' });
    const records = await eachRun(
      ctx,
      ['one', 'two'],
      async ({ clients, client }) => {
        expect(client).toBe(clients[0]);
        return {
          count: clients.length,
          files: clients.map((c) => c.profileFile),
          windows: [[1, 2]],
        };
      },
      { processes: (contender) => (contender === 'two' ? 2 : 1) },
    );
    expect(records.map((r) => [r.contender, r.run, r.count])).toEqual([
      ['two', 1, 2],
      ['one', 1, 1],
      ['one', 2, 1],
      ['two', 2, 2],
    ]);
    expect(records[0].files).toEqual(['two.run1.i0', 'two.run1.i1']);
    expect(records[1].files).toEqual(['one.run1']);
    // The profiled run (run 3): one profile per process, none of its records among the figures.
    expect(ctx.profiles.map((p) => p.file)).toEqual(['two.run3.i0', 'two.run3.i1', 'one.run3']);
    expect(log.opened).toBe(log.closed);
  });

  it('closes the processes that started when one of them fails to', async () => {
    const { ctx, log } = fakeContext({ runs: 1, failOn: 'many.run1.i2' });
    await expect(eachRun(ctx, ['many'], async () => ({}), { processes: 3 })).rejects.toThrow(
      'could not start many.run1.i2',
    );
    expect(log).toEqual({ opened: 2, closed: 2 });
  });

  it("keeps every contender's process alive through an interleaved run", async () => {
    const { ctx, log } = fakeContext({ runs: 2, profileDir: 'profiles' });
    const seen = [];
    const records = await eachRunInterleaved(ctx, ['one', 'two', 'three'], async (args) => {
      const { run, order, clients } = args;
      // All of the run's processes are open together, none closed yet.
      expect(log.opened - log.closed).toBe(3);
      seen.push(order);
      return Object.fromEntries(
        order.map((id) => [id, { run, file: clients[id].profileFile, windows: [[run, run + 1]] }]),
      );
    });
    expect(seen).toEqual([
      ['two', 'three', 'one'],
      ['three', 'one', 'two'],
      ['one', 'two', 'three'],
    ]);
    expect(records.map((r) => [r.contender, r.run, r.file])).toEqual([
      ['two', 1, 'two.run1'],
      ['three', 1, 'three.run1'],
      ['one', 1, 'one.run1'],
      ['three', 2, 'three.run2'],
      ['one', 2, 'one.run2'],
      ['two', 2, 'two.run2'],
    ]);
    expect(records.every((r) => !('windows' in r))).toBe(true);
    expect(ctx.profiles).toEqual([
      { contender: 'one', file: 'one.run3', windows: [[3, 4]] },
      { contender: 'two', file: 'two.run3', windows: [[3, 4]] },
      { contender: 'three', file: 'three.run3', windows: [[3, 4]] },
    ]);
    expect(log.opened).toBe(log.closed);
  });

  it("closes an interleaved run's processes when one fails to start, or the run throws", async () => {
    const failing = fakeContext({ runs: 1, failOn: 'two.run1' });
    const fn = async () => ({});
    await expect(eachRunInterleaved(failing.ctx, ['one', 'two', 'three'], fn)).rejects.toThrow(
      'could not start two.run1',
    );
    expect(failing.log).toEqual({ opened: 2, closed: 2 });
    const throwing = fakeContext({ runs: 1 });
    await expect(
      eachRunInterleaved(throwing.ctx, ['one', 'two'], async () => {
        throw new Error('measuring failed');
      }),
    ).rejects.toThrow('measuring failed');
    expect(throwing.log).toEqual({ opened: 2, closed: 2 });
  });
});

/** A section context whose client processes are stand-ins named like their profile files. */
function fakeContext({ runs, profileDir = null, failOn }) {
  const log = { opened: 0, closed: 0 };
  const ctx = {
    runs,
    profileDir,
    profiles: [],
    progress: () => {},
    spawnClient: async (contender, run, { instance } = {}) => {
      const name = `${contender}.run${run}${instance === undefined ? '' : `.i${instance}`}`;
      if (name === failOn) throw new Error(`could not start ${name}`);
      log.opened++;
      return {
        profileFile: name,
        close: async () => {
          log.closed++;
        },
      };
    },
  };
  return { ctx, log };
}
