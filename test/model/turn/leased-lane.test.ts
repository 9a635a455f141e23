import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { EventQueue } from '../../../src/model/turn/event-queue';
import { LeasedLane } from '../../../src/model/turn/leased-lane';
import { usePool } from '../../pool/use-pool';

/*
 * A turn's lane from its frame to its one disposition, over a real pool and a bare socket server
 * that sends exactly the events each case needs (with the lane's stream_id).
 */

const harness = usePool({ lanes: 4 });

/** A leased lane whose frame went out; `send` answers on its lane from the server side. */
async function started(drainTimeoutMs = 10_000, lanes?: number) {
  let peer: WebSocket | undefined;
  const pool = await harness.setup(lanes === undefined ? {} : { lanes }, {
    onFrame: (socket) => {
      peer = socket;
    },
  });
  const lease = await pool.acquire(harness.request());
  const leased = new LeasedLane(pool, lease, drainTimeoutMs);
  const queue = new EventQueue();
  leased.start(JSON.stringify({ type: 'response.create', stream_id: lease.lane.streamId }), queue);
  await vi.waitFor(() => expect(peer).toBeDefined());
  const send = (type: string, extra: Record<string, unknown> = {}) =>
    peer?.send(JSON.stringify({ type, stream_id: lease.lane.streamId, ...extra }));
  return { pool, lease, leased, queue, send };
}

/** Waits until `count` events have reached the turn's queue (reading them). */
async function arrived(queue: EventQueue, count: number) {
  for (let i = 0; i < count; i++) {
    await vi.waitFor(async () => expect((await queue.next(0)).kind).toBe('event'));
  }
}

