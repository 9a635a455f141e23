import { describe, expect, it, vi } from 'vitest';
import { PoolError } from '../../src/pool/wait-queue';
import { usePool } from './use-pool';

const harness = usePool();
const { setup, request } = harness;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describe('SessionPool', () => {
  it('opens a socket for the first call and hands the same one to the next', async () => {
    const pool = await setup();
    const first = await pool.acquire(request());
    expect(first.reused).toBe(false);
    expect(pool.stats()).toEqual({ open: 1, idle: 0, busy: 1, queued: 0, inFlight: 1 });
    pool.release(first);
    expect(pool.stats()).toMatchObject({ idle: 1, busy: 0 });
    const second = await pool.acquire(request());
    expect(second).toMatchObject({ connection: first.connection, lane: first.lane, reused: true });
    expect(first.lane.streamId).toBeUndefined(); // lanes off: the default lane
    expect(harness.server.upgrades).toHaveLength(1);
  });

  it('hands out an open socket without a turn of the event loop (the frame goes out first)', async () => {
    const pool = await setup();
    pool.release(await pool.acquire(request()));
    let turnEnded = false;
    setImmediate(() => {
      turnEnded = true;
    });
    const lease = await pool.acquire(request());
    expect(lease.reused).toBe(true);
    expect(turnEnded).toBe(false);
  });

  it('never shares a socket across credential scopes', async () => {
    const pool = await setup();
    const a = await pool.acquire(request({ scope: 'scope-a' }));
    pool.release(a);
    const b = await pool.acquire(request({ scope: 'scope-b' }));
    expect(b.connection).not.toBe(a.connection);
    expect(b.reused).toBe(false);
  });

  it('prefers the free socket that holds the wanted chain head', async () => {
    const pool = await setup();
    const [a, b] = await Promise.all([pool.acquire(request()), pool.acquire(request())]);
    pool.release(a, { headId: 'resp_a' });
    pool.release(b, { headId: 'resp_b' });
    const preferred = await pool.acquire(request({ preferHeadId: 'resp_b' }));
    expect(preferred.connection).toBe(b.connection);
  });

  it('release sets the head the socket holds, clears it, or keeps it; a second release does nothing', async () => {
    const pool = await setup();
    const first = await pool.acquire(request());
    pool.release(first, { headId: 'resp_1' });
    expect(first.lane.headId).toBe('resp_1');
    const second = await pool.acquire(request({ preferHeadId: 'resp_1' }));
    expect(second.lane).toBe(first.lane);
    pool.release(second); // nothing was sent: the head stays
    expect(first.lane.headId).toBe('resp_1');
    const third = await pool.acquire(request({ preferHeadId: 'resp_1' }));
    pool.release(second, { headId: 'resp_stale' }); // not its lease any more
    expect(third.lane.owner).toBe(third);
    pool.release(third, { headId: undefined }); // a failed request evicted it
    expect(first.lane.headId).toBeUndefined();
  });

  it('a lane released with a head after the server closed its socket holds none', async () => {
    const pool = await setup();
    const lease = await pool.acquire(request());
    // The server closes the socket right after the terminal event, while the turn still records
    // its chain head: the pool has already forgotten the socket's lanes when the lease comes back.
    harness.server.sockets[0].close(1000, 'bye');
    await vi.waitFor(() => expect(lease.connection.state).toBe('closed'));
    pool.release(lease, { headId: 'resp_1' });
    // Nothing indexes the dead socket (an entry would keep it reachable for good).
    expect(lease.lane.headId).toBeUndefined();
    expect(pool.stats()).toEqual({ open: 0, idle: 0, busy: 0, queued: 0, inFlight: 0 });
  });

  it("a call without a chain of its own opens a socket rather than take another chain's", async () => {
    const pool = await setup({ maxSockets: 2 });
    const a = await pool.acquire(request());
    pool.release(a, { headId: 'resp_a' });
    // The idle socket holds resp_a: taking it would cost that conversation its next delta.
    const b = await pool.acquire(request());
    expect(b.connection).not.toBe(a.connection);
    expect(b.reused).toBe(false);
    pool.release(b, { headId: undefined }); // its request failed: the socket holds no chain
    // An idle socket that holds no chain is taken before any other.
    const c = await pool.acquire(request());
    expect(c.connection).toBe(b.connection);
    pool.release(c, { headId: 'resp_c' });
    // At maxSockets the least recently used chain goes (resp_a's socket, released first).
    const d = await pool.acquire(request());
    expect(d.connection).toBe(a.connection);
    expect(a.lane.headId).toBe('resp_a');
    pool.release(d, { headId: 'resp_d' });
    expect(harness.server.upgrades).toHaveLength(2);
  });

  it('lanes off, beyond maxIdleSockets idle sockets a new chain takes the least recently used', async () => {
    const pool = await setup({ maxIdleSockets: 2 });
    const [a, b] = await Promise.all([pool.acquire(request()), pool.acquire(request())]);
    pool.release(a, { headId: 'resp_a' });
    pool.release(b, { headId: 'resp_b' });
    // Calls that each start a conversation reuse the idle sockets rather than open one each.
    for (let call = 0; call < 3; call++) {
      const lease = await pool.acquire(request());
      expect(lease.reused).toBe(true);
      expect([a.connection, b.connection]).toContain(lease.connection);
      pool.release(lease, { headId: `resp_${call}` });
    }
    expect(harness.server.upgrades).toHaveLength(2);
  });

  it('fresh opens a new socket although one is idle; avoid skips the sockets named', async () => {
    const pool = await setup();
    const first = await pool.acquire(request());
    pool.release(first);
    const fresh = await pool.acquire(request({ freshSince: Date.now() }));
    expect(fresh.reused).toBe(false);
    pool.release(fresh);
    const other = await pool.acquire(request({ avoid: new Set([first.connection.id]) }));
    expect(other.connection).toBe(fresh.connection);
  });

  it('beyond maxSockets a call waits in the queue until a socket is released', async () => {
    const pool = await setup({ maxSockets: 1 });
    const first = await pool.acquire(request());
    const waiting = pool.acquire(request());
    await vi.waitFor(() => expect(pool.stats().queued).toBe(1));
    pool.release(first);
    const second = await waiting;
    expect(second.connection).toBe(first.connection);
    expect(pool.stats()).toMatchObject({ open: 1, queued: 0 });
  });

  it('a queued call fails after queueTimeoutMs; one over maxQueuedCalls fails at once', async () => {
    const pool = await setup({ maxSockets: 1, queueTimeoutMs: 100, maxQueuedCalls: 1 });
    await pool.acquire(request());
    const waiting = rejection(pool.acquire(request()));
    await vi.waitFor(() => expect(pool.stats().queued).toBe(1));
    const full = await rejection(pool.acquire(request()));
    expect(full).toBeInstanceOf(PoolError);
    expect((full as PoolError).kind).toBe('queue-full');
    const timedOut = await waiting;
    expect((timedOut as PoolError).kind).toBe('queue-timeout');
    expect(pool.stats().queued).toBe(0);
  });

  it('an abort while queued rejects with its reason and leaves the queue', async () => {
    const pool = await setup({ maxSockets: 1 });
    await pool.acquire(request());
    const controller = new AbortController();
    const waiting = rejection(pool.acquire(request({ signal: controller.signal })));
    await vi.waitFor(() => expect(pool.stats().queued).toBe(1));
    const reason = new Error('user left');
    controller.abort(reason);
    expect(await waiting).toBe(reason);
    expect(pool.stats().queued).toBe(0);
  });

  it('a queued call woken by a release but aborted before it resumed passes the wake-up on', async () => {
    const pool = await setup({ maxSockets: 1, queueTimeoutMs: 60_000 });
    const holder = await pool.acquire(request());
    const controller = new AbortController();
    const first = rejection(pool.acquire(request({ signal: controller.signal })));
    const second = pool.acquire(request());
    await vi.waitFor(() => expect(pool.stats().queued).toBe(2));
    // The release wakes the first waiter; its caller gives up in the same turn, before it resumed.
    pool.release(holder);
    const reason = new Error('gave up');
    controller.abort(reason);
    expect(await first).toBe(reason);
    // The second waiter gets the idle socket now, long before its queue deadline.
    await vi.waitFor(() => expect(pool.stats()).toMatchObject({ queued: 0, idle: 0, busy: 1 }));
    expect((await second).connection).toBe(holder.connection);
  });

  it('close() closes every socket and fails queued calls; the pool works again afterwards', async () => {
    const pool = await setup({ maxSockets: 1 });
    await pool.acquire(request());
    const waiting = rejection(pool.acquire(request()));
    await vi.waitFor(() => expect(pool.stats().queued).toBe(1));
    await pool.close();
    expect(((await waiting) as PoolError).kind).toBe('pool-closed');
    await vi.waitFor(() => expect(harness.server.open()).toBe(0));
    expect(pool.stats()).toEqual({ open: 0, idle: 0, busy: 0, queued: 0, inFlight: 0 });
    const again = await pool.acquire(request());
    expect(again.reused).toBe(false);
  });

  it('a call begun before close() fails at its next acquire, without opening a socket', async () => {
    const pool = await setup();
    const generation = pool.generation;
    await pool.close();
    const failed = await rejection(pool.acquire(request({ generation })));
    expect((failed as PoolError).kind).toBe('pool-closed');
    expect(harness.server.upgrades).toHaveLength(0);
    // A call begun since carries on.
    const lease = await pool.acquire(request({ generation: pool.generation }));
    expect(lease.reused).toBe(false);
  });

  it('keeps at most maxIdleSockets idle, closing the least recently used', async () => {
    const pool = await setup({ maxIdleSockets: 1 });
    const [a, b] = await Promise.all([pool.acquire(request()), pool.acquire(request())]);
    pool.release(a);
    pool.release(b);
    expect(a.connection.usable).toBe(false);
    expect(b.connection.usable).toBe(true);
    await vi.waitFor(() => expect(harness.server.open()).toBe(1));
  });

  it('does not hand out a socket past its age limit', async () => {
    const pool = await setup({ maxSocketAgeMs: 50 });
    const first = await pool.acquire(request());
    pool.release(first);
    await vi.waitFor(() => expect(Date.now() - first.connection.openedAt).toBeGreaterThan(50));
    const next = await pool.acquire(request());
    expect(next.connection).not.toBe(first.connection);
    expect(first.connection.usable).toBe(false);
  });

  it('a failed upgrade frees its slot for the next call', async () => {
    const pool = await setup({ maxSockets: 1 });
    await harness.restartServer({ rejectWith: 403 });
    const failed = await rejection(pool.acquire(request()));
    expect((failed as Error).message).toMatch(/HTTP 403/);
    expect(pool.stats().open).toBe(0);
  });

  it('runs its idle sweep only while it has sockets, and sweeps again once one opens', async () => {
    // The sweep's period is half the idle timeout: 120 ms here, which nothing else uses.
    const created: unknown[] = [];
    const cleared: unknown[] = [];
    const realSetInterval = globalThis.setInterval;
    const realClearInterval = globalThis.clearInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms?: number) => {
      const handle = realSetInterval(fn, ms);
      if (ms === 120) created.push(handle);
      return handle;
    }) as typeof setInterval);
    vi.spyOn(globalThis, 'clearInterval').mockImplementation((handle) => {
      if (handle !== undefined && created.includes(handle)) cleared.push(handle);
      realClearInterval(handle);
    });
    try {
      const pool = await setup({ idleTimeoutMs: 240 });
      expect(created).toHaveLength(0);
      const [a, b] = await Promise.all([
        pool.acquire(request()),
        pool.acquire(request({ scope: 'scope-b' })),
      ]);
      expect(created).toHaveLength(1);
      pool.release(a);
      pool.release(b);
      // The sweep closes both idle sockets, and stops with the last.
      await vi.waitFor(() => expect(pool.stats().open).toBe(0), { timeout: 3_000 });
      expect(cleared).toEqual(created);
      pool.release(await pool.acquire(request()));
      expect(created).toHaveLength(2);
      await vi.waitFor(() => expect(harness.server.open()).toBe(0), { timeout: 3_000 });
      expect(cleared).toEqual(created);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
