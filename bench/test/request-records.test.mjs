import { describe, expect, it } from 'vitest';
import { continuationSources, countBy, laneUsage } from '../lib/request-records.mjs';

const request = (fields) => ({
  previousResponseId: null,
  parentSource: null,
  socketId: 1,
  streamId: null,
  inFlight: 1,
  queuedFor: null,
  ...fields,
});

describe('request records', () => {
  it('counts where continuations found their parent, and the ones sent in full', () => {
    const requests = [
      request({}),
      request({ previousResponseId: 'resp_1', parentSource: 'socket-cache' }),
      request({ previousResponseId: 'resp_2', parentSource: 'store' }),
      // A full resend: no previous_response_id, indistinguishable from a first call here.
      request({}),
      request({ previousResponseId: 'resp_3', parentSource: 'socket-cache' }),
    ];
    expect(continuationSources(requests, 4)).toEqual({
      continuations: 4,
      socketCache: 2,
      store: 1,
      full: 1,
    });
  });

  it('counts lanes per socket, the most in flight, and queued requests', () => {
    const requests = [
      request({ socketId: 1, streamId: 'lane-1', inFlight: 1 }),
      request({ socketId: 1, streamId: 'lane-2', inFlight: 2 }),
      request({ socketId: 1, streamId: 'lane-1', inFlight: 2, queuedFor: 'lane' }),
      request({ socketId: 2, streamId: 'lane-1', inFlight: 1 }),
      request({ socketId: 3, streamId: null, inFlight: 1, queuedFor: 'connection' }),
    ];
    expect(laneUsage(requests)).toEqual({ lanes: 4, maxInFlight: 2, queued: 2 });
  });

  it('counts values in first-seen order and leaves out missing ones', () => {
    const counts = countBy(['b', null, 'a', 'b', undefined]);
    expect(counts).toEqual({ b: 2, a: 1 });
    expect(Object.keys(counts)).toEqual(['b', 'a']);
  });
});
