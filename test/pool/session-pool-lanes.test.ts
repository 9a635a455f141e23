import { describe, expect, it, vi } from 'vitest';
import type { AcquireRequest, Lease } from '../../src/pool/lease';
import type { SessionPool } from '../../src/pool/session-pool';
import { usePool } from './use-pool';

const harness = usePool({ lanes: 32 });
const { setup, request } = harness;

const acquireMany = (pool: SessionPool, count: number, overrides: Partial<AcquireRequest> = {}) =>
  Promise.all(Array.from({ length: count }, () => pool.acquire(request(overrides))));

const where = (lease: Lease) => `${lease.connection.id}/${lease.lane.streamId}`;

describe('SessionPool with lanes', () => {
  it('shares one opening socket among concurrent calls, one lane each, up to 16 in flight', async () => {
    const pool = await setup({ maxSockets: 3 });
    const leases = await acquireMany(pool, 20);
    expect(harness.server.upgrades).toHaveLength(2);
    const [first, second] = [leases[0].connection, leases[16].connection];
    expect(leases.slice(0, 16).every((lease) => lease.connection === first)).toBe(true);
    expect(leases.slice(16).every((lease) => lease.connection === second)).toBe(true);
    expect(new Set(leases.map(where)).size).toBe(20);
    expect(leases.slice(0, 16).map((lease) => lease.lane.streamId)).toEqual(
      Array.from({ length: 16 }, (_, i) => `lane-${i + 1}`),
    );
    expect(leases.every((lease) => !lease.reused)).toBe(true);
    expect(pool.stats()).toMatchObject({ open: 2, busy: 2, inFlight: 20 });
  });

  it('with fewer lanes than 16, a socket carries that many responses at once', async () => {
    const pool = await setup({ lanes: 2, maxSockets: 3 });
    const leases = await acquireMany(pool, 5);
    expect(new Set(leases.map((lease) => lease.connection)).size).toBe(3);
    expect(leases.map((lease) => lease.lane.streamId)).toEqual([
      'lane-1',
      'lane-2',
      'lane-1',
      'lane-2',
      'lane-1',
    ]);
  });

  it('a continuation gets the lane that holds its head, on a reused socket', async () => {
    const pool = await setup();
    const [a, b] = await acquireMany(pool, 2);
    pool.release(a, { headId: 'resp_a' });
    pool.release(b, { headId: 'resp_b' });
    const next = await pool.acquire(request({ preferHeadId: 'resp_b' }));
    expect(next.lane).toBe(b.lane);
    expect(next).toMatchObject({ reused: true, forkFrom: undefined });
  });

  it('a new conversation takes a lane that holds no chain, and never another conversation’s', async () => {
    const pool = await setup();
    const [a, b] = await acquireMany(pool, 2);
    pool.release(a, { headId: 'resp_a' });
    pool.release(b, { headId: 'resp_b' });
    const fresh = await pool.acquire(request());
    expect(fresh.lane.streamId).toBe('lane-3');
    expect([a.lane.headId, b.lane.headId]).toEqual(['resp_a', 'resp_b']);
  });

  it('a continuation whose socket already has 16 responses in flight goes to another socket, and its lane keeps the chain', async () => {
    const pool = await setup({ maxSockets: 3 });
    const leases = await acquireMany(pool, 16);
    const [own] = leases;
    pool.release(own, { headId: 'resp_own' });
    // A new conversation takes the slot the released call left: the socket is full again.
    const other = await pool.acquire(request());
    expect(other.connection).toBe(own.connection);
    expect(other.lane).not.toBe(own.lane);
    expect(own.connection.inFlight).toBe(16);

    const next = await pool.acquire(request({ preferHeadId: 'resp_own' }));
    expect(next.connection).not.toBe(own.connection);
    expect(next).toMatchObject({ reused: false, forkFrom: undefined });
    expect(own.lane.headId).toBe('resp_own');
    expect(harness.server.upgrades).toHaveLength(2);

    // Once a slot is free again, the conversation continues on its own lane.
    pool.release(next);
    pool.release(other, { headId: 'resp_other' });
    const back = await pool.acquire(request({ preferHeadId: 'resp_own' }));
    expect(back.lane).toBe(own.lane);
    expect(back.reused).toBe(true);
  });

  it('a double submit forks onto a free lane of the same socket, holding the source lane until endHold', async () => {
    const pool = await setup();
    const first = await pool.acquire(request());
    pool.release(first, { headId: 'resp_1' });
    const running = await pool.acquire(request({ preferHeadId: 'resp_1' }));
    expect(running.lane).toBe(first.lane);
    const fork = await pool.acquire(request({ preferHeadId: 'resp_1' }));
    expect(fork.connection).toBe(first.connection);
    expect(fork.lane).not.toBe(first.lane);
    expect(fork.forkFrom).toBe(first.lane);
    pool.release(running, { headId: undefined });
    // The source lane is free but held: no call may advance it before the fork started.
    expect(first.lane.free).toBe(false);
    pool.endHold(fork);
    expect(fork.forkFrom).toBeUndefined();
    expect(first.lane.free).toBe(true);
  });

  it('opens a new socket before it evicts a chain, and then evicts the least recently used one', async () => {
    const pool = await setup({ lanes: 2, maxSockets: 2 });
    const leases = await acquireMany(pool, 4);
    leases.forEach((lease, i) => {
      pool.release(lease, { headId: `resp_${i}` });
    });
    expect(harness.server.upgrades).toHaveLength(2);
    const evicting = await pool.acquire(request());
    expect(evicting.lane).toBe(leases[0].lane); // released first, so used least recently
    expect(harness.server.upgrades).toHaveLength(2);
    pool.release(evicting, { headId: 'resp_new' });
    expect(leases[0].lane.headId).toBe('resp_new');
    const continuation = await pool.acquire(request({ preferHeadId: 'resp_0' }));
    expect(continuation.forkFrom).toBeUndefined();
    expect(continuation.lane.headId).not.toBe('resp_0');
  });

  it('never names more lanes than configured: beyond them a call waits for one', async () => {
    const pool = await setup({ lanes: 3, maxSockets: 1 });
    const leases = await acquireMany(pool, 3);
    const waiting = pool.acquire(request());
    await vi.waitFor(() => expect(pool.stats().queued).toBe(1));
    pool.release(leases[1], { headId: 'resp_1' });
    const next = await waiting;
    expect(next.lane).toBe(leases[1].lane);
    expect(next.connection.lanes).toHaveLength(3);
  });

  it('a retired lane is never handed out again; its socket carries on', async () => {
    const pool = await setup({ lanes: 2, maxSockets: 1 });
    const [a, b] = await acquireMany(pool, 2);
    pool.retire(b);
    expect(b.lane).toMatchObject({ retired: true, free: false, owner: undefined });
    expect(pool.stats().inFlight).toBe(1);
    pool.release(a, { headId: 'resp_a' });
    const lease = await pool.acquire(request());
    expect(lease.lane).toBe(a.lane);
    expect(a.connection.usable).toBe(true);
  });

  it('a resend after a failure at time T takes only a socket opened since T', async () => {
    const pool = await setup({ maxSockets: 3 });
    const before = await pool.acquire(request());
    pool.release(before);
    const since = Date.now() + 1;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(since));
    const [one, two] = await acquireMany(pool, 2, { freshSince: since });
    expect(one.connection).not.toBe(before.connection);
    expect(two.connection).toBe(one.connection);
  });

  it('an abort while sharing an opening socket leaves it to the others', async () => {
    const pool = await setup();
    const controller = new AbortController();
    const opener = pool.acquire(request({ signal: controller.signal }));
    const sharer = pool.acquire(request());
    controller.abort(new Error('gone'));
    await expect(opener).rejects.toThrow('gone');
    const lease = await sharer;
    expect(lease.connection.usable).toBe(true);
    expect(pool.stats()).toMatchObject({ open: 1, inFlight: 1 });
  });

  it('an opening socket goes once every call sharing it aborted, the opener first', async () => {
    // An upgrade that hangs (a stuck proxy), with a connect deadline far away.
    const pool = await setup({ connectTimeoutMs: 60_000 }, { silentUpgrade: true });
    const [opener, sharer] = [new AbortController(), new AbortController()];
    const opening = pool.acquire(request({ signal: opener.signal }));
    const sharing = pool.acquire(request({ signal: sharer.signal }));
    await vi.waitFor(() => expect(pool.stats()).toMatchObject({ open: 1, inFlight: 2 }));
    opener.abort(new Error('opener gone'));
    await expect(opening).rejects.toThrow('opener gone');
    expect(pool.stats()).toMatchObject({ open: 1, inFlight: 1 }); // the sharer still waits
    sharer.abort(new Error('sharer gone'));
    await expect(sharing).rejects.toThrow('sharer gone');
    // Nobody waits for it: it does not linger (nor hold the process) until its connect deadline.
    expect(pool.stats()).toMatchObject({ open: 0, inFlight: 0 });
  });

  it('a socket past its age limit gets no new lane, and closes once its last lane is back', async () => {
    const pool = await setup({ maxSocketAgeMs: 60 });
    const [a, b] = await acquireMany(pool, 2);
    await vi.waitFor(() => expect(Date.now() - a.connection.openedAt).toBeGreaterThan(60));
    const other = await pool.acquire(request());
    expect(other.connection).not.toBe(a.connection);
    pool.release(a, { headId: 'resp_a' });
    expect(a.connection.usable).toBe(true); // b is still in flight on it
    pool.release(b, { headId: 'resp_b' });
    expect(a.connection.usable).toBe(false);
  });
});