describe('LeasedLane', () => {
  it('abandoned mid-response: its events are dropped until the terminal event, then the lane is free without a chain', async () => {
    const { pool, lease, leased, queue, send } = await started();
    lease.lane.headId = 'resp_old';
    send('response.created');
    await arrived(queue, 1);
    leased.abandon('the caller stopped');
    send('response.output_text.delta', { delta: 'late' });
    expect(pool.stats().inFlight).toBe(1); // busy until its response has ended
    send('response.completed');
    await vi.waitFor(() => expect(pool.stats().inFlight).toBe(0));
    expect(lease.lane).toMatchObject({ headId: undefined, retired: false, free: true });
    expect(await queue.next(0)).toEqual({ kind: 'timeout' }); // nothing reached the turn
    expect(lease.connection.usable).toBe(true);
  });

  it('a response that already ended (its terminal event unread) frees the lane at once', async () => {
    const { pool, leased, queue, send } = await started();
    send('response.created');
    send('response.completed');
    await arrived(queue, 2);
    leased.stop('cancelled');
    expect(pool.stats().inFlight).toBe(0);
  });

  it('a late error after the terminal event does not reopen the response: the lane is free at once', async () => {
    const { pool, lease, leased, queue, send } = await started();
    send('response.created', { sequence_number: 0 });
    send('response.completed', { sequence_number: 1 });
    send('error', { code: 'server_error', sequence_number: 2 });
    await arrived(queue, 3);
    leased.stop('cancelled');
    expect(pool.stats().inFlight).toBe(0);
    expect(lease.lane.retired).toBe(false);
  });

  it('drained before its response.created: what is left over from the lane’s previous response does not end it', async () => {
    const { pool, lease, leased, queue, send } = await started();
    send('response.created', { sequence_number: 0 });
    send('response.completed', { sequence_number: 1 });
    await arrived(queue, 2);
    leased.release({ headId: 'resp_a' });
    const next = await pool.acquire(harness.request({ preferHeadId: 'resp_a' }));
    expect(next.lane).toBe(lease.lane);
    const drained = new LeasedLane(pool, next, 10_000);
    drained.start('{}', new EventQueue());
    // Another lane of the socket marks when the events sent before its own have arrived.
    const marker = await pool.acquire(harness.request());
    expect(marker.connection).toBe(lease.connection);
    const markerQueue = new EventQueue();
    new LeasedLane(pool, marker, 10_000).start('{}', markerQueue);
    drained.stop('aborted');
    send('response.completed', { sequence_number: 2 }); // the previous response's, again
    send('response.created', { sequence_number: 0 });
    harness.server.sockets[0].send(
      JSON.stringify({ type: 'response.created', stream_id: marker.lane.streamId }),
    );
    await arrived(markerQueue, 1);
    expect(pool.stats().inFlight).toBe(2); // the drained lane waits for its own terminal event
    send('response.completed', { sequence_number: 1 });
    await vi.waitFor(() => expect(pool.stats().inFlight).toBe(1));
    expect(lease.lane).toMatchObject({ retired: false, free: true });
  });

  it('a lane’s first response takes every event as its own: nothing ran before it to leave one over', async () => {
    const { queue, send } = await started();
    send('error', { code: 'server_error', sequence_number: 2 });
    expect(await queue.next(5_000)).toMatchObject({ kind: 'event', event: { sequence_number: 2 } });
  });

  it('an error before anything else refused the request: nothing follows, the lane is free at once', async () => {
    const { pool, leased, queue, send } = await started();
    send('error', { status: 400, error: { code: 'previous_response_not_found' } });
    await arrived(queue, 1);
    leased.abandon('request failed');
    expect(pool.stats().inFlight).toBe(0);
  });

  it('an error mid-response waits for the terminal event that may follow it', async () => {
    const { pool, lease, leased, queue, send } = await started();
    send('response.created');
    send('error', { code: 'server_error', sequence_number: 1 });
    await arrived(queue, 2);
    leased.abandon('error event');
    send('response.failed');
    await vi.waitFor(() => expect(pool.stats().inFlight).toBe(0));
    expect(lease.lane.retired).toBe(false);
  });

  it('an error mid-response with no terminal event after it: the lane is retired, the socket carries on', async () => {
    const { pool, lease, leased, queue, send } = await started();
    send('response.created');
    send('error', { code: 'server_error', sequence_number: 1 });
    await arrived(queue, 2);
    leased.abandon('error event');
    await vi.waitFor(() => expect(lease.lane.retired).toBe(true), { timeout: 5_000 });
    expect(pool.stats().inFlight).toBe(0);
    expect(lease.connection.usable).toBe(true);
    // A late event of the retired lane reaches no one and does not harm the socket.
    send('response.failed');
    const next = await pool.acquire(harness.request());
    expect(next.lane).not.toBe(lease.lane);
    expect(next.connection).toBe(lease.connection);
  });

  it('an error mid-response: the lane holds no head while it drains, so no call forks the parent the server evicted', async () => {
    let peer: WebSocket | undefined;
    const pool = await harness.setup(
      {},
      {
        onFrame: (socket) => {
          peer = socket;
        },
      },
    );
    // The lane's cache holds the parent (an earlier turn's response).
    pool.release(await pool.acquire(harness.request()), { headId: 'resp_parent' });
    const lease = await pool.acquire(harness.request({ preferHeadId: 'resp_parent' }));
    const leased = new LeasedLane(pool, lease, 10_000);
    const queue = new EventQueue();
    leased.start(
      JSON.stringify({ type: 'response.create', stream_id: lease.lane.streamId }),
      queue,
    );
    await vi.waitFor(() => expect(peer).toBeDefined());
    const send = (type: string, extra: Record<string, unknown> = {}) =>
      peer?.send(JSON.stringify({ type, stream_id: lease.lane.streamId, ...extra }));
    send('response.created');
    send('error', { code: 'server_error', sequence_number: 1 });
    await arrived(queue, 2);
    leased.abandon('error event');
    expect(pool.sizes().indexedHeads).toBe(0);
    // A retry of the conversation meanwhile (the AI SDK's stream retry) takes another lane, and
    // is not told to fork the parent from the draining one.
    const retry = await pool.acquire(harness.request({ preferHeadId: 'resp_parent' }));
    expect(retry.lane).not.toBe(lease.lane);
    expect(retry.forkFrom).toBeUndefined();
    pool.release(retry);
    send('response.failed');
    await vi.waitFor(() => expect(pool.stats().inFlight).toBe(0));
  });

  it('a drained response that never ends retires the lane after the drain deadline', async () => {
    const { pool, lease, leased } = await started(100);
    leased.stop('aborted');
    await vi.waitFor(() => expect(lease.lane.retired).toBe(true));
    expect(pool.stats().inFlight).toBe(0);
  });

  it('a socket failure during the drain frees the lane', async () => {
    const { pool, lease, leased } = await started();
    leased.stop('aborted');
    lease.connection.close('provider closed');
    expect(pool.stats().inFlight).toBe(0);
    expect(lease.lane.retired).toBe(false);
  });

  it('with lanes off, a response that already ended (its terminal event unread) keeps its socket', async () => {
    const { pool, lease, leased, queue, send } = await started(10_000, 0);
    send('response.created');
    send('response.completed');
    await arrived(queue, 2);
    leased.stop('aborted');
    expect(lease.connection.usable).toBe(true);
    expect(lease.connection.failure).toBeUndefined();
    expect(pool.stats()).toMatchObject({ open: 1, inFlight: 0 });
  });

  it('with lanes off, stop terminates the socket (it carries nothing else)', async () => {
    const pool = await harness.setup({ lanes: 0 });
    const lease = await pool.acquire(harness.request());
    const leased = new LeasedLane(pool, lease, 10_000);
    leased.start('{}', new EventQueue());
    leased.stop('aborted');
    expect(lease.connection.failure).toEqual({ kind: 'closed-by-client', reason: 'aborted' });
    expect(pool.stats()).toMatchObject({ open: 0, inFlight: 0 });
  });
});
